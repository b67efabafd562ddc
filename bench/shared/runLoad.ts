import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../shared/startWorker';
import type { LoadWorkerData, LoadWorkerMessage } from './loadWorker';

/** One HTTP request to fire again and again, and the body every answer must have. */
export type LoadTarget = {
  /** Row label in the results table. */
  name: string;
  /** Which implementation answers (`pg`, `rest`, `graphql`): selects targets and finds the baseline row. */
  kind: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The exact body of a correct answer; any other body counts as an error. */
  expectBody: string;
};

/** What one load run measured. */
export type LoadResult = {
  requestsPerSecond: number;
  /** Latency percentiles of the 2xx answers, milliseconds, to the microsecond; null when none came. */
  p50: number | null;
  p99: number | null;
  /** Connection errors, timeouts, non-2xx answers and unexpected bodies, which must all be 0. */
  failures: { errors: number; timeouts: number; non2xx: number; mismatches: number };
  /** Completed requests. */
  requests: number;
};

/** One run's result with what merging runs needs (mergeLoads): its length and every 2xx answer's time, ascending. */
export type TimedLoadResult = LoadResult & { seconds: number; latencies: Float64Array };

/**
 * A latency cell of a results table: milliseconds to the hundredth, or a dash when no 2xx answer came.
 * @example formatLatency(load.p50) // '12.34'
 */
export const formatLatency = (ms: number | null): string => (ms === null ? '—' : ms.toFixed(2));

/** The run in progress, so a signal handler can stop it. */
let running: Worker | undefined;

/**
 * Fires `target` from `connections` keep-alive connections for `seconds`. autocannon runs in a
 * worker thread so the load generator does not share the server's event loop (both live in this
 * process; on 2 cores they still share the CPUs with PostgreSQL).
 *
 * @param target the request and its expected answer
 * @param options connections and duration in seconds
 * @returns throughput, latency percentiles and every kind of failure
 * @example const result = await runLoad(target, { connections: 10, seconds: 10 })
 */
export function runLoad(
  target: LoadTarget,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<TimedLoadResult> {
  return new Promise((resolve, reject) => {
    const workerData: LoadWorkerData = {
      options: {
        url: target.url,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
        expectBody: target.expectBody,
      },
    };
    const worker = startWorker(require.resolve('./loadWorker'), { workerData });
    running = worker;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (running === worker) running = undefined;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: LoadWorkerMessage) =>
      settle(() =>
        'result' in message
          ? resolve(timed(message.result, message.latencies))
          : reject(new Error(`autocannon: ${message.error}`)),
      ),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the load worker exited (code ${code}) before its result`))),
    );
  });
}

/**
 * One result of several runs of a target (bursts taking turns with other targets'): requests,
 * failures and seconds added up, percentiles over every answer of every run.
 * @param runs the runs, at least one
 * @returns the whole's throughput, percentiles and failures
 * @example mergeLoads([await runLoad(target, { connections: 10, seconds: 2 }), await runLoad(target, { connections: 10, seconds: 2 })])
 */
export function mergeLoads(runs: readonly TimedLoadResult[]): TimedLoadResult {
  if (runs.length === 1) return runs[0]!;
  const latencies = new Float64Array(runs.reduce((sum, run) => sum + run.latencies.length, 0));
  let at = 0;
  for (const run of runs) {
    latencies.set(run.latencies, at);
    at += run.latencies.length;
  }
  const add = (pick: (failures: LoadResult['failures']) => number) =>
    runs.reduce((sum, run) => sum + pick(run.failures), 0);
  return timed(
    {
      seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
      requests: runs.reduce((sum, run) => sum + run.requests, 0),
      failures: {
        errors: add((f) => f.errors),
        timeouts: add((f) => f.timeouts),
        non2xx: add((f) => f.non2xx),
        mismatches: add((f) => f.mismatches),
      },
    },
    latencies.sort(),
  );
}

/** The result of `requests` in `seconds` with these answer times (ascending). */
function timed(
  run: Pick<TimedLoadResult, 'seconds' | 'requests' | 'failures'>,
  latencies: Float64Array,
): TimedLoadResult {
  // Nearest rank: the smallest time at least a share q of the answers took no longer than.
  const percentile = (q: number) =>
    latencies.length === 0 ? null : latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)]!;
  return {
    ...run,
    requestsPerSecond: run.seconds > 0 ? run.requests / run.seconds : 0,
    p50: percentile(0.5),
    p99: percentile(0.99),
    latencies,
  };
}

/**
 * Stops the load run in progress, if any (its promise then resolves with what it measured).
 * @example process.once('SIGINT', stopLoad)
 */
export function stopLoad(): void {
  running?.postMessage('stop');
}

/**
 * A target's answer once, which must be 200: the body the load then expects.
 * @throws {Error} naming the target, on any other status
 * @example const body = await fetchOk(target)
 */
export async function fetchOk(target: Omit<LoadTarget, 'expectBody'>): Promise<string> {
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status} ${body.slice(0, 300)}`);
  return body;
}

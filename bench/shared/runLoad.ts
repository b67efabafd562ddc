import autocannon from 'autocannon';

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
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors, timeouts, non-2xx answers and unexpected bodies, which must all be 0. */
  failures: { errors: number; timeouts: number; non2xx: number; mismatches: number };
  /** Completed requests. */
  requests: number;
};

/** The run in progress, so a signal handler can stop it. */
let running: autocannon.Instance | undefined;

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
export function runLoad(target: LoadTarget, { connections, seconds }: { connections: number; seconds: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    running = autocannon(
      {
        url: target.url,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
        workers: 1,
        expectBody: target.expectBody,
      },
      (error, result) => {
        running = undefined;
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, mismatches: result.mismatches },
          requests: result.requests.total,
        });
      },
    );
  });
}

/**
 * Stops the load run in progress, if any (its promise then resolves with what it measured).
 * @example process.once('SIGINT', stopLoad)
 */
export function stopLoad(): void {
  running?.stop();
}

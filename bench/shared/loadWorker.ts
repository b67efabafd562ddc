// The worker thread of runLoad (runLoad.ts): one autocannon run, answered with its counts and the
// time of every 2xx answer, ascending.
// autocannon's own percentiles count whole milliseconds (its histogram's unit), which made a
// floor's median of 0.9 ms read 0 and one of 2.9 ms read 2; each answer's time comes with its
// `response` event as a fraction of a millisecond, so the percentiles are taken from those (by the
// parent, which may merge several runs: mergeLoads).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/** What runLoad hands the worker. */
export type LoadWorkerData = { options: autocannon.Options };

/** What the worker posts once: the run's counts and answer times, or why it failed. */
export type LoadWorkerMessage =
  | {
      result: {
        seconds: number;
        failures: { errors: number; timeouts: number; non2xx: number; mismatches: number };
        requests: number;
      };
      latencies: Float64Array;
    }
  | { error: string };

const port = parentPort!;
const { options } = workerData as LoadWorkerData;
let latencies = new Float64Array(1 << 16);
let count = 0;
const instance = autocannon(options, (error, result) => {
  if (error) return port.postMessage({ error: error.message || String(error) } satisfies LoadWorkerMessage);
  const sorted = latencies.subarray(0, count).sort();
  const message: LoadWorkerMessage = {
    result: {
      seconds: result.duration,
      failures: {
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        mismatches: result.mismatches,
      },
      requests: result.totalCompletedRequests,
    },
    latencies: sorted,
  };
  port.postMessage(message, [sorted.buffer]);
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 200 || statusCode > 299) return;
  if (count === latencies.length) {
    const grown = new Float64Array(count * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[count++] = responseTime;
});
port.on('message', (message: unknown) => {
  if (message === 'stop') instance.stop();
});

// autocannon 9 ships no types and there is no @types package; these are the parts the benches use.
declare module 'autocannon' {
  namespace autocannon {
    /** Options of one run (README "autocannon(opts[, cb])"). */
    interface Options {
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      /** Concurrent connections (divided among `workers`). @default 10 */
      connections?: number;
      /** Seconds. @default 10 */
      duration?: number;
      /** Requests to send in all (divided among the connections); set, it ends the run instead of `duration`. */
      amount?: number;
      /** Seconds to wait for a response before counting a timeout. @default 10 */
      timeout?: number;
      /** Worker threads firing the requests; unset: the calling thread. */
      workers?: number;
      /** Every response body must equal this string, or it counts as a mismatch. */
      expectBody?: string;
      /** Requests each connection sends in turn, over `method`/`body`/`headers` (paths relative to `url`). */
      requests?: { method?: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
    }

    /** Percentiles of one histogram (latency in ms, requests and bytes per second). */
    interface Histogram {
      average: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      [percentile: string]: number;
    }

    interface Result {
      /** Seconds the run lasted. */
      duration: number;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      /** Requests answered, whatever the answer. */
      totalCompletedRequests: number;
    }

    interface Instance {
      stop(): void;
      /** Each answer: its status, size and time in milliseconds (with a fraction). */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
      ): Instance;
    }
  }

  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}

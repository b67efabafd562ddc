// JSON-RPC over HTTP to one or more node URLs: batches, a timeout per request, retries with
// exponential backoff (429 honours Retry-After), and answers checked before anyone reads them.
import { MalformedAnswerError, NodeError, NodeCallError, redactUrl } from './rpcErrors';

/** One call of a batch. */
export type RpcCall = { method: string; params: unknown[] };

/** A call's outcome inside a batch: its result, or the node's error for that call alone. */
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: NodeError };

/** Options of {@link createRpcClient}. */
export type RpcClientOptions = {
  /** Node URLs; a failed request moves to the next one. */
  urls: readonly string[];
  /** Bound on one HTTP request. @default 30000 */
  timeoutMs?: number;
  /** Attempts of a retryable failure before giving up. @default 6 */
  attempts?: number;
  /** First backoff; doubled each attempt, capped at 30 s, with jitter. @default 250 */
  backoffMs?: number;
  /** Most calls in one HTTP batch. @default 100 */
  maxBatch?: number;
  /** Send JSON arrays (batches). avalanchego's gorilla endpoints (/ext/bc/P, /ext/bc/X, /ext/index) refuse
   * them, so with false every call is its own request of one envelope. @default true */
  batches?: boolean;
  /** Told each retry (the indexer logs it). */
  onRetry?: (info: { url: string; attempt: number; delayMs: number; error: NodeCallError }) => void;
  /** For tests. @default globalThis.fetch */
  fetch?: typeof fetch;
};

/** A node client. */
export type RpcClient = {
  /** One call; a node error throws {@link NodeError}. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Several calls, sent in batches of `maxBatch`; each outcome in the order of `calls`. */
  batch(calls: readonly RpcCall[]): Promise<RpcOutcome[]>;
};

type Envelope = { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a JSON-RPC client.
 * @param options URLs, timeout, retries, batch size
 * @returns the client
 * @example
 * const rpc = createRpcClient({ urls: ['http://127.0.0.1:8545'] })
 * const head = await rpc.call<string>('eth_blockNumber')
 */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  if (options.urls.length === 0) throw new Error('createRpcClient: at least one URL is needed');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 250;
  const maxBatch = options.batches === false ? 1 : (options.maxBatch ?? 100);
  const batches = options.batches !== false;
  const doFetch = options.fetch ?? globalThis.fetch;
  let current = 0;
  let nextId = 1;

  /** One HTTP request with its body; returns the parsed envelopes, or throws a NodeCallError. */
  async function post(url: string, body: unknown, label: string): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError';
      throw new NodeCallError(
        timedOut ? 'TIMEOUT' : 'UNREACHABLE',
        `${label}: ${timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach the node (${(error as Error).message})`} at ${redactUrl(url)}`,
        true,
        { cause: error },
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status === 429) {
      const after = Number(response.headers.get('retry-after'));
      const retryAfterMs = Number.isFinite(after) && after > 0 ? after * 1000 : undefined;
      throw new NodeCallError('RATE_LIMITED', `${label}: rate limited (HTTP 429) by ${redactUrl(url)}`, true, {
        retryAfterMs,
      });
    }
    if (!response.ok && !text.startsWith('{') && !text.startsWith('[')) {
      throw new NodeCallError(
        'HTTP_STATUS',
        `${label}: HTTP ${response.status} from ${redactUrl(url)}: ${text.slice(0, 200)}`,
        response.status >= 500,
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new MalformedAnswerError(
        label,
        `not JSON (HTTP ${response.status}): ${JSON.stringify(text.slice(0, 120))}`,
      );
    }
  }

  async function withRetries<T>(label: string, attempt: (url: string) => Promise<T>): Promise<T> {
    for (let n = 1; ; n++) {
      const url = options.urls[current % options.urls.length]!;
      try {
        return await attempt(url);
      } catch (error) {
        const rpcError =
          error instanceof NodeCallError
            ? error
            : new NodeCallError('UNEXPECTED', `${label}: ${(error as Error).message}`, false, { cause: error });
        if (!rpcError.retryable || n >= attempts) throw rpcError;
        current++; // the next attempt goes to the next URL, when there are several
        const delayMs =
          rpcError.retryAfterMs ?? Math.min(30_000, backoffMs * 2 ** (n - 1)) * (0.75 + Math.random() / 2);
        options.onRetry?.({ url: redactUrl(url), attempt: n, delayMs: Math.round(delayMs), error: rpcError });
        await sleep(delayMs);
      }
    }
  }

  function outcomeOf(method: string, envelope: Envelope): RpcOutcome {
    if (envelope.error !== undefined && envelope.error !== null) {
      const code = typeof envelope.error.code === 'number' ? envelope.error.code : 0;
      const message =
        typeof envelope.error.message === 'string' ? envelope.error.message : JSON.stringify(envelope.error);
      return { ok: false, error: new NodeError(method, code, message) };
    }
    if (!('result' in envelope)) throw new MalformedAnswerError(method, 'neither result nor error');
    return { ok: true, result: envelope.result };
  }

  async function sendChunk(calls: readonly RpcCall[]): Promise<RpcOutcome[]> {
    const label = calls.length === 1 ? calls[0]!.method : `batch of ${calls.length} (${calls[0]!.method}, ...)`;
    return withRetries(label, async (url) => {
      const ids = calls.map(() => nextId++);
      const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params }));
      const posted = await post(url, batches ? body : body[0], label);
      const answer = batches || Array.isArray(posted) ? posted : [posted];
      // Some nodes answer a whole batch with one error object (e.g. a batch limit).
      if (!Array.isArray(answer)) {
        if (answer && typeof answer === 'object' && 'error' in answer) {
          const outcome = outcomeOf(label, answer as Envelope);
          if (!outcome.ok) throw new NodeError(label, outcome.error.rpcCode, outcome.error.message);
        }
        throw new MalformedAnswerError(label, 'a batch was not answered with an array');
      }
      const byId = new Map<unknown, Envelope>();
      for (const item of answer)
        if (item && typeof item === 'object') byId.set((item as Envelope).id, item as Envelope);
      return calls.map((c, i) => {
        const envelope = byId.get(ids[i]);
        if (!envelope) throw new MalformedAnswerError(c.method, `no answer for call ${i} of the batch`);
        const outcome = outcomeOf(c.method, envelope);
        // A rate-limit or transient error for one call of a batch: retry the batch.
        if (!outcome.ok && outcome.error.retryable) throw outcome.error;
        return outcome;
      });
    });
  }

  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const [outcome] = await sendChunk([{ method, params }]);
      if (!outcome!.ok) throw outcome!.error;
      return outcome!.result as T;
    },
    async batch(calls) {
      const chunks: Promise<RpcOutcome[]>[] = [];
      for (let i = 0; i < calls.length; i += maxBatch) chunks.push(sendChunk(calls.slice(i, i + maxBatch)));
      return (await Promise.all(chunks)).flat();
    },
  };
}

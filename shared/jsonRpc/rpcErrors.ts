// What can go wrong calling a node, as error classes with a stable code and whether a retry may help.
import { ServiceError } from '../errors';

/**
 * A JSON-RPC call to a node failed; `retryable` says whether the same call may succeed later. Not
 * to be confused with node-rpc's JsonRpcError (node-rpc/envelope/jsonRpcError.ts): an error this
 * service answers with.
 */
export class NodeCallError extends ServiceError {
  override name = 'NodeCallError';
  readonly code: string;
  /** How long the node asked to wait before the next call (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(code: string, message: string, retryable: boolean, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(message, { cause: options?.cause, retryable });
    this.code = code;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/**
 * The node answered something that is not the expected JSON-RPC shape (bad JSON, missing field,
 * not a hex quantity). Retryable: a load-balanced endpoint may answer well next time.
 * @example throw new MalformedAnswerError('eth_getBlockByNumber', 'block.hash is missing')
 */
export class MalformedAnswerError extends NodeCallError {
  override name = 'MalformedAnswerError';
  constructor(method: string, detail: string) {
    super('MALFORMED_ANSWER', `${method}: malformed answer from the node: ${detail}`, true);
  }
}

/**
 * The node answered a JSON-RPC error object. Not retryable unless it reads like a transient condition.
 * @example new NodeError('eth_getBlockReceipts', -32601, 'the method does not exist')
 */
export class NodeError extends NodeCallError {
  override name = 'NodeError';
  readonly rpcCode: number;
  constructor(method: string, rpcCode: number, message: string) {
    super(
      'NODE_ERROR',
      `${method}: node error ${rpcCode}: ${message}`,
      /timeout|rate|limit|busy|try again/i.test(message),
    );
    this.rpcCode = rpcCode;
  }
}

/**
 * A node URL fit for a log line: user and password, and query parameters named like keys or tokens, hidden.
 * @param url the URL
 * @returns it, redacted
 * @example redactUrl('https://user:pw@node/rpc?apikey=1') // 'https://***@node/rpc?apikey=***'
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '***';
      parsed.password = '';
    }
    for (const key of [...parsed.searchParams.keys()])
      if (/key|token|secret/i.test(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    return '<invalid url>';
  }
}

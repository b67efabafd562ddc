// What can go wrong talking to a node, as error classes with a stable code and whether a retry may help.

/** A JSON-RPC call failed; `retryable` says whether the same call may succeed later. */
export class RpcError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  constructor(code: string, message: string, retryable: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RpcError';
    this.code = code;
    this.retryable = retryable;
  }
}

/**
 * The node answered something that is not the expected JSON-RPC shape (bad JSON, missing field,
 * not a hex quantity). Retryable: a load-balanced endpoint may answer well next time.
 * @example throw new MalformedAnswerError('eth_getBlockByNumber', 'block.hash is missing')
 */
export class MalformedAnswerError extends RpcError {
  constructor(method: string, detail: string) {
    super('MALFORMED_ANSWER', `${method}: malformed answer from the node: ${detail}`, true);
    this.name = 'MalformedAnswerError';
  }
}

/**
 * The node answered a JSON-RPC error object. Not retryable unless it reads like a transient condition.
 * @example new NodeError('eth_getBlockReceipts', -32601, 'the method does not exist')
 */
export class NodeError extends RpcError {
  readonly rpcCode: number;
  constructor(method: string, rpcCode: number, message: string) {
    super('NODE_ERROR', `${method}: node error ${rpcCode}: ${message}`, /timeout|rate|limit|busy|try again/i.test(message));
    this.name = 'NodeError';
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
    for (const key of [...parsed.searchParams.keys()]) if (/key|token|secret/i.test(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    return '<invalid url>';
  }
}

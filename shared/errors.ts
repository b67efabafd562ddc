// The root of every error the service throws on purpose. Each error says whether trying the same
// thing again can help (`retryable`), and what a client is told when it reaches one: an HTTP
// status and a JSON-RPC code, read by one mapper (errorStatus.ts). Anything that is not a
// ServiceError is a bug or a library's failure: 500, or the node's default code -32000.
// This file imports nothing: every layer may throw these.

/** The JSON-RPC code of a method's plain `error` in the node (geth rpc/errors.go, gorilla json2). */
export const DEFAULT_JSON_RPC_CODE = -32000;

/** Options of {@link ServiceError}. */
export type ServiceErrorOptions = {
  /** The error this one explains. */
  cause?: unknown;
  /**
   * Whether the same attempt may succeed later: a node timeout, a reset connection, validators still
   * catching up. Bad input, a missing row or a broken configuration never are.
   * @default false
   */
  retryable?: boolean;
  /** The HTTP status a client is answered with. @default 500 */
  status?: number;
  /** The JSON-RPC code a client is answered with. @default -32000 */
  jsonRpcCode?: number;
};

/**
 * Base of the service's errors. Subclasses keep their own name (`override name`), so logs and
 * `error.name` say which rule broke.
 *
 * @example
 * class ChainNotFoundError extends ServiceError {
 *   override name = 'ChainNotFoundError';
 *   constructor(chainId: string) { super(`chain ${chainId} is not indexed`, { status: 404 }) }
 * }
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** True when the same attempt may succeed later. */
  readonly retryable: boolean;
  /** HTTP status of the answer that carries it. */
  readonly status: number;
  /** JSON-RPC code of the answer that carries it. */
  readonly jsonRpcCode: number;

  constructor(message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
    this.status = options.status ?? 500;
    this.jsonRpcCode = options.jsonRpcCode ?? DEFAULT_JSON_RPC_CODE;
  }
}

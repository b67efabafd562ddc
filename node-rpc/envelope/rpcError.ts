// JSON-RPC errors with the node's codes (geth rpc/errors.go; gorilla json2). A handler throws
// `RpcError`; any other error thrown by a method becomes the default code (-32000) with its message,
// as a Go method's plain `error` does.

/** A JSON-RPC error object to send. */
export class RpcError extends Error {
  /**
   * @param code JSON-RPC code (-32700 parse, -32600 invalid request, -32601 method not found,
   * -32602 invalid params, -32603 internal, -32000 the node's default, 3 execution reverted)
   * @param message the error's text, exactly as the node words it
   * @param data optional `data` member
   */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** Codes the node uses. */
export const RPC_CODES = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  server: -32000,
  timeout: -32002,
  responseTooLarge: -32003,
} as const;

/**
 * geth's method-not-found error.
 * @param method the requested method
 * @returns the error (-32601)
 * @example throw methodNotFound('eth_call')
 */
export function methodNotFound(method: string): RpcError {
  return new RpcError(RPC_CODES.methodNotFound, `the method ${method} does not exist/is not available`);
}

/**
 * geth's invalid-params error (argument decoding, arity).
 * @param message e.g. `invalid argument 0: hex string without 0x prefix`
 * @returns the error (-32602)
 * @example throw invalidParams('missing value for required argument 0')
 */
export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_CODES.invalidParams, message);
}

/**
 * A plain error of a method (the node's default code).
 * @param message the text
 * @returns the error (-32000)
 * @example throw serverError('cannot query unfinalized data')
 */
export function serverError(message: string): RpcError {
  return new RpcError(RPC_CODES.server, message);
}

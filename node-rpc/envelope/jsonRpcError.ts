// JSON-RPC errors with the node's codes (geth rpc/errors.go; gorilla json2). A handler throws
// `JsonRpcError`; any other error thrown by a method becomes the code the error maps to
// (shared/errorStatus.ts: -32000, the node's default, unless a ServiceError names another) with its
// message, as a Go method's plain `error` does.
import { jsonRpcCodeOf } from '../../shared/errorStatus';
import { ServiceError } from '../../shared/errors';

/**
 * A JSON-RPC error object this service answers with, as the node words it. Not to be confused
 * with the indexer's NodeCallError (shared/jsonRpc/rpcErrors.ts): a call this service made to a
 * node that failed.
 */
export class JsonRpcError extends ServiceError {
  override name = 'JsonRpcError';
  /**
   * @param code JSON-RPC code (-32700 parse, -32600 invalid request, -32601 method not found,
   * -32602 invalid params, -32603 internal, -32000 the node's default, 3 execution reverted)
   * @param message the error's text, exactly as the node words it
   * @param data optional `data` member
   */
  constructor(
    code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message, { jsonRpcCode: code });
  }
}

/**
 * The error object to answer for whatever a method threw.
 * @param error what the method threw
 * @returns it, when it is a JsonRpcError; else its mapped code and its message
 * @example envelope(id, asJsonRpcError(error))
 */
export function asJsonRpcError(error: unknown): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  return new JsonRpcError(jsonRpcCodeOf(error), error instanceof Error ? error.message : String(error));
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
export function methodNotFound(method: string): JsonRpcError {
  return new JsonRpcError(RPC_CODES.methodNotFound, `the method ${method} does not exist/is not available`);
}

/**
 * geth's invalid-params error (argument decoding, arity).
 * @param message e.g. `invalid argument 0: hex string without 0x prefix`
 * @returns the error (-32602)
 * @example throw invalidParams('missing value for required argument 0')
 */
export function invalidParams(message: string): JsonRpcError {
  return new JsonRpcError(RPC_CODES.invalidParams, message);
}

/**
 * A plain error of a method (the node's default code).
 * @param message the text
 * @returns the error (-32000)
 * @example throw serverError('cannot query unfinalized data')
 */
export function serverError(message: string): JsonRpcError {
  return new JsonRpcError(RPC_CODES.server, message);
}

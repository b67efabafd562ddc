// The one mapper from errors to what a client is told: the HTTP status (REST, GraphQL) and the
// JSON-RPC code (the node RPC). A ServiceError carries both; a GraphQL error, live or formatted,
// carries its status in `extensions.http.status` or its `extensions.code`.
import { STATUS_CODES } from 'node:http';
import { DEFAULT_JSON_RPC_CODE, ServiceError } from './errors';

/** Stable error codes, carried in `extensions.code` through subgraphs, gateway and REST. */
export const errorCodes = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
} as const;

/** An HTTP status of section 7 of the REST spec. */
export type ApiStatus = keyof typeof errorCodes;

/**
 * Status of GraphQL errors raised before any resolver runs (by Apollo Server and graphql-js), as
 * Apollo Server answers them. The persisted-query codes are not failures of the request: Apollo's
 * automatic-persisted-query protocol answers them 200, and clients then send the full query.
 */
const statusOfCode: Record<string, number> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  PERSISTED_QUERY_NOT_FOUND: 200,
  PERSISTED_QUERY_NOT_SUPPORTED: 200,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The HTTP status an error stands for: a ServiceError's `status`; a GraphQL error's
 * `extensions.http.status`, else its `extensions.code`; else 500.
 * @param error anything thrown, or a formatted GraphQL error
 * @returns its HTTP status
 * @example httpStatusOf({ message: 'x', extensions: { code: 'NOT_FOUND' } }) // 404
 */
export function httpStatusOf(error: unknown): number {
  if (error instanceof ServiceError) return error.status;
  const extensions = (error as { extensions?: Record<string, unknown> } | null | undefined)?.extensions;
  const http = extensions?.http as { status?: unknown } | undefined;
  if (typeof http?.status === 'number') return http.status;
  const code = extensions?.code;
  return (typeof code === 'string' && statusOfCode[code]) || 500;
}

/**
 * The JSON-RPC code an error is answered with: a ServiceError's `jsonRpcCode`, else the node's
 * code of a method's plain error (-32000).
 * @param error anything thrown
 * @returns its JSON-RPC code
 * @example jsonRpcCodeOf(new Error('boom')) // -32000
 */
export function jsonRpcCodeOf(error: unknown): number {
  return error instanceof ServiceError ? error.jsonRpcCode : DEFAULT_JSON_RPC_CODE;
}

/**
 * Whether an answer of this HTTP status may differ when asked again: rate limits and an unavailable
 * upstream or database pass; a client's mistake and a bug stay.
 * @param status an HTTP status
 * @returns true for 429, 502, 503 and 504
 * @example retryableStatus(503) // true
 */
export function retryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504;
}

/** Standard reason phrase of a status (`error` of the REST error body). */
export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

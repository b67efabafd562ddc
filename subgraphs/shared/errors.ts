import { GraphQLError } from 'graphql';
import { STATUS_CODES } from 'node:http';

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
 * An error a client is meant to see, with the HTTP status the REST facade answers with.
 * It is a GraphQLError so it crosses the gateway intact: the status travels in
 * `extensions.http.status` (read by sofa and Apollo Server) and `extensions.code`.
 *
 * @example throw new ApiError(400, 'pageSize must be between 1 and 100')
 */
export class ApiError extends GraphQLError {
  constructor(status: ApiStatus, message: string) {
    super(message, { extensions: { code: errorCodes[status], http: { status } } });
    this.name = 'ApiError';
  }
}

/** 400 Bad Request: the request breaks a rule of the spec. */
export class BadRequestError extends ApiError {
  constructor(message: string) {
    super(400, message);
    this.name = 'BadRequestError';
  }
}

/** 404 Not Found: the addressed resource does not exist. */
export class NotFoundError extends ApiError {
  constructor(message: string) {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

/** Standard reason phrase of a status (`error` of the error body). */
export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

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
 * The HTTP status a GraphQL error stands for: its `extensions.http.status`, else its code, else 500.
 * @param error a GraphQL error, or a formatted one
 * @returns its HTTP status
 * @example httpStatusOf({ message: 'x', extensions: { code: 'NOT_FOUND' } }) // 404
 */
export function httpStatusOf(error: { extensions?: Record<string, unknown> }): number {
  const http = error.extensions?.http as { status?: unknown } | undefined;
  if (typeof http?.status === 'number') return http.status;
  const code = error.extensions?.code;
  return (typeof code === 'string' && statusOfCode[code]) || 500;
}

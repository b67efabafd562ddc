import { GraphQLError } from 'graphql';
import { errorCodes, retryableStatus, type ApiStatus } from '../../shared/errorStatus';

// The errors a GraphQL client is meant to see. They stay GraphQLErrors, the one exception to the
// service's error base (shared/errors.ts): graphql-js keeps a scalar's error and Apollo Server a
// plugin's error only when it is `instanceof GraphQLError`, and replaces any other with its own
// message. They carry the same `retryable` and `status` as a ServiceError, and the mapper
// (shared/errorStatus.ts) reads their status from `extensions.http.status`.

/**
 * An error a client is meant to see, with the HTTP status the REST facade answers with.
 * It is a GraphQLError so it crosses the gateway intact: the status travels in
 * `extensions.http.status` (read by sofa and Apollo Server) and `extensions.code`.
 *
 * @example throw new ApiError(400, 'pageSize must be between 1 and 100')
 */
export class ApiError extends GraphQLError {
  /** True when the same request may succeed later (429, 502, 503). */
  readonly retryable: boolean;
  readonly status: ApiStatus;
  constructor(status: ApiStatus, message: string) {
    super(message, { extensions: { code: errorCodes[status], http: { status } } });
    // Assigned, not a class field: GraphQLError makes `name` non-enumerable, and a field would not be.
    this.name = 'ApiError';
    this.status = status;
    this.retryable = retryableStatus(status);
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

/**
 * A client's value that is not of the parameter's type. Its message is the broken rule alone
 * ("must be ..."): GraphQL prefixes the variable or literal, the REST facade names the query or
 * path parameter (rest-facade/restErrorMessage.ts).
 */
export class InvalidParameterError extends GraphQLError {
  readonly retryable = false;
  readonly status = 400;
  constructor(rule: string) {
    super(rule, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
    this.name = 'InvalidParameterError';
  }
}

import { httpStatusOf, reasonPhrase } from '../shared/errorStatus';

/** The error body of the REST spec (2.1, section 7). */
export type ErrorBody = { message: string; statusCode: number; error: string };

/**
 * The one error mapper of the REST facade: GraphQL errors (from sofa, the gateway or a subgraph)
 * or an HTTP status → the spec's `{message, statusCode, error}`. Several errors answer with the
 * most severe status and the messages joined.
 *
 * @example errorBody([{ message: 'pageSize must be at least 1', extensions: { code: 'BAD_REQUEST' } }])
 */
export function errorBody(errors: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>): ErrorBody {
  const statusCode = Math.max(...errors.map(httpStatusOf));
  const message = statusCode === 500 ? reasonPhrase(500) : errors.map((error) => error.message).join('; ');
  return { message, statusCode, error: reasonPhrase(statusCode) };
}

/**
 * An error body for a status raised outside GraphQL (unknown route, malformed URL).
 * @example statusBody(404, 'Cannot GET /v1/nothing')
 */
export function statusBody(statusCode: number, message: string): ErrorBody {
  return { message, statusCode, error: reasonPhrase(statusCode) };
}

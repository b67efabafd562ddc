import type { MiddlewareFn } from 'type-graphql';
import { ServiceError } from '../../shared/errors';
import { errorCodes, type ApiStatus } from '../../shared/errorStatus';
import { parseDbError } from './dbErrors';
import { ApiError } from './errors';

/**
 * A client's error thrown by a layer below the subgraphs (a ServiceError with a 4xx status of the
 * API, such as the webhook rules' 400, 403 and 404) as the ApiError of that status and message, which
 * crosses the gateway intact; undefined for any other error.
 * @example asApiError(new WebhookNotFoundError(id)) // ApiError 404
 */
export function asApiError(error: unknown): ApiError | undefined {
  if (!(error instanceof ServiceError) || error.status < 400 || error.status >= 500 || !(error.status in errorCodes))
    return undefined;
  return new ApiError(error.status as ApiStatus, error.message);
}

/**
 * type-graphql middleware run around every resolver of every subgraph: database errors leave as
 * the client-facing 400 or 503 of {@link parseDbError}, client errors of the layers below as their
 * ApiError ({@link asApiError}); everything else passes unchanged. (Reference resolvers are wrapped
 * the same way in buildFederatedSchema.ts.)
 */
export const mapResolverErrors: MiddlewareFn = async (_action, next) => {
  try {
    return await next();
  } catch (error) {
    throw parseDbError(error) ?? asApiError(error) ?? error;
  }
};

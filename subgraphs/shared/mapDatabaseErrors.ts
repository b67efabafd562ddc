import type { MiddlewareFn } from 'type-graphql';
import { parseDbError } from './dbErrors';

/**
 * type-graphql middleware run around every resolver of every subgraph: database errors leave as
 * the client-facing 400 or 503 of {@link parseDbError}; everything else passes unchanged.
 * (Reference resolvers are wrapped the same way in buildFederatedSchema.ts.)
 */
export const mapDatabaseErrors: MiddlewareFn = async (_action, next) => {
  try {
    return await next();
  } catch (error) {
    throw parseDbError(error) ?? error;
  }
};

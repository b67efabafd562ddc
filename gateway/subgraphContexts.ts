import { GraphQLError, type ExecutionResult } from 'graphql';
import { requestDeps, type Subgraph, type SubgraphDeps, type SubgraphRequest } from '../subgraphs/shared/subgraph';
import type { GatewayCaller } from './requestCaller';

/** Gives each in-process subgraph one context (one set of DataLoaders) per gateway request. */
export type SubgraphContexts = (subgraph: Subgraph, requestContext: object | undefined) => unknown;

/**
 * Per-request subgraph contexts, keyed by the gateway's request context object, so every fetch
 * of one request shares its loaders (they batch across the whole query plan) and no two requests
 * share any. Each gets the request's caller (its key's ID, not the key), and all of one request's
 * read from one database (requestDeps: a replica, or the primary).
 *
 * @example const contextFor = createSubgraphContexts(deps); contextFor(subgraph, gatewayContext)
 */
export function createSubgraphContexts(deps: SubgraphDeps): SubgraphContexts {
  const byRequest = new WeakMap<object, { deps: SubgraphDeps; contexts: Map<Subgraph, unknown> }>();
  return (subgraph, requestContext) => {
    if (!requestContext) return subgraph.createContext(requestDeps(deps));
    let request = byRequest.get(requestContext);
    if (!request) byRequest.set(requestContext, (request = { deps: requestDeps(deps), contexts: new Map() }));
    let context = request.contexts.get(subgraph);
    if (context === undefined)
      request.contexts.set(subgraph, (context = subgraph.createContext(request.deps, subgraphRequest(requestContext))));
    return context;
  };
}

/** What a subgraph is told of the request: the caller's key ID, and whether it is an admin key. */
function subgraphRequest(requestContext: object): SubgraphRequest {
  // The gateway's request context (graphqlServer.ts GatewayContext).
  const caller = (requestContext as { caller?: GatewayCaller }).caller;
  return caller ? { caller: { keyId: caller.keyId, admin: caller.admin } } : {};
}

/**
 * Marks request errors of an in-process execution as the client's. No `data` at all means graphql-js
 * refused the variables before executing. The gateway checks a client's variables against the real
 * custom scalars first (customScalars.ts), so this is a second line: a subgraph refusing a value
 * stays a 400, not an internal error. An HTTP subgraph's Apollo Server marks them BAD_USER_INPUT too.
 *
 * @example return asClientErrors(await execute({ schema, document, variableValues }))
 */
export function asClientErrors<Result extends ExecutionResult>(result: Result): Result {
  if ('data' in result || !result.errors) return result;
  return {
    ...result,
    errors: result.errors.map(
      (error) =>
        new GraphQLError(error.message, {
          nodes: error.nodes,
          originalError: error.originalError,
          extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
        }),
    ),
  };
}

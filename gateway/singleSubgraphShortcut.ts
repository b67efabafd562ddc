import type { ApolloGateway } from '@apollo/gateway';
import { execute, GraphQLError, type ExecutionResult } from 'graphql';
import type { Subgraph } from '../subgraphs/shared/subgraph';
import { createShortcutPlanner } from './shortcutPlanner';
import { asClientErrors, type SubgraphContexts } from './subgraphContexts';

type GatewayLoad = ApolloGateway['load'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayLoad>>['executor']>;

/** The parts of a gateway Apollo Server uses (its GatewayInterface). */
export type ServedGateway = Pick<ApolloGateway, 'load' | 'onSchemaLoadOrUpdate' | 'stop'>;

/**
 * The gateway, with a shortcut for operations one in-process subgraph answers alone (most REST
 * routes): such an operation runs on that subgraph's schema directly, skipping the query plan's
 * fetch and the gateway's second pass over the result, which cost about half of the throughput
 * (bench/README.md). The query planner decides which operations qualify (see
 * {@link createShortcutPlanner}); everything else, introspection included, goes through the gateway.
 *
 * @param gateway the gateway serving `supergraphSdl`
 * @param subgraphs the in-process subgraphs
 * @param contexts per-request subgraph contexts, shared with the gateway's data sources
 * @param supergraphSdl the supergraph the gateway serves, for the planner
 * @returns the gateway Apollo Server is given
 * @example new ApolloServer({ gateway: withSingleSubgraphShortcut({ gateway, subgraphs, contexts, supergraphSdl }) })
 */
export function withSingleSubgraphShortcut({
  gateway,
  subgraphs,
  contexts,
  supergraphSdl,
}: {
  gateway: ApolloGateway;
  subgraphs: readonly Subgraph[];
  contexts: SubgraphContexts;
  supergraphSdl: string;
}): ServedGateway {
  const shortcutOf = createShortcutPlanner({ supergraphSdl, subgraphs });
  return {
    load: async (options) => {
      const loaded = await gateway.load(options);
      const planned = loaded.executor;
      if (!planned) return loaded;
      const executor: GatewayExecutor = async (requestContext) => {
        const shortcut = shortcutOf(requestContext.document, requestContext.request.operationName);
        if (!shortcut) return planned(requestContext);
        const result = await execute({
          schema: shortcut.subgraph.schema,
          document: shortcut.document,
          variableValues: requestContext.request.variables,
          operationName: requestContext.request.operationName,
          contextValue: contexts(shortcut.subgraph, requestContext.context),
        });
        return withoutLocations(asClientErrors(result));
      };
      return { ...loaded, executor };
    },
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
  };
}

/**
 * Errors as the gateway reports a subgraph's: message, path and extensions. The gateway drops
 * locations (they point into the subgraph's query), so the shortcut does too: same answer either way.
 */
function withoutLocations(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map(
    (error) => new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions }),
  );
  return { ...result, errors };
}

import type { ApolloGateway } from '@apollo/gateway';
import { GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { createCompiledExecution } from './compiledExecution';
import type { Subgraph } from '../subgraphs/shared/subgraph';
import { createShortcutPlanner } from './shortcutPlanner';
import { asClientErrors, type SubgraphContexts } from './subgraphContexts';

type GatewayLoad = ApolloGateway['load'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayLoad>>['executor']>;

/**
 * Runs an operation on the one in-process subgraph that answers it alone (its answer is the one
 * the gateway would assemble), or returns null when the query plan must run.
 */
export type ShortcutExecutor = (operation: {
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown>;
  /** The request's gateway context: keys the subgraph's per-request loaders. */
  context: object;
}) => Promise<ExecutionResult> | null;

/**
 * The parts of a gateway Apollo Server uses (its GatewayInterface), and, with in-process
 * subgraphs, the shortcut the REST facade runs its operations through (REST documents are the
 * service's own, parsed and checked once: Apollo Server's request pipeline adds nothing to them).
 */
export type ServedGateway = Pick<ApolloGateway, 'load' | 'onSchemaLoadOrUpdate' | 'stop'> & {
  shortcut?: ShortcutExecutor;
};

/**
 * The shortcut for operations one in-process subgraph answers alone (most REST routes): such an
 * operation runs on that subgraph's schema directly, skipping the query plan's fetch and the
 * gateway's second pass over the result, which together cost as much as the rest of the request.
 * The query planner decides which operations qualify (see
 * {@link createShortcutPlanner}).
 *
 * @param subgraphs the in-process subgraphs
 * @param contexts per-request subgraph contexts, shared with the gateway's data sources
 * @param supergraphSdl the supergraph the gateway serves, for the planner
 * @returns the executor
 * @example const shortcut = createShortcutExecutor({ subgraphs, contexts, supergraphSdl }); await shortcut({ document, context: {} })
 */
export function createShortcutExecutor({
  subgraphs,
  contexts,
  supergraphSdl,
}: {
  subgraphs: readonly Subgraph[];
  contexts: SubgraphContexts;
  supergraphSdl: string;
}): ShortcutExecutor {
  const shortcutOf = createShortcutPlanner({ supergraphSdl, subgraphs });
  const execute = createCompiledExecution();
  return ({ document, operationName, variables, context }) => {
    const shortcut = shortcutOf(document, operationName);
    if (!shortcut) return null;
    const run = async () => {
      const result = await execute({
        schema: shortcut.subgraph.schema,
        document: shortcut.document,
        variables,
        operationName,
        contextValue: contexts(shortcut.subgraph, context),
      });
      return withoutLocations(asClientErrors(result));
    };
    return run();
  };
}

/**
 * The gateway with the shortcut in front of its query plans; everything the shortcut does not
 * take, introspection included, goes through the gateway.
 *
 * @param gateway the gateway serving `supergraphSdl`
 * @param subgraphs the in-process subgraphs
 * @param contexts per-request subgraph contexts, shared with the gateway's data sources
 * @param supergraphSdl the supergraph the gateway serves, for the planner
 * @returns the gateway Apollo Server is given, with its `shortcut`
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
  const shortcut = createShortcutExecutor({ subgraphs, contexts, supergraphSdl });
  return {
    load: async (options) => {
      const loaded = await gateway.load(options);
      const planned = loaded.executor;
      if (!planned) return loaded;
      const executor: GatewayExecutor = async (requestContext) =>
        (await shortcut({
          document: requestContext.document,
          operationName: requestContext.request.operationName,
          variables: requestContext.request.variables,
          context: requestContext.context,
        })) ?? planned(requestContext);
      return { ...loaded, executor };
    },
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
    shortcut,
  };
}

/**
 * Errors as the gateway reports a subgraph's: message, path and extensions. The gateway drops
 * locations (they point into the subgraph's query), so the shortcut does too: same answer either way.
 */
function withoutLocations(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map(
    (error) =>
      new GraphQLError(error.message, {
        path: error.path,
        originalError: error.originalError,
        extensions: error.extensions,
      }),
  );
  return { ...result, errors };
}

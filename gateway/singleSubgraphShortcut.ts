import type { ApolloGateway } from '@apollo/gateway';
import { BREAK, execute, validate, visit, type DocumentNode } from 'graphql';
import type { Subgraph } from '../subgraphs/shared/subgraph';
import { asClientErrors, type SubgraphContexts } from './subgraphContexts';

type GatewayLoad = ApolloGateway['load'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayLoad>>['executor']>;

/** The parts of a gateway Apollo Server uses (its GatewayInterface). */
export type ServedGateway = Pick<ApolloGateway, 'load' | 'onSchemaLoadOrUpdate' | 'stop'>;

/**
 * The gateway, with a shortcut for operations one in-process subgraph can answer alone (most
 * REST routes): such an operation runs on that subgraph's schema directly, skipping the query
 * plan's fetch and the gateway's second pass over the result, which cost about half of the
 * throughput (bench/README.md). An operation qualifies when it is valid against the subgraph's
 * own schema: then every field it selects is the subgraph's, and the answer is the one the
 * gateway would assemble from a single fetch. Everything else, introspection included, goes
 * through the gateway.
 *
 * @example new ApolloServer({ gateway: withSingleSubgraphShortcut(gateway, subgraphs, contexts) })
 */
export function withSingleSubgraphShortcut(
  gateway: ApolloGateway,
  subgraphs: readonly Subgraph[],
  contexts: SubgraphContexts,
): ServedGateway {
  // Apollo Server caches parsed documents, so one query string arrives as one DocumentNode.
  const owners = new WeakMap<DocumentNode, Subgraph | null>();
  const ownerOf = (document: DocumentNode): Subgraph | null => {
    let owner = owners.get(document);
    if (owner === undefined) {
      owner = isIntrospection(document) ? null : (subgraphs.find((subgraph) => validate(subgraph.schema, document).length === 0) ?? null);
      owners.set(document, owner);
    }
    return owner;
  };

  return {
    load: async (options) => {
      const loaded = await gateway.load(options);
      const planned = loaded.executor;
      if (!planned) return loaded;
      const executor: GatewayExecutor = async (requestContext) => {
        const owner = ownerOf(requestContext.document);
        if (!owner) return planned(requestContext);
        const result = await execute({
          schema: owner.schema,
          document: requestContext.document,
          variableValues: requestContext.request.variables,
          operationName: requestContext.operationName,
          contextValue: contexts(owner, requestContext.context),
        });
        return asClientErrors(result);
      };
      return { ...loaded, executor };
    },
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
  };
}

/** Introspection must describe the supergraph, not one subgraph. */
function isIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

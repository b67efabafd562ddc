import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource } from '@apollo/gateway';
import type { Subgraph, SubgraphDeps } from '../subgraphs/shared/subgraph';
import { InProcessDataSource } from './inProcessDataSource';
import { withSingleSubgraphShortcut, type ServedGateway } from './singleSubgraphShortcut';
import { createSubgraphContexts } from './subgraphContexts';
import { readSupergraphSdl } from './supergraph';

// Apollo's gateway otherwise starts an OpenTelemetry exporter to Apollo's usage-reporting host
// and probes cloud metadata endpoints. A self-hosted data service phones no one.
process.env.APOLLO_TELEMETRY_DISABLED = '1';

/** How the gateway reaches its subgraphs. */
export type SubgraphTransport =
  /**
   * Subgraphs run in the gateway's process (the default: no network hop). Operations one subgraph
   * answers alone skip the query plan unless `shortcut` is false.
   */
  | { kind: 'in-process'; subgraphs: Subgraph[]; deps: SubgraphDeps; shortcut?: boolean }
  /** Subgraphs run as separate HTTP services (scale-out); URL per service name. */
  | { kind: 'http'; urls: Record<string, string> };

/**
 * Creates the federation gateway over the checked-in supergraph (schema/supergraph.graphql).
 *
 * @example const gateway = createGateway({ kind: 'in-process', subgraphs, deps })
 */
export function createGateway(transport: SubgraphTransport): ServedGateway {
  if (transport.kind === 'http') {
    return new ApolloGateway({
      supergraphSdl: readSupergraphSdl(),
      buildService: ({ name, url }): GraphQLDataSource => {
        const target = transport.urls[name] ?? url;
        if (!target) throw new Error(`no URL configured for subgraph ${name}`);
        return new RemoteGraphQLDataSource({ url: target });
      },
    });
  }
  const contexts = createSubgraphContexts(transport.deps);
  const gateway = new ApolloGateway({
    supergraphSdl: readSupergraphSdl(),
    buildService: ({ name }): GraphQLDataSource => {
      const subgraph = transport.subgraphs.find((candidate) => candidate.name === name);
      if (!subgraph) throw new Error(`subgraph ${name} of the supergraph is not built`);
      return new InProcessDataSource(subgraph, contexts);
    },
  });
  return transport.shortcut === false ? gateway : withSingleSubgraphShortcut(gateway, transport.subgraphs, contexts);
}

import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource } from '@apollo/gateway';
import { apiKeyHeader } from '../shared/apiKeyRequired';
import type { Subgraph, SubgraphDeps } from '../subgraphs/shared/subgraph';
import type { GatewayContext } from './graphqlServer';
import { withCustomScalarsGateway } from './customScalars';
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

/** Options of {@link createGateway}. */
export type GatewayOptions = {
  /** The supergraph to serve; the checked-in schema/supergraph.graphql when omitted (tests compose their own). */
  supergraphSdl?: string;
};

/**
 * Creates the federation gateway over the checked-in supergraph (schema/supergraph.graphql).
 * Apollo Server sees its API schema with the subgraphs' custom scalar implementations
 * (customScalars.ts), so client values are checked before any plan runs.
 *
 * @param transport how the subgraphs are reached
 * @param options another supergraph than the checked-in one
 * @returns the gateway to hand to Apollo Server
 * @example const gateway = createGateway({ kind: 'in-process', subgraphs, deps })
 */
export function createGateway(
  transport: SubgraphTransport,
  { supergraphSdl = readSupergraphSdl() }: GatewayOptions = {},
): ServedGateway {
  return withCustomScalarsGateway(transportGateway(transport, supergraphSdl));
}

function transportGateway(transport: SubgraphTransport, supergraphSdl: string): ServedGateway {
  if (transport.kind === 'http') {
    return new ApolloGateway({
      supergraphSdl,
      buildService: ({ name, url }): GraphQLDataSource => {
        const target = transport.urls[name] ?? url;
        if (!target) throw new Error(`no URL configured for subgraph ${name}`);
        return new RemoteGraphQLDataSource<GatewayContext>({
          url: target,
          // The subgraph process looks the caller's key up itself (server/subgraph.ts).
          willSendRequest: ({ request, context }) => {
            if (context.caller) request.http?.headers.set(apiKeyHeader, context.caller.apiKey);
          },
        });
      },
    });
  }
  const contexts = createSubgraphContexts(transport.deps);
  const gateway = new ApolloGateway({
    supergraphSdl,
    buildService: ({ name }): GraphQLDataSource => {
      const subgraph = transport.subgraphs.find((candidate) => candidate.name === name);
      if (!subgraph) throw new Error(`subgraph ${name} of the supergraph is not built`);
      return new InProcessDataSource(subgraph, contexts);
    },
  });
  return transport.shortcut === false
    ? gateway
    : withSingleSubgraphShortcut({ gateway, subgraphs: transport.subgraphs, contexts, supergraphSdl });
}

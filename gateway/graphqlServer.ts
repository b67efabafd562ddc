import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLFormattedError } from 'graphql';
import { errorCodes, httpStatusOf, type ApiStatus } from '../subgraphs/shared/errors';
import { limitQuery } from './queryLimits';
import type { ServedGateway } from './singleSubgraphShortcut';

/** The gateway request context: a fresh object per request, which keys each subgraph's loaders. */
export type GatewayContext = Record<string, never>;

/**
 * Apollo Server in front of the gateway: serves /graphql and executes the REST facade's
 * operations. Errors leave it with their code and status only: no stack traces, no subgraph
 * names or internal queries, and internal errors with a generic message.
 *
 * @example const server = createGraphQLServer(gateway, { log }); await server.start()
 */
export function createGraphQLServer(
  gateway: ServedGateway,
  options: { log?: (message: string, error: unknown) => void } = {},
): ApolloServer<GatewayContext> {
  return new ApolloServer<GatewayContext>({
    gateway,
    introspection: true,
    validationRules: [limitQuery()],
    // The default landing page loads Apollo's hosted Sandbox from a CDN.
    plugins: [ApolloServerPluginLandingPageDisabled()],
    includeStacktraceInErrorResponses: false,
    // The process owns shutdown (server/index.ts closes HTTP, gateway and database in order);
    // Apollo's own handler would stop the server and re-raise the signal before the database closes.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => maskError(formatted, error, options.log),
  });
}

/** Keeps what a client may see of an error. */
export function maskError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log?: (message: string, error: unknown) => void,
): GraphQLFormattedError {
  const status = httpStatusOf(formatted);
  if (status === 500) {
    log?.('internal error', error);
    return { message: 'Internal Server Error', extensions: { code: errorCodes[500], http: { status: 500 } } };
  }
  const code = formatted.extensions?.code ?? errorCodes[status as ApiStatus];
  return { ...formatted, extensions: { code, http: { status } } };
}

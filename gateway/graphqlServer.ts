import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { errorCodes, httpStatusOf, type ApiStatus } from '../shared/errorStatus';
import { noSubscriptions } from './noSubscriptions';
import { operationResolution } from './operationResolution';
import { limitQuery } from './queryLimits';
import { limitQueryCost } from './queryCost';
import type { GatewayCaller } from './requestCaller';
import type { ServedGateway } from './singleSubgraphShortcut';

/**
 * The gateway request context: a fresh object per request, which keys each subgraph's loaders, and
 * the caller's key (access control's), which the subgraphs' contexts get.
 */
export type GatewayContext = { caller?: GatewayCaller };

/**
 * Apollo Server in front of the gateway: serves /graphql and executes the REST facade's
 * operations. Errors leave it with their code and status only: no stack traces, no subgraph
 * names or internal queries, and internal errors with a generic message. Client mistakes (syntax,
 * validation, query limits, subscriptions, an unknown operation name) are 400s.
 *
 * @param gateway the gateway from `createGateway`
 * @param options `log` receives internal errors before they are masked
 * @returns the server, not yet started
 * @example const server = createGraphQLServer(gateway, { log }); await server.start()
 */
export function createGraphQLServer(
  gateway: ServedGateway,
  options: { log?: (message: string, error: unknown) => void } = {},
): ApolloServer<GatewayContext> {
  return new ApolloServer<GatewayContext>({
    gateway,
    introspection: true,
    validationRules: [limitQuery(), noSubscriptions],
    // The default landing page loads Apollo's hosted Sandbox from a CDN.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      operationResolution<GatewayContext>(),
      limitQueryCost<GatewayContext>(),
    ],
    includeStacktraceInErrorResponses: false,
    // The process owns shutdown (server/index.ts closes HTTP, gateway and database in order);
    // Apollo's own handler would stop the server and re-raise the signal before the database closes.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => maskError(formatted, error, options.log),
  });
}

/**
 * The errors of an operation run outside Apollo Server (the REST facade's shortcut) formatted as
 * Apollo Server formats them: each as a GraphQL error with a code (INTERNAL_SERVER_ERROR when it
 * has none), `extensions.http` left to {@link maskError}, which then masks it. Same input, same
 * error body on either path.
 *
 * @param errors the execution's errors
 * @param log receives internal errors
 * @returns what a client may see of them
 * @example const errors = formatErrors(result.errors, log)
 */
export function formatErrors(
  errors: readonly GraphQLError[],
  log?: (message: string, error: unknown) => void,
): GraphQLFormattedError[] {
  return errors.map((error) => {
    const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
    const formatted = { ...error.toJSON(), extensions: { ...extensions, code: extensions.code ?? errorCodes[500] } };
    return maskError(formatted, error, log);
  });
}

/**
 * Keeps what a client may see of an error: message and code, plus `extensions.http.status` (the
 * REST facade answers with it). Internal errors (500) get a generic message and are logged.
 *
 * Apollo Server's own request errors keep their code and status: it takes the status out of the
 * formatted error (`extensions.http`), so it is read from the original error; and it codes an error
 * that has none INTERNAL_SERVER_ERROR even when it answers 400 (a bad persisted-query version), so
 * such an error gets the code of its status. Answers that are no failure (the 200
 * PERSISTED_QUERY_NOT_FOUND of automatic persisted queries) pass exactly as Apollo formats them.
 *
 * @param formatted the error as Apollo Server formatted it
 * @param error the original error
 * @param log receives internal errors
 * @returns the error the client sees
 * @example formatError: (formatted, error) => maskError(formatted, error, log)
 */
export function maskError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log?: (message: string, error: unknown) => void,
): GraphQLFormattedError {
  const original = (error as { extensions?: Record<string, unknown> } | null)?.extensions;
  const status = httpStatusOf({ extensions: { ...formatted.extensions, http: original?.http } });
  if (status < 400) return formatted;
  if (status === 500) {
    log?.('internal error', error);
    return { message: 'Internal Server Error', extensions: { code: errorCodes[500], http: { status: 500 } } };
  }
  const formattedCode = formatted.extensions?.code;
  const code =
    formattedCode && formattedCode !== errorCodes[500]
      ? formattedCode
      : (errorCodes[status as ApiStatus] ?? errorCodes[400]);
  return { ...formatted, extensions: { code, http: { status } } };
}

import type { ApolloServer } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { Response as FetchResponse } from 'fets';
import { formatErrors, type GatewayContext } from '../gateway/graphqlServer';
import type { ShortcutExecutor } from '../gateway/singleSubgraphShortcut';
import { errorBody, statusBody } from './errorBody';
import { buildOpenApiDocument } from './openApiDocument';
import { openApiPath } from './openApiPath';
import { createRestRouter, type RouteResult, type RouterError } from './createRestRouter';
import { checkBodyFields, readQueryParameters } from './requestParameters';
import { readJsonBody } from './readJsonBody';
import { restErrorMessage } from './restErrorMessage';
import { readRestAnnotations } from './restAnnotations';
import { restShape } from './restShape';
import { hasJsonBody, restRoutes } from './routes';
import { openApiJsonPath, requestRoute, splitRequestUrl } from './requestRoute';
import { routeHandlers, type RouteContext } from './routeHandlers';
import { requestCaller } from '../gateway/requestCaller';
import { routeParameters } from './routeParameters';
import { restSchema } from './restSchema';

/**
 * The REST facade: sofa-api routes on the exact /v1 and /v2 paths of the spec, each executed as
 * a GraphQL operation through the gateway, so REST and GraphQL share every resolver, validator,
 * paging cursor and error. What is REST's own happens here: paths with dot segments, query
 * strings, JSON bodies, and error messages worded in terms of path, query and body parameters.
 *
 * A route's operation is a document sofa built from the schema once, so it needs none of Apollo
 * Server's request pipeline (parsing, validation, limits, plugins): when one in-process subgraph
 * answers it (the gateway's `shortcut`), it runs there directly and its errors are formatted as
 * Apollo Server formats them (`formatErrors`); otherwise it goes through Apollo Server and the
 * gateway's query plan. Skipping the pipeline is a sizeable share of a REST request's CPU.
 *
 * @param server Apollo Server over the gateway
 * @param apiSchema the gateway's API schema (from `gateway.onSchemaLoadOrUpdate`)
 * @param supergraphSdl the supergraph the gateway runs (its `@rest` annotations shape REST answers)
 * @param shortcut the gateway's shortcut (in-process subgraphs)
 * @param log receives internal errors before they are masked
 * @returns Express middleware; requests that match no route pass on to `next`
 * @example app.use(createRestFacade({ server, apiSchema, supergraphSdl, shortcut: gateway.shortcut }))
 */
export function createRestFacade({
  server,
  apiSchema,
  supergraphSdl,
  shortcut,
  log,
}: {
  server: ApolloServer<GatewayContext>;
  apiSchema: GraphQLSchema;
  supergraphSdl: string;
  shortcut?: ShortcutExecutor;
  log?: (message: string, error: unknown) => void;
}) {
  const printed = new WeakMap<DocumentNode, string>();
  const viaApollo = async (
    document: DocumentNode,
    variables: Record<string, unknown>,
    contextValue: GatewayContext,
  ): Promise<RouteResult> => {
    let query = printed.get(document);
    if (!query) printed.set(document, (query = print(document)));
    const response = await server.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by REST routes');
    return response.body.singleResult;
  };
  const viaShortcut = async (run: Promise<ExecutionResult>): Promise<RouteResult> => {
    const result = await run;
    return result.errors ? { errors: formatErrors(result.errors, log) } : { data: result.data };
  };
  const annotations = readRestAnnotations(supergraphSdl);
  const schema = restSchema(apiSchema, Object.keys(restRoutes), annotations);
  const shape = restShape(schema, annotations);
  const parametersOf = routeParameters(schema, restRoutes);
  // sofa hands its error handler the errors only: they travel on the answer to the route's
  // handler below, which knows the parameters to word them in.
  const failures = new WeakMap<object, readonly RouterError[]>();
  const router = createRestRouter({
    schema,
    execute: async ({ document, variableValues = {}, contextValue }) => {
      // A fresh gateway context per request (it keys the subgraphs' loaders), holding its caller.
      const context: GatewayContext = { caller: (contextValue as RouteContext | undefined)?.caller };
      const direct = shortcut?.({ document, variables: variableValues, context });
      const result = direct ? await viaShortcut(direct) : await viaApollo(document, variableValues, context);
      return result.errors ? result : { data: shape(result.data) };
    },
    errorHandler: (errors) => {
      const answer = new FetchResponse(null, { status: 500 });
      failures.set(answer, errors);
      return answer;
    },
  });
  const openApiJson = JSON.stringify(buildOpenApiDocument({ schema, annotations, routes: restRoutes }));
  const documentedPaths = new Map(Object.entries(restRoutes).map(([key, route]) => [key, openApiPath(route.path)]));
  const handlers = routeHandlers(router, restRoutes, parametersOf);

  return (request: Request, response: Response, next: NextFunction) => {
    const { path, search } = splitRequestUrl(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && path === openApiJsonPath) {
      response.locals.route = openApiJsonPath;
      return void response.type('application/json').send(openApiJson);
    }
    const match = requestRoute(request);
    if (match.kind === 'none') return next();
    const refuse = (status: number, message: string) => void response.status(status).json(statusBody(status, message));
    if (match.kind === 'refused') return refuse(400, match.message);
    response.locals.route = documentedPaths.get(match.key);
    const parameters = parametersOf.get(match.key)!;
    const query = readQueryParameters(search, parameters);
    if ('error' in query) return refuse(400, query.error);
    const handle = handlers.get(match.key)!;
    const answer = async () => {
      let body: string | undefined;
      if (hasJsonBody(match.route.method)) {
        const read = await readJsonBody(request);
        if ('status' in read) return refuse(read.status, read.message);
        const broken = checkBodyFields(read.json, parameters);
        if (broken) return refuse(400, broken);
        body = read.body.toString('utf8');
      }
      const reply = await handle({
        values: { ...query.values, ...match.params },
        body,
        caller: requestCaller(response),
      });
      const errors = failures.get(reply);
      if (!errors && restRoutes[match.key]!.noContent) return void response.status(reply.status).end();
      if (!errors) return send(response, reply);
      const worded = errorBody(
        errors.map((error) => ({ ...error, message: restErrorMessage(error.message, parameters) })),
      );
      response.status(worded.statusCode).json(worded);
    };
    answer().catch(next);
  };
}

/**
 * Writes a sofa answer. sofa answers with `Response.json`, whose headers are its content type and
 * length: the type is copied and Node computes the length. Iterating the fetch Headers instead
 * sorts and combines them, per the Fetch standard, on every request.
 */
async function send(response: Response, answer: globalThis.Response): Promise<void> {
  response.status(answer.status);
  const type = answer.headers.get('content-type');
  if (type !== null) response.setHeader('content-type', type);
  response.end(await answer.text());
}

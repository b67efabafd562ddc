import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApolloServer } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createSofaRouter, createSofa } from 'sofa-api';
import { Response as FetchResponse } from 'fets';
import type { GatewayContext } from '../gateway/graphqlServer';
import { customScalars } from '../subgraphs/shared/scalars';
import { errorBody, statusBody } from './errorBody';
import { completeOpenApi } from './openApi';
import { checkBodyFields, readQueryParameters } from './requestParameters';
import { readJsonBody } from './readJsonBody';
import { restErrorMessage } from './restErrorMessage';
import { restResponse } from './restResponse';
import { restRoutes } from './routes';
import { createRouteMatcher } from './routeMatcher';
import { routeParameters, type RouteParameters } from './routeParameters';
import { restSchema } from './restSchema';

/**
 * OpenAPI types of the custom scalars (parameter types declare theirs, subgraphs/shared/params).
 * Getters hand out a fresh object each time: sofa writes each parameter's description into the
 * schema object it gets, which would otherwise be shared by every parameter of that type.
 */
const scalarSchemas: Record<string, Record<string, unknown>> = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries({
      SafeInt: { type: 'integer', format: 'int64' },
      JSONObject: { type: 'object', additionalProperties: true },
      ...Object.fromEntries(customScalars.flatMap((scalar) => (scalar.extensions.openApi ? [[scalar.name, scalar.extensions.openApi]] : []))),
    }).map(([name, schema]) => [name, { enumerable: true, get: () => structuredClone(schema) }]),
  ),
);

/**
 * The REST facade: sofa-api routes on the exact /v1 and /v2 paths of the spec, each executed as
 * a GraphQL operation through the gateway, so REST and GraphQL share every resolver, validator,
 * paging cursor and error. What is REST's own happens here: paths with dot segments, query
 * strings, JSON bodies, and error messages worded in terms of path, query and body parameters.
 *
 * @param apiSchema the gateway's API schema (from `gateway.onSchemaLoadOrUpdate`)
 * @returns Express middleware; requests that match no route pass on to `next`
 * @example app.use(createRestFacade({ server, apiSchema }))
 */
export function createRestFacade({ server, apiSchema }: { server: ApolloServer<GatewayContext>; apiSchema: GraphQLSchema }) {
  const printed = new WeakMap<DocumentNode, string>();
  const schema = restSchema(apiSchema, Object.keys(restRoutes));
  const parametersOf = routeParameters(schema, restRoutes);
  // The parameters of the request being answered, for the error handler (sofa passes it errors only).
  const currentRoute = new AsyncLocalStorage<RouteParameters>();
  const sofa = createSofa({
    basePath: '/',
    schema,
    routes: restRoutes,
    depthLimit: 10,
    customScalars: scalarSchemas,
    openAPI: {
      endpoint: '/openapi.json',
      info: {
        title: 'Avalanche Data API',
        version: '1.0.0',
        description:
          'Self-hosted Avalanche Data API. Errors answer {message, statusCode, error}. Lists are newest first ' +
          'when sortOrder is omitted; nextPageToken is absent on the last page.',
      },
    },
    swaggerUI: { endpoint: false },
    execute: (async ({ document, variableValues }: { document: DocumentNode; variableValues?: Record<string, unknown> }) => {
      let query = printed.get(document);
      if (!query) printed.set(document, (query = print(document)));
      const response = await server.executeOperation({ query, variables: variableValues ?? {} }, { contextValue: {} });
      if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by REST routes');
      const result = response.body.singleResult as ExecutionResult;
      return result.errors ? result : { data: restResponse(result.data) as ExecutionResult['data'] };
    }) as never,
    errorHandler: (errors) => {
      const parameters = currentRoute.getStore();
      const worded = (errors as ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>).map((error) => ({
        ...error,
        message: restErrorMessage(error.message, parameters),
      }));
      const body = errorBody(worded);
      return FetchResponse.json(body, { status: body.statusCode as 400 });
    },
  });
  const router = createSofaRouter(sofa);
  completeOpenApi(router.openAPIDocument, restRoutes);
  const matchRoute = createRouteMatcher(restRoutes);

  return (request: Request, response: Response, next: NextFunction) => {
    const url = normalizeColons(request.url);
    const [path, search = ''] = url.split(/\?(.*)/s, 2) as [string, string?];
    if (request.method === 'GET' && path === '/openapi.json') {
      return void Promise.resolve(forward(router, request, url)).then((answer) => send(response, answer), next);
    }
    const match = matchRoute(request.method, path);
    if (match.kind === 'none') return next();
    const refuse = (status: number, message: string) => void response.status(status).json(statusBody(status, message));
    if (match.kind === 'refused') return refuse(400, match.message);
    const parameters = parametersOf.get(match.key)!;
    const query = readQueryParameters(search, parameters);
    if ('error' in query) return refuse(400, query.error);
    const target = query.query ? `${path}?${query.query}` : path;
    const answer = async () => {
      let body: Buffer | undefined;
      if (request.method === 'POST') {
        const read = await readJsonBody(request);
        if ('status' in read) return refuse(read.status, read.message);
        const broken = checkBodyFields(read.json, parameters);
        if (broken) return refuse(400, broken);
        body = read.body;
      }
      send(response, await currentRoute.run(parameters, () => forward(router, request, target, body)));
    };
    answer().catch(next);
  };
}

/** Hands a request to the sofa router as a fetch Request (bodies were read and checked before). */
function forward(router: ReturnType<typeof createSofaRouter>, request: Request, url: string, body?: Buffer) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  return router.fetch(`http://${request.headers.host ?? 'localhost'}${url}`, { method: request.method, headers, body });
}

async function send(response: Response, answer: globalThis.Response): Promise<void> {
  response.status(answer.status);
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/** Clients may send the literal colon of `transactions:listErc20` percent-encoded. */
function normalizeColons(url: string): string {
  const [path, query] = url.split(/\?(.*)/s, 2);
  const normalized = path!.replace(/%3a/gi, ':');
  return query === undefined ? normalized : `${normalized}?${query}`;
}

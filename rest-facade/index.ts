import type { ApolloServer } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createSofaRouter, createSofa } from 'sofa-api';
import { Response as FetchResponse } from 'fets';
import type { GatewayContext } from '../gateway/graphqlServer';
import { errorBody } from './errorBody';
import { completeOpenApi } from './openApi';
import { restResponse } from './restResponse';
import { restRoutes } from './routes';
import { restSchema } from './restSchema';

/**
 * The REST facade: sofa-api routes on the exact /v1 and /v2 paths of the spec, each executed as
 * a GraphQL operation through the gateway, so REST and GraphQL share every resolver, validator,
 * paging cursor and error.
 *
 * @param apiSchema the gateway's API schema (from `gateway.onSchemaLoadOrUpdate`)
 * @returns Express middleware; requests that match no route pass on to `next`
 * @example app.use(createRestFacade({ server, apiSchema }))
 */
export function createRestFacade({ server, apiSchema }: { server: ApolloServer<GatewayContext>; apiSchema: GraphQLSchema }) {
  const printed = new WeakMap<DocumentNode, string>();
  const sofa = createSofa({
    basePath: '/',
    schema: restSchema(apiSchema, Object.keys(restRoutes)),
    routes: restRoutes,
    depthLimit: 10,
    customScalars: {
      SafeInt: { type: 'integer', format: 'int64' },
      JSONObject: { type: 'object', additionalProperties: true },
    },
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
      const body = errorBody(errors as never);
      return FetchResponse.json(body, { status: body.statusCode as 400 });
    },
  });
  const router = createSofaRouter(sofa);
  completeOpenApi(router.openAPIDocument, restRoutes);
  const routeMatchers = [
    ...Object.values(restRoutes).map((route) => ({ method: route.method, pattern: pathPattern(route.path) })),
    { method: 'GET', pattern: /^\/openapi\.json$/ },
  ];

  return (request: Request, response: Response, next: NextFunction) => {
    const url = normalizeColons(request.url);
    const path = url.split('?')[0]!;
    if (!routeMatchers.some((route) => route.method === request.method && route.pattern.test(path))) return next();
    forward(router, request, url)
      .then(async (answer) => {
        response.status(answer.status);
        answer.headers.forEach((value, name) => response.setHeader(name, value));
        response.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(next);
  };
}

/**
 * Hands an Express request to the sofa router as a fetch Request. Bodies are read here (never by
 * a JSON parser in front of sofa), so sofa binds JSON fields to mutation arguments itself.
 */
async function forward(router: ReturnType<typeof createSofaRouter>, request: Request, url: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await readBody(request) : undefined;
  return router.fetch(`http://${request.headers.host ?? 'localhost'}${url}`, { method: request.method, headers, body });
}

/** Upper bound on a REST request body (4.1 bodies are a few kilobytes). */
const maxBodyBytes = 1024 * 1024;

function readBody(request: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(Object.assign(new Error('request body too large'), { status: 413 }));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Clients may send the literal colon of `transactions:listErc20` percent-encoded. */
function normalizeColons(url: string): string {
  const [path, query] = url.split(/\?(.*)/s, 2);
  const normalized = path!.replace(/%3a/gi, ':');
  return query === undefined ? normalized : `${normalized}?${query}`;
}

/** A sofa path (`:param` segments, `\\:` literal colons) as a regular expression. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment
        .split('\\:')
        .map((part) => part.replace(/:[A-Za-z]+/g, '\u0000').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u0000/g, '[^/:]+'))
        .join(':'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createSofa, createSofaRouter } from 'sofa-api';
import { customScalars } from '../subgraphs/shared/scalars';
import { completeOpenApi } from './openApi';
import { restRoutes } from './routes';

/** The router sofa builds, with its OpenAPI document. */
export type RestRouter = ReturnType<typeof createSofaRouter>;

/** A GraphQL error as sofa hands it to the error handler. */
export type RouterError = { message: string; extensions?: Record<string, unknown> };

/** What a route's operation answers: its data, or the errors as a client may see them (formatted). */
export type RouteResult = { data?: Record<string, unknown> | null; errors?: readonly RouterError[] };

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
 * The sofa router of the REST routes over `schema` (restSchema.ts), with its OpenAPI document
 * completed (openApi.ts). The service builds it with the gateway as `execute`; `npm run compose`
 * builds it without one, to write schema/openapi.json: one construction, so the checked-in
 * document is the served one.
 *
 * @param options the REST schema, how operations run, and how errors are answered
 * @returns the router; `router.openAPIDocument` is served at /openapi.json
 * @example const router = createRestRouter({ schema, execute, errorHandler })
 */
export function createRestRouter({
  schema,
  execute,
  errorHandler,
}: {
  schema: GraphQLSchema;
  execute: (operation: { document: DocumentNode; variableValues?: Record<string, unknown> }) => Promise<RouteResult>;
  errorHandler: (errors: readonly RouterError[]) => Response;
}): RestRouter {
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
    execute: execute as never,
    errorHandler: (errors) => errorHandler(errors as readonly RouterError[]) as never,
  });
  const router = createSofaRouter(sofa);
  completeOpenApi(router.openAPIDocument, restRoutes);
  return router;
}

import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createSofa, createSofaRouter } from 'sofa-api';
import { restRoutes } from './routes';

/** The router sofa builds. */
export type RestRouter = ReturnType<typeof createSofaRouter>;

/** A GraphQL error as sofa hands it to the error handler. */
export type RouterError = { message: string; extensions?: Record<string, unknown> };

/** What a route's operation answers: its data, or the errors as a client may see them (formatted). */
export type RouteResult = { data?: Record<string, unknown> | null; errors?: readonly RouterError[] };

/**
 * The sofa router of the REST routes over `schema` (restSchema.ts): an operation per route,
 * its variables read from the request, run by `execute`. The OpenAPI document is this service's
 * own (openApiDocument.ts): sofa's cannot state variants, nullable members or parameter texts.
 *
 * @param options the REST schema, how operations run, and how errors are answered
 * @returns the router
 * @example const router = createRestRouter({ schema, execute, errorHandler })
 */
export function createRestRouter({
  schema,
  execute,
  errorHandler,
}: {
  schema: GraphQLSchema;
  execute: (operation: {
    document: DocumentNode;
    variableValues?: Record<string, unknown>;
    contextValue?: unknown;
  }) => Promise<RouteResult>;
  errorHandler: (errors: readonly RouterError[]) => Response;
}): RestRouter {
  const sofa = createSofa({
    basePath: '/',
    schema,
    routes: restRoutes,
    depthLimit: 10,
    swaggerUI: { endpoint: false },
    execute: execute as never,
    errorHandler: (errors) => errorHandler(errors as readonly RouterError[]) as never,
  });
  return createSofaRouter(sofa);
}

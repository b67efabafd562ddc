import { errorCodes, reasonPhrase } from '../subgraphs/shared/errors';
import { pageSizeLimits } from '../subgraphs/shared/limits';
import type { RestRoute } from './routes';

type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }>;
  responses?: Record<string, unknown>;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: unknown };

/**
 * Completes the OpenAPI document sofa generates with what GraphQL cannot express: the spec's
 * error body on every status of section 7, the section 8 page-size bounds, and paths with their
 * literal colons (`transactions:listErc20`) rather than the router's `\\:` escape. Mutates and
 * returns the document that `/openapi.json` serves.
 *
 * @example completeOpenApi(router.openAPIDocument, restRoutes)
 */
export function completeOpenApi<D extends Document>(document: D, routes: Record<string, RestRoute>): D {
  const components = (document.components ??= {}) as { schemas?: Record<string, unknown> };
  (components.schemas ??= {}).ErrorBody = {
    type: 'object',
    required: ['message', 'statusCode', 'error'],
    properties: {
      message: { type: 'string', description: 'Human-readable text.' },
      statusCode: { type: 'integer', description: 'HTTP status.' },
      error: { type: 'string', description: 'Standard reason phrase of the status.' },
    },
  };
  const paths = document.paths ?? {};
  for (const route of Object.values(routes)) {
    const path = openApiPath(route.path);
    // sofa keeps the router's escape in its key and reads the escaped name as a parameter
    // (`transactions\\{listErc20}`); older versions kept `transactions\\:listErc20`.
    const key = Object.keys(paths).find((candidate) => candidate.replace(/\\\{([A-Za-z0-9]+)\}/g, ':$1').replace(/\\/g, '') === path);
    const operation = key ? paths[key]?.[route.method.toLowerCase()] : undefined;
    if (!key || !operation) continue;
    for (const status of Object.keys(errorCodes)) {
      (operation.responses ??= {})[status] = {
        description: reasonPhrase(Number(status)),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
    const pageSize = operation.parameters?.find((parameter) => parameter.name === 'pageSize');
    if (route.list && pageSize) {
      const limits = pageSizeLimits[route.list];
      Object.assign((pageSize.schema ??= {}), { minimum: limits.min, maximum: limits.max, default: limits.default });
    }
    if (key !== path) {
      paths[path] = paths[key]!;
      delete paths[key];
    }
  }
  return document;
}

/**
 * A route path as OpenAPI (and clients) write it.
 * @example openApiPath('/v1/chains/:chainId/transactions\\:listErc20') // '/v1/chains/{chainId}/transactions:listErc20'
 */
export function openApiPath(routePath: string): string {
  return routePath
    .split('\\:')
    .map((part) => part.replace(/:([A-Za-z]+)/g, '{$1}'))
    .join(':');
}

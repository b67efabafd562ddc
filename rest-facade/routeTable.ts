import { openApiPath } from './openApiPath';
import type { RestRoute } from './routes';

/** One line of the checked-in route table (schema/rest-routes.json). */
export type RouteTableEntry = { method: string; path: string; status: number; field: string };

/**
 * The REST surface as clients see it: method, exact path (literal colons, `{param}` segments),
 * success status and the GraphQL field behind it, sorted by path. `npm run compose` checks it in
 * as schema/rest-routes.json and a test diffs it, so a changed, added or removed route shows in
 * review like a changed schema.
 *
 * @param routes the route table
 * @returns the entries
 * @example routeTable(restRoutes)[0] // { method: 'GET', path: '/v1/networks/{network}/subnets', status: 200, field: 'Query.listSubnets' }
 */
export function routeTable(routes: Record<string, RestRoute>): RouteTableEntry[] {
  return Object.entries(routes)
    .map(([field, route]) => ({
      method: route.method,
      path: openApiPath(route.path),
      status: route.responseStatus ?? 200,
      field,
    }))
    .sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
}

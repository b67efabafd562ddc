import type { RestRouter } from './createRestRouter';
import type { GatewayCaller } from '../gateway/requestCaller';
import type { RouteParameters } from './routeParameters';
import type { RestRoute } from './routes';

/**
 * A matched and checked request: path and query values by parameter name, the JSON body of a route
 * that has one, and the caller access control recognised.
 */
export type RouteRequest = { values: Record<string, string>; body?: string; caller?: GatewayCaller };

/** What sofa hands the facade's `execute` as the operation's context: the caller, for the gateway's request context. */
export type RouteContext = { caller?: GatewayCaller };

/** Answers one matched request the way sofa's router would, without matching it again. */
export type RouteHandler = (request: RouteRequest) => Promise<Response>;

/**
 * The handler sofa generated for each route (its operation, variable parsing, execution and
 * response), by route key. The facade has matched and checked path and query before
 * (routeMatcher.ts, requestParameters.ts), so handing the request to the router as a fetch
 * Request would only repeat that work: building a Request and Headers, trying the URL patterns
 * of every route in turn, and parsing the query string once per variable, a sizeable share of a
 * REST request's CPU.
 *
 * sofa reads a variable from the request's path parameters when it is named there, else from the
 * query string, else from the body; so every path and query parameter of the route is handed over
 * as a path parameter (undefined when absent), and body fields stay in the body. The caller goes
 * as sofa's server context, which sofa passes to the operation's execution.
 *
 * @param router the sofa router (createRestRouter.ts)
 * @param routes the route table it was built from
 * @param parametersOf each route's parameters (routeParameters.ts)
 * @returns route key (`Query.listSubnets`) → handler
 * @throws {Error} when the router has no handler for a route of the table
 * @example await routeHandlers(router, restRoutes, parametersOf).get('Query.listSubnets')!({ values: { network: 'mainnet' } })
 */
export function routeHandlers(
  router: RestRouter,
  routes: Record<string, RestRoute>,
  parametersOf: Map<string, RouteParameters>,
): Map<string, RouteHandler> {
  const byMethodAndPath = new Map(router.__routes.map((route) => [`${route.method} ${route.path}`, route.handler]));
  const handlers = new Map<string, RouteHandler>();
  for (const [key, route] of Object.entries(routes)) {
    const handler = byMethodAndPath.get(`${route.method} ${route.path}`);
    if (!handler) throw new Error(`sofa built no handler for ${route.method} ${route.path} (${key})`);
    const names = [...(parametersOf.get(key) ?? [])].flatMap(([name, { location }]) =>
      location === 'body' ? [] : [name],
    );
    handlers.set(key, async ({ values, body, caller }) => {
      const params: Record<string, string | undefined> = {};
      for (const name of names) params[name] = values[name];
      const request = {
        url: route.path,
        method: route.method,
        params,
        body: body ?? null,
        text: async () => body ?? '',
      };
      const context: RouteContext = { caller };
      return (await handler(request as never, context)) as unknown as Response;
    });
  }
  return handlers;
}

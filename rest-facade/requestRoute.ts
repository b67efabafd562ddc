import { createPathMethods, createRouteMatcher, type PathMethods, type RouteMatch } from './routeMatcher';
import { restRoutes } from './routes';

/** Where the facade serves the OpenAPI document of its routes (GET, and HEAD). */
export const openApiJsonPath = '/openapi.json';

const matchRestRoute = createRouteMatcher(restRoutes);
const restRouteMethods = createPathMethods(restRoutes);
const matched = new WeakMap<object, RouteMatch>();

/**
 * The route of the REST route table (routes.ts) a request asks for, matched once per request:
 * access control needs it first (the route's compute units and key rules), then the facade (its
 * handler).
 * @param request the request (its method and URL, query string ignored)
 * @returns the match, the same object on every call for one request
 * @example requestRoute(request).kind === 'route'
 */
export function requestRoute(request: { method: string; url: string }): RouteMatch {
  let match = matched.get(request);
  if (!match) {
    matched.set(request, (match = matchRestRoute(request.method, splitRequestUrl(request.url).path)));
  }
  return match;
}

/**
 * The methods the facade answers at a request's path, whatever the request's own method: its
 * routes' (HEAD with GET), or GET and HEAD at /openapi.json. For requests no route answered: a
 * 405's `Allow`, an OPTIONS answer.
 * @param url the request's URL (path and query)
 * @returns the methods and the path's template; undefined when the facade has no such path
 * @example restPathMethods('/v1/signatureAggregator/mainnet/aggregateSignatures') // { template: '/v1/signatureAggregator/{network}/aggregateSignatures', methods: ['POST'] }
 */
export function restPathMethods(url: string): PathMethods | undefined {
  const { path } = splitRequestUrl(url);
  return path === openApiJsonPath ? { template: openApiJsonPath, methods: ['GET', 'HEAD'] } : restRouteMethods(path);
}

/**
 * A request URL's path and query string, the one place they are split. Clients may send the
 * literal colon of `transactions:listErc20` percent-encoded, so the path gets it back.
 * @param url the request's URL (path and query)
 * @returns the path, and the query string without its `?` (empty when there is none)
 * @example splitRequestUrl('/v1/chains/43114/transactions%3AlistErc20?pageSize=1') // { path: '/v1/chains/43114/transactions:listErc20', search: 'pageSize=1' }
 */
export function splitRequestUrl(url: string): { path: string; search: string } {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return { path: path.replace(/%3a/gi, ':'), search: mark === -1 ? '' : url.slice(mark + 1) };
}

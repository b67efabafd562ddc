import { createRouteMatcher, type RouteMatch } from './routeMatcher';
import { restRoutes } from './routes';

const matchRestRoute = createRouteMatcher(restRoutes);
const matched = new WeakMap<object, RouteMatch>();

/**
 * The route of the REST route table (routes.ts) a request asks for, matched once per request:
 * access control needs it first (the route's compute units and key rules), then the facade (its
 * handler). Clients may send the literal colon of `transactions:listErc20` percent-encoded, so the
 * path gets it back.
 * @param request the request (its method and URL, query string ignored)
 * @returns the match, the same object on every call for one request
 * @example requestRoute(request).kind === 'route'
 */
export function requestRoute(request: { method: string; url: string }): RouteMatch {
  let match = matched.get(request);
  if (!match) {
    matched.set(request, (match = matchRestRoute(request.method, requestPath(request.url))));
  }
  return match;
}

/**
 * The path of a request URL, without its query string, with percent-encoded colons decoded.
 * @param url the request's URL (path and query)
 * @returns the path
 * @example requestPath('/v1/chains/43114/transactions%3AlistErc20?pageSize=1') // '/v1/chains/43114/transactions:listErc20'
 */
export function requestPath(url: string): string {
  const mark = url.indexOf('?');
  return (mark === -1 ? url : url.slice(0, mark)).replace(/%3a/gi, ':');
}

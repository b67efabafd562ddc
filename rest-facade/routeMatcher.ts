import { openApiPath } from './openApiPath';
import { PATH_PARAMETER } from './pathParameter';
import type { RestRoute } from './routes';

/** What a request path is to the facade. */
export type RouteMatch =
  | { kind: 'route'; key: string; route: RestRoute; params: Record<string, string> }
  | { kind: 'refused'; message: string }
  | { kind: 'none' };

/**
 * Matches request paths against the route table before the router sees them. The router (fets)
 * resolves `.` and `..` segments, also percent-encoded, as a browser would, so
 * `/v1/networks/../subnets` would reach no route at all; a path parameter may never be one of
 * those, and a segment that is not valid percent-encoding is no value either: both are 400s
 * naming the parameter. A GET route answers HEAD too (RFC 9110 section 9.3.2: HEAD is GET
 * without the content), so a HEAD is matched, weighed and answered as the GET it mirrors.
 *
 * @param routes the route table
 * @returns a matcher of (method, path without query)
 * @example createRouteMatcher(restRoutes)('GET', '/v1/networks/mainnet/subnets') // { kind: 'route', key: 'Query.listSubnets', params: { network: 'mainnet' }, ... }
 */
export function createRouteMatcher(routes: Record<string, RestRoute>): (method: string, path: string) => RouteMatch {
  const patterns = Object.entries(routes).map(([key, route]) => ({ key, route, ...pathPattern(route.path) }));
  return (method, path) => {
    for (const { key, route, pattern, names } of patterns) {
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      for (const [i, name] of names.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(match[i + 1]!);
        } catch {
          return { kind: 'refused', message: `path parameter ${name} is not valid percent-encoding` };
        }
        if (value === '.' || value === '..')
          return { kind: 'refused', message: `path parameter ${name} must not be "${value}"` };
        params[name] = value;
      }
      return { kind: 'route', key, route, params };
    }
    return { kind: 'none' };
  };
}

/** The methods the routes at a path answer, and the template to name the path by. */
export type PathMethods = { template: string; methods: readonly string[] };

/**
 * The methods the route table answers at a path, whatever the request's method: what a request
 * with another method is told (405 and `Allow`) and what OPTIONS lists. HEAD is listed with GET.
 * Not on the path of a served request: it tries every route.
 *
 * @param routes the route table
 * @returns a lookup of (path without query): the methods in alphabetical order, the first matching route's template; undefined when no route has the path
 * @example createPathMethods(restRoutes)('/v1/networks/mainnet/subnets') // { template: '/v1/networks/{network}/subnets', methods: ['GET', 'HEAD'] }
 */
export function createPathMethods(routes: Record<string, RestRoute>): (path: string) => PathMethods | undefined {
  const patterns = Object.values(routes).map((route) => ({ route, ...pathPattern(route.path) }));
  return (path) => {
    const methods = new Set<string>();
    let template: string | undefined;
    for (const { route, pattern } of patterns) {
      if (!pattern.test(path)) continue;
      template ??= openApiPath(route.path);
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
    return template === undefined ? undefined : { template, methods: [...methods].sort() };
  };
}

/** A route path (`:param` segments, `\\:` literal colons) as a regular expression with a group per parameter. */
function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) =>
      segment
        .split('\\:')
        .map((part) =>
          part
            .replace(PATH_PARAMETER, (_all, name: string) => {
              names.push(name);
              return '\u0000';
            })
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks a parameter, a character no path has
            .replace(/\u0000/g, '([^/:]+)'),
        )
        .join(':'),
    )
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

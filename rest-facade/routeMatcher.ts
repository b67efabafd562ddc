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
 * naming the parameter.
 *
 * @param routes the route table
 * @returns a matcher of (method, path without query)
 * @example createRouteMatcher(restRoutes)('GET', '/v1/networks/mainnet/subnets') // { kind: 'route', key: 'Query.listSubnets', params: { network: 'mainnet' }, ... }
 */
export function createRouteMatcher(routes: Record<string, RestRoute>): (method: string, path: string) => RouteMatch {
  const patterns = Object.entries(routes).map(([key, route]) => ({ key, route, ...pathPattern(route.path) }));
  return (method, path) => {
    for (const { key, route, pattern, names } of patterns) {
      if (route.method !== method) continue;
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
        if (value === '.' || value === '..') return { kind: 'refused', message: `path parameter ${name} must not be "${value}"` };
        params[name] = value;
      }
      return { kind: 'route', key, route, params };
    }
    return { kind: 'none' };
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
            .replace(/:([A-Za-z]+)/g, (_all, name: string) => (names.push(name), '\u0000'))
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\u0000/g, '([^/:]+)'),
        )
        .join(':'),
    )
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

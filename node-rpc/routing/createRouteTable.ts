// avalanchego's HTTP router (api/server/router.go) in memory: handlers registered as base +
// endpoint (`/ext/bc/<chainID>` + `/rpc`), aliases of a base that receive a copy of every endpoint
// the base has now or gets later (followed through aliases of aliases), reserved alias names, and
// exact-path matching. Everything lives in this process only, as on a node.
import type { Request, Response } from 'express';

/** A handler of one exact path. */
export type RouteHandler = (request: Request, response: Response) => unknown;

/** The routes of the process. */
export type RouteTable = {
  /** Registers `base + endpoint`; also under every alias of `base`. @throws Error when `base` is a reserved alias or the path exists */
  addRoute(base: string, endpoint: string, handler: RouteHandler): void;
  /** Reserves `alias` for `base` and copies `base`'s endpoints to it. @throws Error (the reservation is kept, as on a node) */
  addAlias(base: string, alias: string): void;
  /** The handler of an exact path. */
  match(path: string): RouteHandler | undefined;
};

/**
 * Creates an empty route table.
 * @returns the table
 * @example
 * const routes = createRouteTable()
 * routes.addAlias('/ext/bc/2q9e…', '/ext/C')
 * routes.addRoute('/ext/bc/2q9e…', '/rpc', handler) // also serves /ext/C/rpc
 */
export function createRouteTable(): RouteTable {
  const routes = new Map<string, Map<string, RouteHandler>>();
  const aliases = new Map<string, string[]>();
  const reserved = new Set<string>();
  const paths = new Map<string, RouteHandler>();

  /** router.forceAddRouter: the first error of the alias copies is returned, the others are dropped. */
  const forceAdd = (base: string, endpoint: string, handler: RouteHandler): Error | undefined => {
    const endpoints = routes.get(base) ?? new Map<string, RouteHandler>();
    const url = base + endpoint;
    if (endpoints.has(endpoint)) return new Error(`failed to create endpoint as ${url} already exists`);
    endpoints.set(endpoint, handler);
    routes.set(base, endpoints);
    paths.set(url, handler);
    let error: Error | undefined;
    for (const alias of aliases.get(base) ?? []) {
      const inner = forceAdd(alias, endpoint, handler);
      error ??= inner;
    }
    return error;
  };

  return {
    addRoute(base, endpoint, handler) {
      if (reserved.has(base)) throw new Error(`route is either already aliased or already maps to a handle: ${base}`);
      const error = forceAdd(base, endpoint, handler);
      if (error) throw error;
    },
    addAlias(base, alias) {
      if (reserved.has(alias)) throw new Error(`route is either already aliased or already maps to a handle: ${alias}`);
      reserved.add(alias);
      aliases.set(base, [...(aliases.get(base) ?? []), alias]);
      let error: Error | undefined;
      for (const [endpoint, handler] of routes.get(base) ?? []) {
        const inner = forceAdd(alias, endpoint, handler);
        error ??= inner;
      }
      if (error) throw error;
    },
    match: (path) => paths.get(path),
  };
}

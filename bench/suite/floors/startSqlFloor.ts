import http from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../../shared/listenOnLoopback';
import { sendJson } from '../../shared/sendJson';

/** One GET route of a floor: its path pattern and how it builds the body. */
export type FloorRoute = {
  /** Matched against the path (no query). */
  path: RegExp;
  /** The answer's body, from the path's groups and the query. */
  answer(match: RegExpExecArray, query: URLSearchParams): Promise<unknown>;
};

/**
 * A bare node:http server answering each route with the service's own statement builder,
 * formatter and page-token signing run directly on the database, then `JSON.stringify`: the
 * floor of the method bench/README.md describes (listValidators' baseline is the first of these).
 * The difference to the service is the stack: Express, sofa, Apollo Server, the gateway, GraphQL
 * execution, argument validation and Prisma.
 * @param routes the routes; others are 404
 * @param end releases what the routes hold, on close
 * @returns the listening server
 * @example const floor = await startSqlFloor([utxosFloorRoute(run, signer)])
 */
export async function startSqlFloor(routes: readonly FloorRoute[], end?: () => Promise<void>): Promise<LoopbackServer> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    const target = new URL(request.url ?? '/', 'http://127.0.0.1');
    for (const route of routes) {
      const match = route.path.exec(target.pathname);
      if (request.method !== 'GET' || !match) continue;
      route.answer(match, target.searchParams).then(
        (body) => send(200, body),
        (error: Error) => send(500, { statusCode: 500, error: 'Internal Server Error', message: error.message }),
      );
      return;
    }
    send(404, { statusCode: 404, error: 'Not Found' });
  });
  return listenOnLoopback(server, { afterClose: async () => { await end?.(); } });
}

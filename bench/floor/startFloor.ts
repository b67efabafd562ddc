// The floor every bench compares the service with: a bare node:http server whose routes run the
// service's own statements, formatters and page-token signing directly on the database, then
// `JSON.stringify`. What the service costs over it is the stack: Express, sofa, Apollo Server, the
// gateway, GraphQL execution, argument validation, DataLoader and Prisma.
import http, { type ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';

/** A request as a floor route sees it. */
export type FloorRequest = {
  /** Path and query, exactly as requested. */
  target: string;
  url: URL;
  /** The request body (POST only; '' for GET). */
  body: string;
};

/** One route of the floor: which requests it takes and how it builds the answer. */
export type FloorRoute = {
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** Matched against the path (no query). */
  path: RegExp;
  /**
   * The answer's body (a {@link JsonText} is sent as it is), or undefined when the route does not
   * answer this request after all (the next route is tried).
   */
  answer(request: FloorRequest, match: RegExpExecArray): Promise<unknown> | undefined;
};

/** A body that is JSON text already. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Starts the floor on a loopback port.
 * @param routes the routes, tried in order; a request none answers is 404
 * @param end releases what the routes hold, on close
 * @returns the listening server
 * @example const floor = await startFloor([utxosFloorRoute(run, signer), metricsFloorRoute(run, signer)])
 */
export async function startFloor(routes: readonly FloorRoute[], end?: () => Promise<void>): Promise<LoopbackServer> {
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const target = request.url ?? '/';
    const answer = (body: string) => {
      const floorRequest: FloorRequest = { target, url: new URL(target, 'http://127.0.0.1'), body };
      for (const route of routes) {
        if ((route.method ?? 'GET') !== method) continue;
        const match = route.path.exec(floorRequest.url.pathname);
        const answered = match ? route.answer(floorRequest, match) : undefined;
        if (!answered) continue;
        answered.then(
          (result) => sendJson(response, 200, result),
          (error: Error) =>
            sendJson(response, 500, { statusCode: 500, error: 'Internal Server Error', message: error.message }),
        );
        return;
      }
      sendJson(response, 404, { statusCode: 404, error: 'Not Found' });
    };
    if (method === 'GET') return answer('');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
  });
  return listenOnLoopback(server, {
    afterClose: async () => {
      await end?.();
    },
  });
}

/**
 * Sends `body` as JSON with its exact length, as the service's Express stack does, so floor and
 * service send the same bytes and headers.
 * @example sendJson(response, 200, { validators: [] })
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const json = body instanceof JsonText ? body.text : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

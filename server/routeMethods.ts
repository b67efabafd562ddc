// HTTP methods the way a production API answers them (RFC 9110), for every route of the service
// outside the node RPC, whose /ext answers are the node's own: HEAD wherever GET, answered with the
// GET's status and headers and no content; a GET's or HEAD's body read and discarded; OPTIONS and
// other methods answered from the methods the path has (204 or 405, with `Allow`).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PathMethods } from '../rest-facade/routeMatcher';
import { bodyTooLargeMessage, readBody } from '../shared/readBody';

/** How one part of the service words a refusal: REST's `{message, statusCode, error}`, GraphQL's `{errors}`. */
export type Refuse = (response: Response, status: number, message: string) => void;

/** A part of the service: the paths it serves and how it refuses. */
export type RouteSurface = {
  /** The methods answered at the request's path, whatever the request's own method; undefined when the part has no such path. */
  methodsAt: (request: Request) => PathMethods | undefined;
  refuse: Refuse;
};

/** A path of the service: its methods, template, and its part's way of refusing. */
export type ServedPath = PathMethods & { refuse: Refuse };

/** The service's method table: what it serves at a request's path, or undefined for a path it does not serve. */
export type RouteMethods = (request: Request) => ServedPath | undefined;

/**
 * The method table of the service, from its parts (the first part that has the path answers).
 * @param surfaces the parts: REST routes, fixed GET paths (health, metrics, pages), /graphql
 * @returns the table
 * @example const routes = routeMethods([{ methodsAt: fixedPaths(['/metrics'], ['GET', 'HEAD']), refuse }])
 */
export function routeMethods(surfaces: readonly RouteSurface[]): RouteMethods {
  return (request) => {
    for (const { methodsAt, refuse } of surfaces) {
      const served = methodsAt(request);
      if (served) return { ...served, refuse };
    }
    return undefined;
  };
}

/**
 * Paths served by Express routes, found the way Express finds them: case-insensitively, with or
 * without one trailing slash.
 * @param paths the routes' paths (also their templates)
 * @param methods what they answer
 * @returns the lookup of a {@link RouteSurface}
 * @example fixedPaths(['/health/live', '/metrics'], ['GET', 'HEAD'])
 */
export function fixedPaths(paths: Iterable<string>, methods: readonly string[]): RouteSurface['methodsAt'] {
  const templates = new Map([...paths].map((path) => [expressKey(path), path]));
  return (request) => {
    const template = templates.get(expressKey(request.path));
    return template === undefined ? undefined : { template, methods };
  };
}

function expressKey(path: string): string {
  return (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
}

/**
 * Mount first, before any route: what the methods themselves ask of every route.
 * - **HEAD** is answered by the GET routes (Express routes, the REST route match, /openapi.json and
 *   /graphql's hand-over to Apollo Server take it for GET); Node writes no content for it, and this
 *   adds the Content-Length a handler's `end(body)` leaves out,
 *   so the HEAD's headers are the GET's (RFC 9110 section 9.3.2). The node RPC's HEAD answers get it
 *   too, as Go's net/http gives them.
 * - **A GET's or HEAD's body** has no meaning (RFC 9110 section 9.3.1): on a path the service serves
 *   it is read and discarded before any route runs, so no route ever parses it (/graphql would
 *   parse a JSON one) and the connection stays in step; over the 1 MiB every body is held to, the
 *   answer is 413, as for a POST (the rest is drained, so the client reads the answer).
 * - **OPTIONS** on a served path is 204 with `Allow` (Express would answer for the routes of one
 *   router only, which at /graphql lists GET and HEAD, not POST).
 *
 * @param routes the service's method table
 * @returns the middleware
 * @example app.use(answerMethods(routes))
 */
export function answerMethods(routes: RouteMethods): RequestHandler {
  return (request, response, next) => {
    const method = request.method;
    if (method === 'POST') return next();
    if (method === 'HEAD') endWithLength(response);
    if (method === 'GET' || method === 'HEAD') {
      if (!hasBody(request)) return next();
      const served = routes(request);
      return served ? discardBody(request, response, next, served.refuse) : next();
    }
    if (method !== 'OPTIONS') return next();
    const served = routes(request);
    if (!served) return next();
    response.locals.route = served.template;
    request.resume();
    response.status(204).setHeader('allow', served.methods.join(', ')).end();
  };
}

/**
 * Mount last, before the 404: a request no route answered, on a path the service serves with other
 * methods (DELETE or PUT on a GET route, GET on a POST route), is 405 with `Allow`, refused in its
 * part's error shape and labelled with the path's template. Any other unanswered request goes on
 * (to the 404).
 * @param routes the service's method table
 * @returns the middleware
 * @example app.use(refuseOtherMethods(routes))
 */
export function refuseOtherMethods(routes: RouteMethods): RequestHandler {
  return (request, response, next) => {
    const served = routes(request);
    if (!served || served.methods.includes(request.method)) return next();
    response.locals.route = served.template;
    response.setHeader('allow', served.methods.join(', '));
    served.refuse(response, 405, `${request.path} answers ${listed(served.methods)}, not ${request.method}`);
  };
}

/** `GET`, `GET and HEAD`, `GET, HEAD and POST`. */
function listed(methods: readonly string[]): string {
  return methods.length <= 1 ? methods.join('') : `${methods.slice(0, -1).join(', ')} and ${methods.at(-1)}`;
}

/** A request carries a body: a length above zero, or chunks. */
function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Reads a body to its end and drops it; over the service's limit, 413 (announced or counted). */
function discardBody(request: Request, response: Response, next: NextFunction, refuse: Refuse): void {
  readBody(request).then(
    (read) => {
      if (read.kind === 'tooLarge') return refuse(response, 413, bodyTooLargeMessage());
      // As a body parser leaves a request it found no body in (Apollo's integration asks for the property).
      request.body = undefined;
      next();
    },
    // An upload cut off: the connection is gone, there is no one to answer.
    () => undefined,
  );
}

/** On a HEAD answer, `end(body)` also sets the Content-Length the GET's answer has (Go's net/http does the same). */
function endWithLength(response: Response): void {
  const end = response.end;
  response.end = function endHead(this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const length =
      typeof chunk === 'string'
        ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? chunk.byteLength
          : undefined;
    const bodyAllowed = this.statusCode >= 200 && this.statusCode !== 204 && this.statusCode !== 304;
    if (
      length !== undefined &&
      bodyAllowed &&
      !this.headersSent &&
      !this.hasHeader('content-length') &&
      !this.hasHeader('transfer-encoding')
    ) {
      this.setHeader('Content-Length', length);
    }
    return (end as (...args: unknown[]) => Response).call(this, chunk, encoding, callback);
  } as Response['end'];
}

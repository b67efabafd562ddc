// Every request gets an ID, returned in `x-request-id` and carried by its log lines, so a client's
// report ("request 5f0c… failed") finds the server's lines. An ID the caller sent is kept when it is
// short and plain (a proxy's or a load balancer's), so one ID follows the request across hops.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/createLoggerFactory';

/** The response header (and accepted request header) carrying the request ID. */
export const REQUEST_ID_HEADER = 'x-request-id';

const plainId = /^[\w.:-]{1,128}$/;

/**
 * Express middleware: assigns the request ID (`response.locals.requestId`), answers it in
 * `x-request-id`, and writes one line per finished request on `logger` at INFO: method, path,
 * route template, status, duration.
 * @param logger the `http` logger
 * @returns the middleware, first in the chain
 * @example app.use(createRequestLog(loggers.get('http')))
 */
export function createRequestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    const sent = request.headers[REQUEST_ID_HEADER];
    const requestId = typeof sent === 'string' && plainId.test(sent) ? sent : randomUUID();
    response.locals.requestId = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    response.on('finish', () => {
      logger.info('request', {
        reqId: requestId,
        method: request.method,
        // The path only: query strings can carry addresses a deployment may not want in its logs.
        path: request.originalUrl.split('?', 1)[0],
        route: response.locals.route,
        status: response.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  };
}

// Every request gets an ID, returned in `x-request-id` and carried by its log lines, so a client's
// report ("request 5f0c… failed") finds the server's lines. An ID the caller sent is kept when it is
// short and plain (a proxy's or a load balancer's), so one ID follows the request across hops.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/createLoggerFactory';
import { errorMessageOf } from './errorAnswers';
import { routeTemplate, type FinishedRequestObserver } from './finishedRequests';

/** The response header (and accepted request header) carrying the request ID. */
export const REQUEST_ID_HEADER = 'x-request-id';

const plainId = /^[\w.:-]{1,128}$/;

/**
 * Express middleware: assigns the request ID (`response.locals.requestId`) and answers it in
 * `x-request-id`. Mount it before anything that logs.
 * @returns the middleware
 * @example app.use(assignRequestId())
 */
export function assignRequestId() {
  return (request: Request, response: Response, next: NextFunction) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const requestId = typeof sent === 'string' && plainId.test(sent) ? sent : randomUUID();
    response.locals.requestId = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    next();
  };
}

/**
 * The request log: one line per finished request on `logger` at INFO, with its ID, method, path,
 * route template, status, duration and, for an error answer, the message it carried (`error`). A
 * terminal shows it as one line, `GET /v1/networks/nowhere/subnets 400 0.8 ms: <message>`.
 * @param logger the `http` logger
 * @returns the observer (finishedRequests.ts)
 * @example app.use(observeFinishedRequests([requestLogLine(loggers.get('http'))]))
 */
export function requestLogLine(logger: Logger): FinishedRequestObserver {
  return ({ request, response, seconds }) => {
    if (!logger.enabled('INFO')) return;
    // The path only: query strings can carry addresses a deployment may not want in its logs.
    const path = request.originalUrl.split('?', 1)[0];
    const ms = Math.round(seconds * 10_000) / 10;
    const error = errorMessageOf(response);
    logger.info(
      'request',
      {
        reqId: response.locals.requestId,
        method: request.method,
        path,
        route: routeTemplate({ request, response }),
        status: response.statusCode,
        ms,
        ...(error === undefined ? {} : { error }),
      },
      {
        terminal: `${request.method} ${path} ${response.statusCode} ${ms} ms${error === undefined ? '' : `: ${error}`}`,
      },
    );
  };
}

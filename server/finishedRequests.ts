import type { NextFunction, Request, Response } from 'express';

/** A request once its answer has been handed to the connection. */
export type FinishedRequest = {
  request: Request;
  response: Response;
  /** From the start of the middleware chain to the answer's last byte handed over, seconds. */
  seconds: number;
};

/** Something recorded per answered request: the request log, the HTTP metrics. */
export type FinishedRequestObserver = (finished: FinishedRequest) => void;

/**
 * Express middleware that times every request and hands it, once answered, to each observer.
 * One `finish` listener per response serves them all: every listener on a response costs a few
 * microseconds per request, which a short request notices.
 * @param observers called in order when the response has finished
 * @returns the middleware; mount it first, so the time covers the whole chain
 * @example app.use(observeFinishedRequests([requestLogLine(logger), metrics.observeRequest]))
 */
export function observeFinishedRequests(observers: readonly FinishedRequestObserver[]) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.on('finish', () => {
      const finished = { request, response, seconds: (performance.now() - started) / 1000 };
      for (const observe of observers) observe(finished);
    });
    next();
  };
}

/**
 * The route template a request was answered by, for its log line and its metrics: what the REST
 * facade and the other routers set in `response.locals.route` (`/v1/networks/{network}/subnets`),
 * else the Express route that answered (`/health/live`); undefined when no route claimed it.
 * @param finished the request and its response
 * @returns the template, never the raw path
 * @example routeTemplate({ request, response }) ?? 'unmatched'
 */
export function routeTemplate({
  request,
  response,
}: Pick<FinishedRequest, 'request' | 'response'>): string | undefined {
  if (typeof response.locals.route === 'string') return response.locals.route;
  return request.route ? `${request.baseUrl}${String(request.route.path)}` : undefined;
}

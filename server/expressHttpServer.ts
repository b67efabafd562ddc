import http from 'node:http';
import type { Express } from 'express';

const bornExpress = new WeakMap<Express, http.ServerOptions>();

/**
 * An HTTP server for an Express app whose requests and responses are created as Express's.
 *
 * Express gives each request and response its app's prototypes (`app.request`, `app.response`)
 * with `Object.setPrototypeOf` as it arrives. Changing an object's prototype after it was built
 * throws away V8's optimised shapes for it, so Node's own HTTP code then handles every request
 * the slow way, a large share of a short request's CPU (expressjs/express#5998). Node lets a
 * server choose the classes it builds requests and
 * responses from, so here they are subclasses whose prototypes inherit from the app's; those
 * prototypes become `app.request` and `app.response`, and Express's `setPrototypeOf` then finds
 * the prototype already in place. Every Express method and property is inherited as before, and
 * the app still works when served another way (Express's own `app.listen`), through Express's own path.
 *
 * @param app the Express app; its `request` and `response` prototypes are replaced once, by their subclasses
 * @returns a server not yet listening
 * @example createExpressHttpServer(app).listen(8080)
 */
export function createExpressHttpServer(app: Express): http.Server {
  let options = bornExpress.get(app);
  if (!options) {
    class ExpressRequest extends http.IncomingMessage {}
    class ExpressResponse extends http.ServerResponse {}
    Object.setPrototypeOf(ExpressRequest.prototype, app.request);
    Object.setPrototypeOf(ExpressResponse.prototype, app.response);
    app.request = ExpressRequest.prototype as Express['request'];
    app.response = ExpressResponse.prototype as Express['response'];
    options = { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as typeof http.ServerResponse };
    bornExpress.set(app, options);
  }
  return http.createServer(options, app);
}

// CORS on the node RPC, as avalanchego wraps its HTTP server in rs/cors (`--http-allowed-origins`,
// default `*`, credentials allowed): browser wallets and dapps call a node from any page.
import type { Request, Response } from 'express';

/**
 * Adds the CORS headers of an allowed origin; answers a preflight itself.
 * @param request the request
 * @param response the response
 * @param origins allowed origins (`*`: any)
 * @returns true when the request was a preflight and is answered
 * @example if (applyCors(request, response, ['*'])) return
 */
export function applyCors(request: Request, response: Response, origins: readonly string[]): boolean {
  const origin = request.headers.origin;
  const allowed = origin !== undefined && (origins.includes('*') || origins.includes(origin));
  const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
  response.vary('Origin');
  if (allowed) {
    // With credentials allowed, rs/cors echoes the origin instead of `*`.
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-credentials', 'true');
  }
  if (!preflight) return false;
  response.vary('Access-Control-Request-Method').vary('Access-Control-Request-Headers');
  if (allowed) {
    response.setHeader(
      'access-control-allow-methods',
      String(request.headers['access-control-request-method']).toUpperCase(),
    );
    const headers = request.headers['access-control-request-headers'];
    if (headers) response.setHeader('access-control-allow-headers', headers);
  }
  response.status(204).end();
  return true;
}

import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { statusBody } from './errorBody';

/** The header of spec section 5. */
export const apiKeyHeader = 'x-service-api-key';

/**
 * Express middleware for API keys (spec section 5). With no keys configured the service is open
 * and the header is ignored, as a self-hosted deployment usually wants; with keys configured a
 * request without one of them is a 401.
 *
 * @param keys accepted keys (`API_KEYS`); empty: no key needed
 * @example app.use('/v1', requireApiKey(options.apiKeys))
 */
export function requireApiKey(keys: readonly string[]) {
  const accepted = keys.map((key) => Buffer.from(key));
  return (request: Request, response: Response, next: NextFunction) => {
    if (accepted.length === 0) return next();
    const given = request.header(apiKeyHeader);
    if (!given) {
      response.status(401).json(statusBody(401, `An API key is required: send it in the ${apiKeyHeader} header`));
      return;
    }
    const candidate = Buffer.from(given);
    if (!accepted.some((key) => key.length === candidate.length && timingSafeEqual(key, candidate))) {
      response.status(401).json(statusBody(401, 'The API key is not valid'));
      return;
    }
    next();
  };
}

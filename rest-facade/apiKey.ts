import type { Request } from 'express';
import { apiKeyHeader } from '../shared/apiKeyRequired';

/** The header existing clients of the hosted API send; accepted alike. */
export const glacierApiKeyHeader = 'x-glacier-api-key';

/**
 * The API key a request presents: `x-service-api-key`, else `x-glacier-api-key`; undefined when
 * neither is given (or both are empty). Checking it is access control's job (server/access/).
 *
 * @example readApiKey(request) // 'ads_…' or undefined
 */
export function readApiKey(request: Request): string | undefined {
  for (const header of [apiKeyHeader, glacierApiKeyHeader]) {
    const value = request.header(header)?.trim();
    if (value) return value;
  }
  return undefined;
}

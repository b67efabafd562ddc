// Who sees which recorded requests, and the filters every usage operation shares, as SQL conditions
// on `api_request` (alias r).
import { Prisma } from '../../../../prisma/generated/client';
import { apiKeyRequiredMessage } from '../../../../shared/apiKeyRequired';
import { ApiError, BadRequestError } from '../../../shared/errors';
import type { RequestCaller } from '../../../shared/subgraph';
import type { UsageRange } from './usageRange';

/** What a request without a key is answered as, and how an admin names the requests made without one. */
export const anonymousKey = 'anonymous';

/** The keys whose requests a caller sees, as a SQL condition, and the organization the answer names. */
export type UsageScope = { where: Prisma.Sql[]; orgId: string };

/**
 * The rows a caller may read: its own key's, or (an admin key) every key's, narrowed to the key the
 * request names (`apiKeyId`, `orgId`, `rlBypassApiToken`: a key is its own organization).
 * @param caller the request's key; absent: 401
 * @param named the keys the request names, by parameter
 * @throws ApiError 401 without a key; 403 when a key that is not an admin names another
 * @example usageScope(context.caller, { apiKeyId: args.apiKeyId, orgId: args.orgId })
 */
export function usageScope(caller: RequestCaller | undefined, named: Record<string, string | undefined>): UsageScope {
  if (!caller) throw new ApiError(401, apiKeyRequiredMessage);
  const where: Prisma.Sql[] = [];
  let orgId = caller.admin ? 'all' : caller.keyId;
  if (!caller.admin) where.push(Prisma.sql`r.key_id = ${caller.keyId}`);
  for (const [parameter, keyId] of Object.entries(named)) {
    if (keyId === undefined) continue;
    if (!caller.admin && keyId !== caller.keyId)
      throw new ApiError(403, `${parameter} ${keyId} is not this API key: a key sees only its own usage`);
    where.push(keyId === anonymousKey ? Prisma.sql`r.key_id IS NULL` : Prisma.sql`r.key_id = ${keyId}`);
    orgId = keyId;
  }
  return { where, orgId };
}

/**
 * The condition of the range: the `at` index (with the key first, for a key's own rows) bounds the scan.
 * @example rangeCondition({ from, to })
 */
export function rangeCondition(range: UsageRange): Prisma.Sql {
  return Prisma.sql`r.at >= ${range.from} AND r.at < ${range.to}`;
}

/**
 * `responseCode` as a number.
 * @throws BadRequestError when it is not an HTTP status code
 * @example statusCode('404') // 404
 */
export function statusCode(responseCode: string): number {
  const status = /^\d{3}$/.test(responseCode) ? Number(responseCode) : Number.NaN;
  if (!(status >= 100 && status <= 599))
    throw new BadRequestError('responseCode must be an HTTP status code, 100 to 599');
  return status;
}

/**
 * Conditions of the equality filters given, each on its column of `api_request`.
 * @param filters column → value; undefined values are no filter
 * @example equalityConditions({ chain_id: args.chainId, rpc_method: args.rpcMethod })
 */
export function equalityConditions(filters: Record<string, string | number | undefined>): Prisma.Sql[] {
  return Object.entries(filters).flatMap(([column, value]) =>
    value === undefined ? [] : [Prisma.sql`${Prisma.raw(`r.${column}`)} = ${value}`],
  );
}

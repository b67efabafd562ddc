// getApiLogs: the recorded requests one page at a time, newest first, on the `(key_id, at)` index for
// a key's own rows (the `at` index for an admin's), within the range.
import { Prisma } from '../../../../prisma/generated/client';
import { readSql } from '../../../../prisma/read/readSql';
import { bigintKey, timestampKey } from '../../../shared/paging/keyCodecs';
import type { Page } from '../../../shared/paging/page';
import { paginateSql } from '../../../shared/paging/paginateSql';
import { sortKey } from '../../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../../shared/subgraph';
import type { ApiLog } from '../../types/usage.type';
import type { RequestType } from '../../types/usage.type';
import { anonymousKey } from './usageFilters';

/** Where the service runs, for `hostRegion`: one self-hosted deployment has no regions. */
export const hostRegion = 'self-hosted';

/** A log row as read. */
export type ApiLogRow = {
  id: bigint;
  at: Date;
  request_id: string;
  key_id: string | null;
  key_name: string | null;
  request_type: string;
  request_path: string;
  response_code: number;
  chain_id: string | null;
  rpc_method: string | null;
  duration_ms: number;
  compute_units: number;
  ip_address: string;
  host: string;
  user_agent: string;
};

const logSortKeys = [sortKey<ApiLogRow>('at', timestampKey, 'r.at'), sortKey<ApiLogRow>('id', bigintKey, 'r.id')];

/**
 * A page of the recorded requests that meet `where`, newest first.
 * @param context the subgraph's reads and page-token signer
 * @param where conditions on `api_request r` (scope, range, filters)
 * @param args the request's arguments with the caller's key (`owner`): what its page tokens are bound to
 * @returns the page
 * @throws BadRequestError for a page token of another query
 * @example await listApiLogs(context, where, { ...args, owner: caller.keyId })
 */
export function listApiLogs(
  context: Pick<SubgraphDeps, 'read' | 'pageTokens'>,
  where: Prisma.Sql[],
  args: { pageSize: number; pageToken?: string; owner: string },
): Promise<Page<ApiLogRow>> {
  return paginateSql(
    { list: 'apiLogs', args, signer: context.pageTokens, order: 'desc', keys: logSortKeys },
    (keyset) => Prisma.sql`
      SELECT r.id, r.at, r.request_id, r.key_id, k.name AS key_name, r.request_type, r.request_path,
             r.response_code, r.chain_id, r.rpc_method, r.duration_ms, r.compute_units, r.ip_address, r.host, r.user_agent
      FROM api_request r LEFT JOIN api_key k ON k.id = r.key_id
      WHERE ${Prisma.join(where, ' AND ')} ${keyset.after()}
      ORDER BY ${keyset.orderBy()}
      LIMIT ${keyset.limit}`,
    (sql) => readSql<ApiLogRow>(context.read, sql),
  );
}

/**
 * A log row in the official LogsFormat: a key is its own organization, its name its alias (its ID
 * for a key of API_KEYS, which has no name); a request without a key is `anonymous`.
 * @example toApiLog(row).apiKeyAlias // 'explorer'
 */
export function toApiLog(row: ApiLogRow): ApiLog {
  const keyId = row.key_id ?? anonymousKey;
  return {
    orgId: keyId,
    logId: row.request_id,
    eventTimestamp: row.at.getTime(),
    apiKeyId: keyId,
    apiKeyAlias: row.key_name ?? keyId,
    hostRegion,
    requestType: row.request_type as RequestType,
    requestPath: row.request_path,
    apiCreditsConsumed: row.compute_units,
    requestDurationMsecs: row.duration_ms,
    responseCode: row.response_code,
    chainId: row.chain_id ?? undefined,
    rpcMethod: row.rpc_method ?? undefined,
    metadata: { ipAddress: row.ip_address, host: row.host, userAgent: row.user_agent },
  };
}

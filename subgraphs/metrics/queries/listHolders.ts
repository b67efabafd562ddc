import { Prisma } from '../../../prisma/generated/client';
import { stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetAddressesByBalanceOverTimeArgs } from '../types/holder.args';
import type { HoldersResponse } from '../types/holder.type';
import { readSql } from '../../../prisma/read/readSql';

type HolderRow = { address: string; balance: string; sortKey: bigint };

/** Holders in address order: a holder appears once, so the address is the whole key. */
const holderOrder = [sortKey<HolderRow>('address', stringKey, 'holder')];

const int8Max = 2n ** 63n - 1n;

/**
 * 4.19: the holders of an ERC-20 whose balance was above `threshold` at some time in
 * [startTimestamp, endTimestamp], in address order, with their balance at the window's end. The
 * token's holders are walked in address order (a skip scan of `erc20_balance_change(chain_id,
 * token_address, holder, block_timestamp, block_number)`, one index descent per holder), and each
 * is decided by two lookups of the same index: its balance when the window opens (the last change
 * before it) and whether a change inside the window left more than the threshold. The walk
 * stops as soon as the page is full, so a page costs what its holders (and the ones between them
 * that did not qualify) cost, whatever the token's history.
 * @param context the request's context
 * @param args chain, token, threshold, window and page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listHolders(context, args)
 */
export async function listHolders(
  context: SubgraphDeps,
  args: GetAddressesByBalanceOverTimeArgs,
): Promise<HoldersResponse> {
  const chain = args.chainId;
  const token = args.address;
  const threshold = Prisma.sql`${args.threshold.toString()}::numeric`;
  const start = BigInt(args.startTimestamp ?? 0);
  const end = args.endTimestamp === undefined ? int8Max : BigInt(args.endTimestamp);
  const ofHolder = (alias: string, holder: string) =>
    Prisma.sql`${Prisma.raw(alias)}.chain_id = ${chain} AND ${Prisma.raw(alias)}.token_address = ${token} AND ${Prisma.raw(alias)}.holder = ${Prisma.raw(holder)}`;
  const page = await paginateSql(
    { list: 'holders', args, signer: context.pageTokens, order: 'asc', keys: holderOrder },
    (k) => Prisma.sql`
      WITH RECURSIVE walk (holder, found, qualifies) AS (
        SELECT ''::bytea, 0, false
        UNION ALL
        SELECT n.holder, w.found + q.ok::int, q.ok
        FROM walk w
        CROSS JOIN LATERAL (
          SELECT e.holder FROM erc20_balance_change e
          WHERE e.chain_id = ${chain} AND e.token_address = ${token} AND e.holder > w.holder ${k.after('e')}
          ORDER BY e.holder LIMIT 1) n
        CROSS JOIN LATERAL (SELECT
          coalesce((SELECT s.balance > ${threshold} FROM erc20_balance_change s WHERE ${ofHolder('s', 'n.holder')} AND s.block_timestamp < ${start}
                    ORDER BY s.block_timestamp DESC, s.block_number DESC LIMIT 1), false)
          OR EXISTS (SELECT 1 FROM erc20_balance_change x WHERE ${ofHolder('x', 'n.holder')} AND x.block_timestamp >= ${start}
                     AND x.block_timestamp <= ${end} AND x.balance > ${threshold}) AS ok) q
        WHERE w.found < ${k.limit})
      SELECT w.holder AS address, l.balance::text AS balance, l.block_timestamp AS "sortKey"
      FROM walk w
      CROSS JOIN LATERAL (SELECT l.balance, l.block_timestamp FROM erc20_balance_change l WHERE ${ofHolder('l', 'w.holder')} AND l.block_timestamp <= ${end}
                          ORDER BY l.block_timestamp DESC, l.block_number DESC LIMIT 1) l
      WHERE w.qualifies
      ORDER BY w.holder LIMIT ${k.limit}`,
    (sql) => readSql<HolderRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    addresses: page.items.map((row) => ({
      address: row.address,
      sortKey: row.sortKey.toString(),
      balance: row.balance,
    })),
  };
}

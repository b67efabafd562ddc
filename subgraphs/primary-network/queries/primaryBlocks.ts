import { Prisma, type PrimaryNetworkBlock as BlockRow } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import { BadRequestError } from '../../shared/errors';
import { bigintKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey } from '../../shared/paging/sortKey';
import { selectColumns } from './selectColumns';

/**
 * Newest first by block time, then height (unique per chain): the order of every P-/X-Chain block
 * list, served by `primary_network_block(network, blockchain_id, block_timestamp, block_number)`
 * and, per proposer, `(network, blockchain_id, proposer_node_id, block_timestamp, block_number)`.
 */
export const primaryBlockOrder = [
  sortKey<BlockRow>('blockTimestamp', bigintKey),
  sortKey<BlockRow>('blockNumber', bigintKey),
];

/**
 * The `blockTimestamp` filter of a block list's time range, both ends inclusive.
 * @param range `startTimestamp` and `endTimestamp`, Unix seconds, either optional
 * @returns a Prisma filter on `blockTimestamp` (empty when neither end is given)
 * @throws BadRequestError when the start is after the end
 * @example blockTimeRange({ startTimestamp: 1_700_000_000 }) // { gte: 1700000000n }
 */
export function blockTimeRange(range: { startTimestamp?: number; endTimestamp?: number }): {
  gte?: bigint;
  lte?: bigint;
} {
  const { startTimestamp: start, endTimestamp: end } = range;
  if (start !== undefined && end !== undefined && start > end)
    throw new BadRequestError('startTimestamp must not be after endTimestamp');
  return {
    ...(start !== undefined ? { gte: BigInt(start) } : {}),
    ...(end !== undefined ? { lte: BigInt(end) } : {}),
  };
}

/** Fields of a block row that are numeric in SQL: Prisma gives them as Decimals. */
const decimalFields = Object.entries(dataModel.models.PrimaryNetworkBlock.fields)
  .filter(([, field]) => field.type === 'Decimal')
  .map(([name]) => name);

/**
 * listLatestPrimaryNetworkBlocks: one page of a chain's blocks, newest first, as one range of
 * `primary_network_block(network, blockchain_id, block_timestamp, block_number)` (raw SQL: the page
 * costs less than Prisma's handling of it).
 * @param chain the chain and its network
 * @param range the `blockTimestamp` bounds ({@link blockTimeRange})
 * @param k the keyset pieces of paginateSql
 * @returns the statement; its rows go through {@link toBlockRow}
 * @example await paginateSql(request, (k) => latestBlocksSql(chain, range, k), run)
 */
export function latestBlocksSql(
  chain: { network: DbNetwork; blockchainId: string },
  range: { gte?: bigint; lte?: bigint },
  k: KeysetSql,
): Prisma.Sql {
  return Prisma.sql`SELECT ${selectColumns('PrimaryNetworkBlock', 'b')} FROM primary_network_block b
    WHERE b.network = CAST(${dataModel.enums.Network[chain.network]} AS network) AND b.blockchain_id = ${chain.blockchainId}
      ${range.gte === undefined ? Prisma.empty : Prisma.sql`AND b.block_timestamp >= ${range.gte}`}
      ${range.lte === undefined ? Prisma.empty : Prisma.sql`AND b.block_timestamp <= ${range.lte}`}
      ${k.after('b')}
    ORDER BY ${k.orderBy('b')} LIMIT ${k.limit}`;
}

/**
 * A raw row of {@link latestBlocksSql} as Prisma's row type (numeric columns read as text become Decimals).
 * @example rows.map(toBlockRow)
 */
export function toBlockRow(row: Record<string, unknown>): BlockRow {
  for (const field of decimalFields)
    if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
  return row as unknown as BlockRow;
}

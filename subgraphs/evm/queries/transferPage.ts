import { Prisma } from '../../../prisma/generated/client';
import { bigintKey, intKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import type { PageRequest } from '../../shared/paging/page';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { pageArgs, type AccountListRequest } from './accountRange';
import { blockRangeSql } from './blockRangeSql';

/** A transfer item with its block. */
export type TransferRow = {
  txHash: string;
  blockNumber: bigint;
  logIndex: number;
  batchIndex: number;
  tokenAddress: string;
  from: string;
  to: string;
  value: Prisma.Decimal;
  tokenId: Prisma.Decimal | null;
  blockHash: string;
  blockTimestamp: bigint;
};

/**
 * Newest first: a log index is unique in its block and a batch index in its log, so the three
 * keys order transfers totally (indexes `evm_token_transfer(chain_id, from_address | to_address,
 * erc_type, block_number, log_index, batch_index)`).
 */
const transferOrder = [
  sortKey<TransferRow>('blockNumber', bigintKey, 'block_number'),
  sortKey<TransferRow>('logIndex', intKey, 'log_index'),
  sortKey<TransferRow>('batchIndex', intKey, 'batch_index'),
];

/** The kinds of transfer a page lists. */
export type TransferKind = 'ERC-20' | 'ERC-721' | 'ERC-1155';

/**
 * What the transfer lists page by: the list, the arguments the token is bound to, the signer and
 * the keyset order (newest first).
 * @param context the request's context
 * @param request chain, address, block range, page
 * @param ercType which transfers
 * @returns the paging request for paginateSql
 * @example await paginateSql(transferPaging(context, request, 'ERC-20'), (k) => transferPageSql(request, 'ERC-20', k), run)
 */
export function transferPaging(
  context: EvmContext,
  request: AccountListRequest,
  ercType: TransferKind,
): PageRequest<TransferRow> {
  return {
    list: 'transfers',
    args: pageArgs(request, ercType),
    signer: context.pageTokens,
    order: 'desc',
    keys: transferOrder,
  };
}

/**
 * The statement of a page of transfers: two index ranges, one per side, each with the keyset and
 * LIMIT inside; a transfer from the address to itself comes from the sender side only, so it
 * appears once. Rows are {@link TransferRow}s plus `ordinal`, their place in the page (from 1), for
 * a statement that aggregates them.
 * @param request chain, address, block range
 * @param ercType which transfers
 * @param k the keyset pieces (paginateSql)
 * @returns the statement
 * @example Prisma.sql`WITH page AS MATERIALIZED (${transferPageSql(request, 'ERC-20', k)}) SELECT …`
 */
export function transferPageSql(request: AccountListRequest, ercType: TransferKind, k: KeysetSql): Prisma.Sql {
  const chainId = request.chain.chainId;
  const address = request.address;
  const range = blockRangeSql('t', request);
  const columns = Prisma.raw(
    't.chain_id, t.tx_hash, t.block_number, t.log_index, t.batch_index, t.token_address, t.from_address, t.to_address, t.value, t.token_id',
  );
  return Prisma.sql`
      SELECT x.tx_hash AS "txHash", x.block_number AS "blockNumber", x.log_index AS "logIndex", x.batch_index AS "batchIndex",
        x.token_address AS "tokenAddress", x.from_address AS "from", x.to_address AS "to", x.value, x.token_id AS "tokenId",
        b.hash AS "blockHash", b.timestamp AS "blockTimestamp", row_number() OVER (ORDER BY ${k.orderBy('x')}) AS ordinal
      FROM (
        (SELECT ${columns} FROM evm_token_transfer t
          WHERE t.chain_id = ${chainId} AND t.from_address = ${address} AND t.erc_type = CAST(${ercType} AS erc_type) ${range} ${k.after('t')}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
        UNION ALL
        (SELECT ${columns} FROM evm_token_transfer t
          WHERE t.chain_id = ${chainId} AND t.to_address = ${address} AND t.erc_type = CAST(${ercType} AS erc_type) AND t.from_address <> ${address} ${range} ${k.after('t')}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
      ) x
      JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number
      ORDER BY ${k.orderBy('x')} LIMIT ${k.limit}`;
}

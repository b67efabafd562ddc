import { Prisma } from '../../../prisma/generated/client';
import { bigintKey, intKey } from '../../shared/paging/keyCodecs';
import type { Page } from '../../shared/paging/page';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import type { EvmContext } from '../context';
import { pageArgs, type AccountListRequest } from './accountRange';
import { blockRangeSql } from './blockRangeSql';
import { checkBlockRange } from './checkBlockRange';

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

/**
 * A page of the transfers of one kind that an address sent or received, in a block range, newest
 * first (4.8–4.10). Two index ranges, one per side, each with the keyset and LIMIT inside; a
 * transfer from the address to itself comes from the sender side only, so it appears once.
 * @param context the request's context
 * @param request chain, address, block range, page
 * @param ercType which transfers
 * @returns the page, each item with its block's hash and time
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await transferPage(context, { chain, address, pageSize: 10 }, 'ERC-20')
 */
export async function transferPage(context: EvmContext, request: AccountListRequest, ercType: 'ERC-20' | 'ERC-721' | 'ERC-1155'): Promise<Page<TransferRow>> {
  checkBlockRange(request.startBlock, request.endBlock);
  const chainId = request.chain.chainId;
  const address = request.address;
  const range = blockRangeSql('t', request);
  const columns = Prisma.raw('t.chain_id, t.tx_hash, t.block_number, t.log_index, t.batch_index, t.token_address, t.from_address, t.to_address, t.value, t.token_id');
  return paginateSql(
    { list: 'transfers', args: pageArgs(request, ercType), signer: context.pageTokens, order: 'desc', keys: transferOrder },
    (k) => Prisma.sql`
      SELECT x.tx_hash AS "txHash", x.block_number AS "blockNumber", x.log_index AS "logIndex", x.batch_index AS "batchIndex",
        x.token_address AS "tokenAddress", x.from_address AS "from", x.to_address AS "to", x.value, x.token_id AS "tokenId",
        b.hash AS "blockHash", b.timestamp AS "blockTimestamp"
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
      ORDER BY ${k.orderBy('x')} LIMIT ${k.limit}`,
    (sql) => readSql<TransferRow>(context.read, sql, KEEP_PLAN),
  );
}

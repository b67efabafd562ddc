import { Prisma } from '../../../prisma/generated/client';
import { bigintKey, intKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import type { InternalTxType } from '../types/evmEnums';
import type { ListInternalTransactionsResponse } from '../types/transfer.type';
import { loadAddressBook } from './accountReferences';
import { pageArgs, type AccountListRequest } from './accountRange';
import { blockRangeSql } from './blockRangeSql';
import { checkBlockRange } from './checkBlockRange';
import { readSql } from '../../../prisma/read/readSql';

type InternalRow = {
  txHash: string;
  traceIndex: number;
  blockNumber: bigint;
  from: string;
  to: string;
  internalTxType: InternalTxType;
  value: Prisma.Decimal;
  gasUsed: Prisma.Decimal;
  gasLimit: Prisma.Decimal;
  isReverted: boolean;
  blockHash: string;
  blockTimestamp: bigint;
};

/**
 * Newest block first; within a block by transaction hash, then trace position: the order of the
 * indexes `evm_internal_transaction(chain_id, from_address | to_address, block_number, tx_hash,
 * trace_index)`, total because (tx_hash, trace_index) is the frame's key.
 */
const internalOrder = [
  sortKey<InternalRow>('blockNumber', bigintKey, 'block_number'),
  sortKey<InternalRow>('txHash', stringKey, 'tx_hash'),
  sortKey<InternalRow>('traceIndex', intKey, 'trace_index'),
];

/** 2.9: only frames that move value or create a contract are listed. */
export const listedFrames = Prisma.sql`(t.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3') OR (t.internal_tx_type IN ('CALL', 'CALLCODE') AND t.value > 0))`;

/**
 * 4.11: internal transactions an address sent or received in a block range, newest first: CALL and
 * CALLCODE frames with a non-zero value, and CREATE, CREATE2, CREATE3 frames (2.9), each with
 * `isReverted`. Two index ranges (sender side, receiver side), each with the keyset and LIMIT inside;
 * a frame from the address to itself appears once.
 * @param context the request's context
 * @param request chain, address, block range, page
 * @returns the page
 * @throws BadRequestError for startBlock > endBlock or a token of another query
 * @example await listInternalTransactions(context, { chain, address, pageSize: 10 })
 */
export async function listInternalTransactions(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListInternalTransactionsResponse> {
  checkBlockRange(request.startBlock, request.endBlock);
  const chainId = request.chain.chainId;
  const address = request.address;
  const range = blockRangeSql('t', request);
  const columns = Prisma.raw(
    't.chain_id, t.tx_hash, t.trace_index, t.block_number, t.from_address, t.to_address, t.internal_tx_type, t.value, t.gas_used, t.gas_limit, t.is_reverted',
  );
  const page = await paginateSql(
    {
      list: 'transfers',
      args: pageArgs(request, 'internal'),
      signer: context.pageTokens,
      order: 'desc',
      keys: internalOrder,
    },
    (k) => Prisma.sql`
      SELECT x.tx_hash AS "txHash", x.trace_index AS "traceIndex", x.block_number AS "blockNumber", x.from_address AS "from",
        x.to_address AS "to", x.internal_tx_type::text AS "internalTxType", x.value, x.gas_used AS "gasUsed", x.gas_limit AS "gasLimit",
        x.is_reverted AS "isReverted", b.hash AS "blockHash", b.timestamp AS "blockTimestamp"
      FROM (
        (SELECT ${columns} FROM evm_internal_transaction t
          WHERE t.chain_id = ${chainId} AND t.from_address = ${address} AND ${listedFrames} ${range} ${k.after('t')}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
        UNION ALL
        (SELECT ${columns} FROM evm_internal_transaction t
          WHERE t.chain_id = ${chainId} AND t.to_address = ${address} AND t.from_address <> ${address} AND ${listedFrames} ${range} ${k.after('t')}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
      ) x
      JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number
      ORDER BY ${k.orderBy('x')} LIMIT ${k.limit}`,
    (sql) => readSql<InternalRow>(context.read, sql),
  );
  const book = await loadAddressBook(
    context,
    chainId,
    page.items.flatMap((t) => [t.from, t.to]),
  );
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((t) => ({
      blockNumber: t.blockNumber.toString(),
      blockTimestamp: Number(t.blockTimestamp),
      blockHash: t.blockHash,
      txHash: t.txHash,
      from: book.account(t.from),
      to: book.account(t.to),
      internalTxType: t.internalTxType,
      value: t.value.toFixed(),
      isReverted: t.isReverted,
      gasUsed: t.gasUsed.toFixed(),
      gasLimit: t.gasLimit.toFixed(),
    })),
  };
}

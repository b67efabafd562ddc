import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { NotFoundError } from '../../shared/errors';
import { intKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { BlockIdParam } from '../../shared/params/blockId';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import {
  formatNativeTransaction,
  nativeTransactionFields,
  type NativeTransactionRow,
} from '../formatters/nativeTransaction';
import type { ListNativeTransactionsResponse } from '../types/transaction.type';
import { loadAddressBook } from './accountReferences';

/** A block's transactions in block order (unique index `evm_transaction(chain_id, block_number, block_index)`). */
const blockOrder = [sortKey<NativeTransactionRow>('blockIndex', intKey)];
/** The columns the answer reads (not the signatures and access lists). */
const transactionColumns = Prisma.raw(modelColumnsSql('EvmTransaction', 't', nativeTransactionFields));

/**
 * 4.13: the transactions of a block named by number or hash, in block order. `pageSize` 0 (the
 * default) serves the whole block in one page, up to 10,000 transactions (limits.ts `zero`; a
 * larger block continues with nextPageToken). Tokens are bound to the block, not to how it was named.
 * @param context the request's context
 * @param request chain, block, page
 * @returns the page
 * @throws NotFoundError for a block the chain does not have (yet)
 * @example await getTransactionsForBlock(context, { chain, blockId: { number: 71000000n }, pageSize: 0 })
 */
export async function getTransactionsForBlock(
  context: EvmContext,
  request: { chain: EvmChain; blockId: BlockIdParam; pageSize: number; pageToken?: string | null },
): Promise<ListNativeTransactionsResponse> {
  const chainId = request.chain.chainId;
  const block = await ('number' in request.blockId
    ? context.loaders.block.load({ chainId, number: request.blockId.number })
    : context.loaders.blockByHash.load({ chainId, hash: request.blockId.hash }));
  if (!block) {
    const shown = 'number' in request.blockId ? request.blockId.number.toString() : request.blockId.hash;
    throw new NotFoundError(`blockId ${shown} is not a block of chain ${chainId} indexed by this service`);
  }
  const args = { chainId, blockNumber: block.number, pageSize: request.pageSize, pageToken: request.pageToken };
  // Raw SQL through `read`, not Prisma's client: a whole block is the endpoint's default page.
  const page = await paginateSql(
    { list: 'blockTransactions', args, signer: context.pageTokens, order: 'asc', keys: blockOrder },
    (
      k,
    ) => Prisma.sql`SELECT ${transactionColumns} FROM evm_transaction t WHERE t.chain_id = ${chainId} AND t.block_number = ${block.number} ${k.after('t')}
      ORDER BY ${k.orderBy('t')} LIMIT ${k.limit}`,
    async (sql) =>
      (await readSql<Record<string, unknown>>(context.read, sql, KEEP_PLAN)).map((row) =>
        toModelRow<NativeTransactionRow>('EvmTransaction', row),
      ),
  );
  const calls = page.items.filter((tx) => tx.to !== null && tx.input !== '0x' && tx.methodHash);
  const [book, names] = await Promise.all([
    loadAddressBook(
      context,
      chainId,
      page.items.flatMap((tx) => [tx.from, ...[tx.to ?? tx.contractAddress].filter((a): a is string => !!a)]),
    ),
    Promise.all(calls.map((tx) => context.loaders.methodName.load(tx.methodHash!))),
  ]);
  const methodNames = new Map(calls.map((tx, i) => [tx.txHash, names[i] ?? null]));
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((tx) => {
      const accounts = new Map(
        [tx.from, tx.to ?? tx.contractAddress].filter((a): a is string => !!a).map((a) => [a, book.account(a)]),
      );
      return formatNativeTransaction(tx, { block, accounts, methodName: methodNames.get(tx.txHash) ?? null });
    }),
  };
}

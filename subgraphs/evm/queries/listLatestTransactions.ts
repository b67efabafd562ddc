import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { jsonRowSql } from '../../../prisma/read/jsonRowSql';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { toDbNetwork, type Network } from '../../shared/network';
import { bigintKey, intKey } from '../../shared/paging/keyCodecs';
import { finishPage, startPage, type Page, type PageRequest } from '../../shared/paging/page';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import {
  formatNativeTransaction,
  nativeTransactionFields,
  transactionBlockFields,
  type NativeTransactionRow,
  type TransactionBlock,
} from '../formatters/nativeTransaction';
import { TransactionStatus } from '../types/latestTransactions.args';
import type { ListNativeTransactionsResponse } from '../types/transaction.type';
import { loadAddressBook } from './accountReferences';

/** A transaction of a latest-transactions page, with its block and the name of the method it calls. */
type LatestTransaction = NativeTransactionRow & {
  block: TransactionBlock;
  /** The block's time: the first key of the list across chains. */
  blockTimestamp: bigint;
  methodName: string | null;
};

/** The statement's row: the transaction's columns, its block as a JSON row, the method name. */
type LatestTransactionRow = Record<string, unknown> & { block: Record<string, unknown>; method_name: string | null };

/** A chain's latest first: the unique index `evm_transaction(chain_id, block_number, block_index)`. */
const chainOrder = [
  sortKey<LatestTransaction>('blockNumber', bigintKey, 'block_number'),
  sortKey<LatestTransaction>('blockIndex', intKey, 'block_index'),
];

/**
 * Across chains: newest block time first, then chain ID, block number and position (all
 * descending). A chain's block times never decrease with its height (a node refuses a block older
 * than its parent), so within one chain this is the chain's own order.
 */
const networkOrder = [
  sortKey<LatestTransaction>('blockTimestamp', bigintKey),
  sortKey<LatestTransaction>('chainId', bigintKey),
  ...chainOrder,
];

const transactionColumns = Prisma.raw(modelColumnsSql('EvmTransaction', 't', nativeTransactionFields));

/**
 * The status filter as a literal, not a parameter: only a literal `status = 0` lets the planner
 * use the partial index of failed transactions (`evm_transaction_failed_idx`) in a prepared plan.
 */
function statusSql(status: TransactionStatus | undefined): Prisma.Sql {
  if (status === TransactionStatus.failed) return Prisma.raw('AND t.status = 0');
  if (status === TransactionStatus.success) return Prisma.raw('AND t.status = 1');
  return Prisma.empty;
}

/**
 * The page statement around a range (or a merge of ranges) of transactions named `t`: each with its
 * block (a JSON row) and method name, in the list's order.
 */
function withBlocks(range: Prisma.Sql, orderBy: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT t.*, ${jsonRowSql('EvmBlock', 'b', transactionBlockFields)} AS block,
      (SELECT m.method_name FROM evm_method_signature m WHERE m.method_hash = t.method_hash) AS method_name
    FROM (${range}) t
    JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
    ORDER BY ${orderBy} LIMIT ${limit}`;
}

function latestOf(row: LatestTransactionRow): LatestTransaction {
  const block = toModelRow<TransactionBlock>('EvmBlock', row.block);
  return {
    ...toModelRow<NativeTransactionRow>('EvmTransaction', row),
    block,
    blockTimestamp: block.timestamp,
    methodName: row.method_name,
  };
}

/**
 * listLatestTransactions: a chain's transactions, newest first (by block, then position in the
 * block), optionally of one receipt status. One index range per page: the unique index without a
 * filter or with `success` (failed transactions are the exception), the partial index of failed
 * transactions with `failed`.
 * @param context the request's context
 * @param request chain, status, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listLatestTransactions(context, { chain, status: TransactionStatus.failed, pageSize: 10 })
 */
export async function listLatestTransactions(
  context: EvmContext,
  request: { chain: EvmChain; status?: TransactionStatus; pageSize: number; pageToken?: string | null },
): Promise<ListNativeTransactionsResponse> {
  const chainId = request.chain.chainId;
  const args = { chainId, status: request.status, pageSize: request.pageSize, pageToken: request.pageToken };
  const page = await paginateSql(
    { list: 'latestTransactions', args, signer: context.pageTokens, order: 'desc', keys: chainOrder },
    (k) =>
      withBlocks(
        Prisma.sql`SELECT ${transactionColumns} FROM evm_transaction t
          WHERE t.chain_id = ${chainId} ${statusSql(request.status)} ${k.after('t')}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit}`,
        k.orderBy('t'),
        k.limit,
      ),
    async (sql) => (await readSql<LatestTransactionRow>(context.read, sql, KEEP_PLAN)).map(latestOf),
  );
  return formatPage(context, page);
}

/**
 * listLatestTransactionsAllChains: the transactions of every indexed chain (of a network when given), newest
 * block time first (ties: larger chain ID, then block number and position, all descending),
 * optionally of one receipt status. Each chain contributes one index range with its own LIMIT,
 * starting where the page token leaves that chain: on the token's own chain after its position;
 * on another chain after its last block at or before the token's time (strictly before for a
 * larger chain ID, which came first at that time), found by `evm_block(chain_id, timestamp)`.
 * @param context the request's context
 * @param request network, status, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listLatestTransactionsAllChains(context, { network: Network.mainnet, pageSize: 10 })
 */
export async function listLatestTransactionsAllChains(
  context: EvmContext,
  request: { network?: Network; status?: TransactionStatus; pageSize: number; pageToken?: string | null },
): Promise<ListNativeTransactionsResponse> {
  const network = request.network == null ? undefined : toDbNetwork(request.network);
  // `fuji` and `testnet` name one network, so they share tokens.
  const args = { network, status: request.status, pageSize: request.pageSize, pageToken: request.pageToken };
  const paging: PageRequest<LatestTransaction> = {
    list: 'latestTransactions',
    args,
    signer: context.pageTokens,
    order: 'desc',
    keys: networkOrder,
  };
  const start = startPage(paging);
  const limit = start.limit + 1;
  const rows = await readSql<LatestTransactionRow>(
    context.read,
    withBlocks(
      Prisma.sql`SELECT x.* FROM evm_chain c
        CROSS JOIN LATERAL (
          SELECT ${transactionColumns} FROM evm_transaction t
          WHERE t.chain_id = c.chain_id ${statusSql(request.status)} ${chainBound(start.after)}
          ORDER BY t.block_number DESC, t.block_index DESC LIMIT ${limit}) x
        ${network === undefined ? Prisma.empty : Prisma.sql`WHERE c.network = CAST(${network === 'MAINNET' ? 'mainnet' : 'fuji'} AS network)`}`,
      Prisma.raw('b.timestamp DESC, t.chain_id DESC, t.block_number DESC, t.block_index DESC'),
      limit,
    ),
    KEEP_PLAN,
  );
  return formatPage(context, finishPage(paging, start, rows.map(latestOf)));
}

/**
 * Where chain `c.chain_id`'s range starts after the token's position (timestamp, chain ID, block
 * number, position): a bound on (block_number, block_index), so the range stays one index range.
 */
function chainBound(after: readonly unknown[] | undefined): Prisma.Sql {
  if (!after) return Prisma.empty;
  const [timestamp, chainId, blockNumber, blockIndex] = after as [bigint, bigint, bigint, number];
  const lastBlock = (op: '<' | '<=') => Prisma.sql`(SELECT b.number + 1 FROM evm_block b
    WHERE b.chain_id = c.chain_id AND b.timestamp ${Prisma.raw(op)} ${timestamp}
    ORDER BY b.timestamp DESC, b.number DESC LIMIT 1)`;
  return Prisma.sql`AND (t.block_number, t.block_index) < (
    CASE WHEN c.chain_id = ${chainId} THEN ${blockNumber}
      WHEN c.chain_id > ${chainId} THEN ${lastBlock('<')}
      ELSE ${lastBlock('<=')} END,
    CASE WHEN c.chain_id = ${chainId} THEN ${blockIndex} ELSE 0 END)`;
}

/** The page as the official ListNativeTransactionsResponse, with the account references it names. */
async function formatPage(context: EvmContext, page: Page<LatestTransaction>): Promise<ListNativeTransactionsResponse> {
  const named = (tx: LatestTransaction) => [tx.from, ...[tx.to ?? tx.contractAddress].filter((a): a is string => !!a)];
  const byChain = new Map<bigint, LatestTransaction[]>();
  for (const tx of page.items) byChain.set(tx.chainId, [...(byChain.get(tx.chainId) ?? []), tx]);
  const books = new Map(
    await Promise.all(
      [...byChain].map(
        async ([chainId, txs]) => [chainId, await loadAddressBook(context, chainId, txs.flatMap(named))] as const,
      ),
    ),
  );
  return {
    nextPageToken: page.nextPageToken,
    transactions: page.items.map((tx) => {
      const book = books.get(tx.chainId)!;
      const accounts = new Map(named(tx).map((address) => [address, book.account(address)]));
      return formatNativeTransaction(tx, { block: tx.block, accounts, methodName: tx.methodName });
    }),
  };
}

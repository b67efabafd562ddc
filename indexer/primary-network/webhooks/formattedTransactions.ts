// Transactions in the shape getTxByHash answers (the primary-network subgraph's formatter), read in
// a block's write transaction: what an event of the block carries.
// The subgraph's formatters import its decorated types, which need the metadata polyfill loaded first.
import 'reflect-metadata';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { Prisma } from '../../../prisma/generated/client';
import { dataModel } from '../../../prisma/generated/metadata';
import type { SqlExecutor } from '../../../prisma/sqlExecutor';
import { formatTransactionPage, type RunPageSql } from '../../../subgraphs/primary-network/loaders/transactionPage';
import {
  transactionByHashSql,
  type TransactionRow,
} from '../../../subgraphs/primary-network/queries/listPrimaryTransactionsSql';
import type { PrimaryNetworkTransaction } from '../../../subgraphs/primary-network/types/transaction.type';
import type { BlockActivity } from './blockActivity';
import { chainNameOf } from './matchPrimaryWebhooks';

// The write transaction reads numeric columns as text; the formatters take UTXO rows as the
// service's reader types them, their Decimal fields as Prisma.Decimal.
const decimalFields = Object.entries(dataModel.models.Utxo.fields as Record<string, { type: string }>)
  .filter(([, field]) => field.type === 'Decimal')
  .map(([name]) => name);

/**
 * Runs a formatter's statement on the block's write transaction, typed as the service's reader types it.
 * @param tx the write transaction
 * @returns the runner
 * @example await formatTransactionPage(runOnWriteTransaction(tx), chain, rows)
 */
export function runOnWriteTransaction(tx: SqlExecutor): RunPageSql {
  // One connection runs one statement at a time: the formatter's concurrent statements wait their turn.
  let turn: Promise<unknown> = Promise.resolve();
  return async <Row>(sql: Prisma.Sql) => {
    const values = sql.values.map((value) => (value instanceof Prisma.Decimal ? value.toFixed() : value));
    const query = turn.then(() => tx.query<Record<string, unknown>>(sql.text, values));
    turn = query.catch(() => undefined);
    const rows = await query;
    for (const row of rows)
      for (const field of decimalFields)
        if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
    return rows as Row[];
  };
}

/**
 * The block's transactions by hash, formatted as getTxByHash answers them: one statement each for
 * the rows, then the page's statements.
 * @param tx the block's write transaction, after its rows
 * @param activity the block
 * @param hashes the transactions (of the block's chain)
 * @returns hash → transaction; a hash not stored is left out
 * @example const txs = await formattedTransactions(tx, activity, [txHash])
 */
export async function formattedTransactions(
  tx: SqlExecutor,
  activity: BlockActivity,
  hashes: readonly string[],
): Promise<Map<string, PrimaryNetworkTransaction>> {
  const run = runOnWriteTransaction(tx);
  const chain = {
    blockchainId: activity.facts.chainId,
    chainName: chainNameOf(activity),
    network: activity.facts.network,
  } as const;
  const rows: TransactionRow[] = [];
  for (const hash of new Set(hashes))
    rows.push(...(await run<TransactionRow>(transactionByHashSql(chain.network, chain.blockchainId, hash))));
  if (rows.length === 0) return new Map();
  const formatted = await formatTransactionPage(run, chain, rows);
  return new Map(rows.map((row, i) => [row.txHash, formatted[i]!]));
}

/** The AVAX asset of the block's network (balance thresholds are in nAVAX). */
export const avaxAssetOf = (activity: BlockActivity) => PUBLIC_NETWORKS[activity.facts.network].avaxAssetId;

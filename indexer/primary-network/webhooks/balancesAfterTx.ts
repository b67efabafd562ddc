// The balances of addresses right after one transaction of a block, in the block's write
// transaction: the UTXOs that exist at the block's time (the balances query's rule and categories,
// subgraphs/primary-network/queries/balancesSql.ts), less what the block's later transactions did.
import { balanceCategorySql, type BalanceCategory } from '../../../domain';
import { Prisma } from '../../../prisma/generated/client';
import { dataModel } from '../../../prisma/generated/metadata';
import type { SqlExecutor } from '../../../prisma/sqlExecutor';
import type { BalanceSumRow } from '../../../subgraphs/primary-network/queries/balancesSql';
import type { BlockActivity } from './blockActivity';
import { dbNetworkOf } from './matchPrimaryWebhooks';

const columns = Object.values(dataModel.models.Utxo.fields as Record<string, { column: string }>).map(
  (field) => field.column,
);

// The utxo columns as they stood after the transaction: a UTXO a later transaction of the block
// consumes is still unspent then.
const asOfTx = columns
  .map((column) =>
    column === 'consuming_block_timestamp'
      ? `CASE WHEN x.consuming_tx_hash = ANY ($5::text[]) THEN NULL ELSE x.consuming_block_timestamp END AS consuming_block_timestamp`
      : `x."${column}"`,
  )
  .join(', ');

/**
 * Sums the balances of `addresses` on the block's chain right after the transaction that precedes
 * `later` in the block (per asset, category and atomic source chain), as balancesSql sums them.
 * @param tx the block's write transaction, after its rows
 * @param activity the block
 * @param addresses stored addresses (bech32 without chain prefix)
 * @param later the transactions the block applies after the one in question (and any later block of the write)
 * @param perAddress sum per address rather than over the set
 * @returns the sums, amounts as Prisma.Decimal (what the balance formatter reads)
 * @example await balancesAfterTx(tx, activity, ['fuji1…'], activity.txHashes.slice(i + 1))
 */
export async function balancesAfterTx(
  tx: SqlExecutor,
  activity: BlockActivity,
  addresses: readonly string[],
  later: readonly string[],
  perAddress = false,
): Promise<BalanceSumRow[]> {
  const category = balanceCategorySql({ at: '$4', alias: 'u' });
  const rows = await tx.query<Omit<BalanceSumRow, 'amount'> & { amount: string }>(
    `WITH owned AS (
       SELECT ua.address, ua.utxo_id FROM utxo_address ua
        WHERE ua.network = $1 AND ua.address = ANY ($2::text[]) AND ua.blockchain_id = $3 AND ua.block_timestamp <= $4::bigint
     ),
     u AS (
       SELECT ${asOfTx} FROM utxo x
        WHERE x.network = $1 AND x.blockchain_id = $3 AND x.utxo_id IN (SELECT utxo_id FROM owned)
          AND x.tx_hash <> ALL ($5::text[])
     )
     SELECT ${perAddress ? 'o.address AS "address", ' : ''}u.asset_id AS "assetId", s.name, s.symbol, s.denomination,
       s.type::text AS "type", ${category} AS "category", u.shared_with_chain_id AS "sharedWithChainId",
       sum(u.amount)::text AS "amount", count(*)::int AS "utxoCount"
       FROM u JOIN asset s ON s.network = u.network AND s.asset_id = u.asset_id
       ${perAddress ? 'JOIN owned o ON o.utxo_id = u.utxo_id' : ''}
      WHERE ${category} IS NOT NULL
      GROUP BY ${perAddress ? 'o.address, ' : ''}u.asset_id, s.name, s.symbol, s.denomination, s.type, "category", u.shared_with_chain_id
      ORDER BY ${perAddress ? 'o.address, ' : ''}u.asset_id, "category", u.shared_with_chain_id`,
    [dbNetworkOf(activity), addresses, activity.facts.chainId, activity.blockTimestamp.toString(), later],
  );
  return rows.map((row) => ({
    ...row,
    category: row.category as BalanceCategory,
    amount: new Prisma.Decimal(row.amount),
  }));
}

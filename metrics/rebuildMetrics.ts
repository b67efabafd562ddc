// Recomputes every rollup (the chain metrics' and the ICM message counts) from the raw rows:
// empties the metric tables and fills them with the rebuild's bulk statements (rebuildSql.ts,
// icmMessageCounts.ts), in one transaction (readers see the old rollups or the
// new ones). The definitions are the per-block delta's; test/metrics/rebuildMetrics.test.ts shows
// both give identical rows.
import type { Database } from '../prisma/database';
import { REBUILD_ICM_ROLLUPS } from './icmMessageCounts';
import { lockMetrics } from './lockMetrics';
import { REBUILD_STATEMENTS } from './rebuildSql';

/** Options of {@link rebuildMetrics}. */
export type RebuildMetricsOptions = {
  /** Progress lines. */
  log?: (msg: string) => void;
};

/** The metric tables, emptied by a rebuild. */
export const METRIC_TABLES = [
  'metric_rollup',
  'metric_active_address',
  'metric_deployer',
  'metric_first_seen',
  'btcb_bridged',
  'icm_message_rollup',
  'staking_metric_delta',
] as const;

/**
 * Recomputes the rollups, sets and first-seen rows of every chain with an EvmChain row, and the
 * ICM message counts of every message whose send is indexed.
 * @param db the database
 * @param options logging
 * @returns the number of rollup rows
 * @example await rebuildMetrics(db, { log: console.log })
 */
export async function rebuildMetrics(
  db: Pick<Database, 'transaction'>,
  options: RebuildMetricsOptions = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  return db.transaction(async (tx) => {
    await lockMetrics(tx);
    await tx.query(`TRUNCATE ${METRIC_TABLES.join(', ')}`);
    // The set statements sort and group millions of rows: in memory rather than in temporary files.
    await tx.query(`SET LOCAL work_mem = '128MB'`);
    // Freshly loaded tables have no statistics; the joins need them.
    await tx.query(
      'ANALYZE evm_chain, evm_block, evm_transaction, evm_token_transfer, evm_internal_transaction, teleporter_message, validator, delegation',
    );
    for (const { label, sql } of [...REBUILD_STATEMENTS, REBUILD_ICM_ROLLUPS]) {
      const started = Date.now();
      await tx.query(sql);
      log(`metrics: ${label} in ${Date.now() - started} ms`);
    }
    // The series are read as soon as this commits; PGlite has no autovacuum to analyze them later.
    await tx.query(`ANALYZE ${METRIC_TABLES.join(', ')}`);
    const [row] = await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM metric_rollup');
    return Number(row?.n ?? 0);
  });
}

// The metrics' hook into writeBlock (its `beforeRows`): which of a block write's EVM blocks are new
// (so re-ingesting a stored block counts nothing twice), and counting them once their rows are written. Blocks of a
// chain without an EvmChain row are not counted: its network, hence its scopes, is unknown (an
// indexer registers a chain before its blocks; `npm run metrics:rebuild` counts them later).
import type { SqlExecutor } from '../prisma/database';
import type { RowOf } from '../prisma/write/types';
import type { BeforeRows } from '../prisma/write/writeBlock';
import { applyMetricsDelta, type MetricsDelta } from './applyMetricsDelta';
import { lockMetrics } from './lockMetrics';
import { applyBtcbBridged } from './btcbBridged';
import { countIcmMessages } from './icmMessageCounts';

/**
 * The EVM blocks of a write that are not stored yet (of registered chains), as deltas to apply after the rows are written.
 * One statement for the whole write: a backfill's batch asks once, not once per block.
 * @param executor the block's transaction, before its rows are inserted
 * @param blocks the write's EvmBlock rows
 * @returns one single-block delta per new block, in the order given
 * @example const pending = await newEvmBlocks(tx, block.rows?.EvmBlock ?? [])
 */
export async function newEvmBlocks(
  executor: SqlExecutor,
  blocks: readonly RowOf<'EvmBlock'>[],
): Promise<MetricsDelta[]> {
  if (blocks.length === 0) return [];
  const rows = await executor.query<{ chain_id: string; number: string }>(
    `SELECT b.chain_id::text AS chain_id, b.number::text AS number
       FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS b(chain_id, number, at)
      WHERE EXISTS (SELECT 1 FROM evm_chain c WHERE c.chain_id = b.chain_id)
        AND NOT EXISTS (SELECT 1 FROM evm_block s WHERE s.chain_id = b.chain_id AND s.number = b.number)
      ORDER BY b.at`,
    [blocks.map((block) => BigInt(block.chainId).toString()), blocks.map((block) => BigInt(block.number).toString())],
  );
  return rows.map((row) => {
    const number = BigInt(row.number);
    return { chainId: BigInt(row.chain_id), from: number, to: number };
  });
}

/**
 * Counts written blocks in the metrics rollups (and the BTC.b bridged, metrics/btcbBridged.ts), in the caller's transaction. Consecutive blocks of a
 * chain are counted as one range (a range's delta equals the sum of its blocks' deltas: that is how
 * the rebuild counts), so a backfill's batch costs two statements per chain, not two per block.
 * @param executor the blocks' transaction, after their rows are inserted
 * @param pending what {@link newEvmBlocks} returned for each block
 * @returns when counted
 * @example await countNewBlocks(tx, pending)
 */
export async function countNewBlocks(executor: SqlExecutor, pending: readonly MetricsDelta[]): Promise<void> {
  for (const delta of consecutiveRanges(pending)) {
    await applyMetricsDelta(executor, delta);
    await applyBtcbBridged(executor, delta, 1);
  }
}

/** The deltas merged into runs of consecutive blocks per chain, in the order of their first block. */
function consecutiveRanges(pending: readonly MetricsDelta[]): MetricsDelta[] {
  const runs: MetricsDelta[] = [];
  for (const delta of pending) {
    const last = runs.findLast((run) => run.chainId === delta.chainId);
    if (last && last.to + 1n === delta.from) last.to = delta.to;
    else runs.push({ chainId: delta.chainId, from: delta.from, to: delta.to });
  }
  return runs;
}

/**
 * The write path's hook that keeps the rollups: a block write's new EVM blocks, found before its
 * rows go in and counted after them, in its transaction (a block's rows and its metrics commit together),
 * and the ICM message counts of the messages it writes (icmMessageCounts.ts).
 * Consecutive blocks of a batch count as ranges (one delta per run, not one per block).
 * @example await writeBlocks(db, writes, { beforeRows: countBlockMetrics })
 */
export const countBlockMetrics: BeforeRows = async (tx, blocks) => {
  const pending = await newEvmBlocks(
    tx,
    blocks.flatMap((block) => block.rows?.EvmBlock ?? []),
  );
  const countMessages = await countIcmMessages(tx, blocks);
  return async () => {
    // First thing after the rows: nothing the other writers lock is held while waiting for it.
    if (pending.length > 0 || countMessages) await lockMetrics(tx);
    await countNewBlocks(tx, pending);
    await countMessages?.();
  };
};

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
 * @param executor the block's transaction, before its rows are inserted
 * @param blocks the write's EvmBlock rows
 * @returns one single-block delta per new block
 * @example const pending = await newEvmBlocks(tx, block.rows?.EvmBlock ?? [])
 */
export async function newEvmBlocks(
  executor: SqlExecutor,
  blocks: readonly RowOf<'EvmBlock'>[],
): Promise<MetricsDelta[]> {
  const pending: MetricsDelta[] = [];
  for (const block of blocks) {
    const chainId = BigInt(block.chainId);
    const number = BigInt(block.number);
    const [state] = await executor.query<{ known: boolean; stored: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM evm_chain WHERE chain_id = $1) AS known, EXISTS (SELECT 1 FROM evm_block WHERE chain_id = $1 AND number = $2) AS stored',
      [chainId.toString(), number.toString()],
    );
    if (state?.known && !state.stored) pending.push({ chainId, from: number, to: number });
  }
  return pending;
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
  const pending: MetricsDelta[] = [];
  for (const block of blocks) pending.push(...(await newEvmBlocks(tx, block.rows?.EvmBlock ?? [])));
  const countMessages = await countIcmMessages(tx, blocks);
  return async () => {
    // First thing after the rows: nothing the other writers lock is held while waiting for it.
    if (pending.length > 0 || countMessages) await lockMetrics(tx);
    await countNewBlocks(tx, pending);
    await countMessages?.();
  };
};

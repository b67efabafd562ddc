// The one way rollups change: a chain's block range, read back from the raw rows, merged into the
// rollup rows, sets and first-seen rows of the chain's scopes. Used per block by writeBlock (in
// the block's transaction), per chunk by the rebuild (seeder, `npm run metrics:rebuild`).
import type { SqlExecutor } from '../prisma/database';
import { METRIC_INTERVALS, type MetricInterval } from './buckets';
import { distinctSetsSql } from './distinctSetsSql';
import { lockMetrics } from './lockMetrics';
import { rollupCountersSql } from './rollupCountersSql';
import { metricScopes, type ChainNetwork } from './scopes';

/** A block range of one chain whose rows are written and not yet counted. */
export type MetricsDelta = {
  chainId: bigint;
  /** First and last block number, inclusive. */
  from: bigint;
  to: bigint;
  /** Only these of the chain's scopes (a rewind recounting a scope's other chains). @default all three */
  scopes?: readonly string[];
  /** Only these intervals. @default all four */
  intervals?: readonly MetricInterval[];
};

/**
 * Adds the blocks `from..to` of a chain (already written, not yet counted) to every rollup of the
 * chain, its network and `total`. Counting a block twice counts it twice: callers count each block
 * once (writeBlock counts only blocks it inserts; the rebuild starts from empty tables). Takes the
 * metrics lock (lockMetrics.ts) for the rest of the caller's transaction.
 * @param executor the transaction that wrote the blocks (or any, for a rebuild)
 * @param delta the chain and block range
 * @returns when the rows are merged
 * @throws Error when the chain has no EvmChain row (its network, hence its scopes, is unknown)
 * @example await db.transaction((tx) => applyMetricsDelta(tx, { chainId: 43114n, from: 100n, to: 100n }))
 */
export async function applyMetricsDelta(executor: SqlExecutor, delta: MetricsDelta): Promise<void> {
  await lockMetrics(executor);
  const [chain] = await executor.query<{ network: ChainNetwork }>(
    'SELECT network::text AS network FROM evm_chain WHERE chain_id = $1',
    [delta.chainId.toString()],
  );
  if (!chain)
    throw new Error(
      `metrics: EVM chain ${delta.chainId} has no evm_chain row, so its network scope is unknown; write the chain before its blocks`,
    );
  const all = metricScopes(delta.chainId, chain.network);
  const scopes = delta.scopes ? all.filter((scope) => delta.scopes!.includes(scope)) : all;
  const intervals = [...(delta.intervals ?? METRIC_INTERVALS)];
  const own = scopes.includes(all[0]) ? all[0] : null;
  const range = [delta.chainId.toString(), delta.from.toString(), delta.to.toString()];
  await executor.query(rollupCountersSql(), [...range, scopes.filter((scope) => scope !== own), own, intervals]);
  await executor.query(distinctSetsSql(), [...range, scopes, intervals]);
}

// Reorg rollback of the rollups, in the rewind's transaction: the removed blocks' BTC.b bridged is
// taken back while their transfers are still there, and the periods that held a removed block
// are recounted from the raw rows that remain. Sets and maxima cannot be decremented, so for the
// chain's scopes (the chain, its network, `total`) every period from the one holding the first
// removed block on (per interval) is deleted and every chain of those scopes re-applied over those
// periods, each to the scopes it shares with the rewound chain. A reorg is short and rare (blocks
// are final once accepted), so the work is the current periods: at most a month of the scopes' blocks.
import type { SqlExecutor } from '../prisma/database';
import type { BeforeDelete } from '../prisma/write/rewindChain';
import { applyMetricsDelta } from './applyMetricsDelta';
import { applyBtcbBridged } from './btcbBridged';
import { bucketSql, METRIC_INTERVALS } from './buckets';
import { uncountRewoundIcmMessages } from './icmMessageCounts';
import { lockMetrics } from './lockMetrics';
import { metricScopes, type ChainNetwork } from './scopes';

/**
 * What {@link recountAfterRewind} needs: the first removed block's time (null: nothing counted is
 * removed); the removed heights, whose BTC.b bridged is taken back before their rows go.
 */
export type RewindPoint = { chainId: bigint; removedFrom: bigint | null; height: bigint; top: bigint | null };

/**
 * Before the rows above `height` are deleted: the time of the first of them, if the chain is counted.
 * @param executor the rewind's transaction
 * @param chainId the rewound chain
 * @param height the height it goes back to
 * @returns the rewind point
 * @example const point = await metricsRewindPoint(tx, 43114n, 100n)
 */
export async function metricsRewindPoint(executor: SqlExecutor, chainId: bigint, height: bigint): Promise<RewindPoint> {
  const [row] = await executor.query<{ ts: bigint | null; top: bigint | null }>(
    'SELECT min(b.timestamp) AS ts, max(b.number) AS top FROM evm_block b WHERE b.chain_id = $1 AND b.number > $2 AND EXISTS (SELECT 1 FROM evm_chain c WHERE c.chain_id = $1)',
    [chainId.toString(), height.toString()],
  );
  return { chainId, removedFrom: row?.ts ?? null, height, top: row?.top ?? null };
}

/**
 * The rewind's hook that keeps the rollups (rewindChain's `beforeDelete`): the rewind point before
 * the rows above `height` go, the recount after; and the ICM message counts of the sends above it
 * (icmMessageCounts.ts). It reads the rows as the rewind found them, so it comes before any other
 * hook that changes them (the Teleporter repair of rewindEvmChain).
 * @param chainId the rewound EVM chain
 * @param height the height it goes back to
 * @returns the hook
 * @example await rewindChain(db, ancestor, evmChainRows(chainId), { beforeDelete: recountRewoundMetrics(chainId, ancestor.height) })
 */
export function recountRewoundMetrics(chainId: bigint, height: bigint): BeforeDelete {
  const uncountMessages = uncountRewoundIcmMessages(chainId, height);
  return async (tx) => {
    // Before the BTC.b and ICM counts it takes back: they are the other writers' rows too.
    await lockMetrics(tx);
    const point = await metricsRewindPoint(tx, chainId, height);
    if (point.top !== null) await applyBtcbBridged(tx, { chainId, from: height + 1n, to: BigInt(point.top) }, -1);
    const afterMessages = await uncountMessages(tx);
    return async () => {
      await recountAfterRewind(tx, point);
      await afterMessages?.();
    };
  };
}

/**
 * After the rows are deleted: recounts the periods of the chain's scopes from the rewind point on.
 * @param executor the rewind's transaction
 * @param point what {@link metricsRewindPoint} returned
 * @returns when the rollups match the remaining rows
 * @example await recountAfterRewind(tx, point)
 */
export async function recountAfterRewind(executor: SqlExecutor, point: RewindPoint): Promise<void> {
  if (point.removedFrom === null) return;
  await lockMetrics(executor);
  const [chain] = await executor.query<{ network: ChainNetwork }>(
    'SELECT network::text AS network FROM evm_chain WHERE chain_id = $1',
    [point.chainId.toString()],
  );
  const scopes = metricScopes(point.chainId, chain!.network);
  const time = point.removedFrom.toString();
  for (const interval of METRIC_INTERVALS) {
    const [{ cutoff }] = (await executor.query<{ cutoff: bigint }>(
      `SELECT ${bucketSql(interval, '$1::bigint')} AS cutoff`,
      [time],
    )) as [{ cutoff: bigint }];
    const params = [scopes, interval, cutoff.toString()];
    await executor.query(
      'DELETE FROM metric_rollup WHERE scope = ANY ($1::text[]) AND time_interval = $2::time_interval AND bucket >= $3',
      params,
    );
    await executor.query(
      'DELETE FROM metric_active_address WHERE scope = ANY ($1::text[]) AND time_interval = $2::time_interval AND bucket >= $3',
      params,
    );
    if (interval === 'day') {
      await executor.query('DELETE FROM metric_deployer WHERE scope = ANY ($1::text[]) AND bucket >= $2', [
        scopes,
        cutoff.toString(),
      ]);
      await executor.query('DELETE FROM metric_first_seen WHERE scope = ANY ($1::text[]) AND first_day >= $2', [
        scopes,
        cutoff.toString(),
      ]);
    }
    // Every chain sharing a scope with the rewound one, over its blocks from the cutoff on.
    const chains = await executor.query<{
      chain_id: bigint;
      network: ChainNetwork;
      lo: bigint | null;
      hi: bigint | null;
    }>(
      `SELECT c.chain_id, c.network::text AS network,
         (SELECT min(number) FROM evm_block b WHERE b.chain_id = c.chain_id AND b.timestamp >= $1) AS lo,
         (SELECT max(number) FROM evm_block b WHERE b.chain_id = c.chain_id) AS hi
       FROM evm_chain c ORDER BY c.chain_id`,
      [cutoff.toString()],
    );
    for (const other of chains) {
      if (other.lo === null || other.hi === null) continue;
      const shared = metricScopes(BigInt(other.chain_id), other.network).filter((scope) => scopes.includes(scope));
      await applyMetricsDelta(executor, {
        chainId: BigInt(other.chain_id),
        from: BigInt(other.lo),
        to: BigInt(other.hi),
        scopes: shared,
        intervals: [interval],
      });
    }
    // A scope's average rates are the sum of its chains' (the chains not rewound kept their rows).
    await executor.query(
      `UPDATE metric_rollup s SET avg_gps = c.gps, avg_tps = c.tps, avg_chains = c.n
       FROM (SELECT x.scope, r.bucket, sum(r.avg_gps) AS gps, sum(r.avg_tps) AS tps, sum(r.avg_chains) AS n
             FROM metric_rollup r JOIN evm_chain e ON r.scope = e.chain_id::text
             CROSS JOIN LATERAL unnest(ARRAY[CASE WHEN e.network = 'mainnet' THEN 'mainnet' ELSE 'testnet' END, 'total']) x (scope)
             WHERE r.time_interval = $2::time_interval AND r.bucket >= $3 GROUP BY 1, 2) c
       WHERE s.scope = c.scope AND s.scope = ANY ($1::text[]) AND s.time_interval = $2::time_interval AND s.bucket = c.bucket`,
      params,
    );
  }
}

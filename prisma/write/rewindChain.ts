// Reorg rollback as one call: the chain's rows above a height go, and its cursor moves back to it.
import { metricsRewindPoint, recountAfterRewind } from '../../metrics/rewindMetrics';
import type { Database, SqlExecutor } from '../database';
import { deleteRowsAbove, type ChainRows } from './deleteRowsAbove';
import { insertRows } from './insertRows';
import type { SyncCursor } from './writeBlock';

/** Options of {@link rewindChain}. */
export type RewindOptions = {
  /** Runs in the rewind's transaction before the rows above the height are deleted. */
  beforeDelete?: (tx: SqlExecutor) => Promise<void>;
};

/**
 * Deletes the chain's rows above `cursor.height` and sets its cursor to `cursor`, in one transaction.
 * When the targets hold an EVM chain's blocks, the metric rollups of the periods those blocks were
 * in are recounted from the remaining rows in the same transaction (metrics/rewindMetrics.ts).
 * @param db the database
 * @param cursor the block to go back to (the common ancestor of both branches)
 * @param targets the models holding the chain's rows, with their chain condition and height field
 * @param options `beforeDelete`: repairs of rows that have no height, in the same transaction
 * @returns when committed
 * @example
 * await rewindChain(db, { chainKey: 'evm:43114', height: 99n, blockHash: ancestorHash }, [
 *   { model: 'EvmBlock', chain: { chainId: 43114n }, heightField: 'number' },
 *   { model: 'EvmTransaction', chain: { chainId: 43114n }, heightField: 'blockNumber' },
 * ])
 */
export async function rewindChain(
  db: Pick<Database, 'transaction'>,
  cursor: SyncCursor,
  targets: readonly ChainRows[],
  options: RewindOptions = {},
): Promise<void> {
  const evmChain = targets.find((target) => target.model === 'EvmBlock')?.chain as { chainId?: bigint } | undefined;
  await db.transaction(async (tx) => {
    const rewound = evmChain?.chainId === undefined ? null : await metricsRewindPoint(tx, BigInt(evmChain.chainId), cursor.height);
    // Rows without a height of their own (a token's current owner, a cross-chain message) are
    // repaired by the caller while the rows above the height are still there to say which.
    await options.beforeDelete?.(tx);
    await deleteRowsAbove(tx, targets, cursor.height);
    if (rewound) await recountAfterRewind(tx, rewound);
    await insertRows(tx, 'SyncState', [cursor], { onConflict: 'update' });
  });
}

// Reorg rollback as one call: the chain's rows above a height go, and its cursor moves back to it.
import type { Database } from '../database';
import type { SqlExecutor } from '../sqlExecutor';
import { deleteRowsAbove, type ChainRows } from './deleteRowsAbove';
import { insertRows } from './insertRows';
import type { SyncCursor } from './writeBlock';

/**
 * Work that joins a rewind's transaction: called while the rows above the height are still there
 * (to say which rows without a height of their own to repair, which metric periods to recount);
 * the function it returns, if any, runs after they are deleted, before the cursor moves.
 */
export type BeforeDelete = (tx: SqlExecutor) => Promise<(() => Promise<void>) | void>;

/** Options of {@link rewindChain}. */
export type RewindOptions = {
  /** Work in the rewind's transaction around the delete, in order. */
  beforeDelete?: BeforeDelete | readonly BeforeDelete[];
};

/**
 * Deletes the chain's rows above `cursor.height` and sets its cursor to `cursor`, in one transaction.
 * @param db the database
 * @param cursor the block to go back to (the common ancestor of both branches)
 * @param targets the models holding the chain's rows, with their chain condition and height field
 * @param options `beforeDelete`: repairs of rows that have no height and the metric recount, in the same transaction
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
  const hooks =
    options.beforeDelete === undefined
      ? []
      : typeof options.beforeDelete === 'function'
        ? [options.beforeDelete]
        : options.beforeDelete;
  await db.transaction(async (tx) => {
    const afterDelete: (() => Promise<void>)[] = [];
    for (const hook of hooks) {
      const after = await hook(tx);
      if (after) afterDelete.push(after);
    }
    await deleteRowsAbove(tx, targets, cursor.height);
    for (const after of afterDelete) await after();
    await insertRows(tx, 'SyncState', [cursor], { onConflict: 'update' });
  });
}

// Reorg rollback as one call: the chain's rows above a height go, and its cursor moves back to it.
import type { Database } from '../database';
import { deleteRowsAbove, type ChainRows } from './deleteRowsAbove';
import { insertRows } from './insertRows';
import type { SyncCursor } from './writeBlock';

/**
 * Deletes the chain's rows above `cursor.height` and sets its cursor to `cursor`, in one transaction.
 * @param db the database
 * @param cursor the block to go back to (the common ancestor of both branches)
 * @param targets the models holding the chain's rows, with their chain condition and height field
 * @returns when committed
 * @example
 * await rewindChain(db, { chainKey: 'evm:43114', height: 99n, blockHash: ancestorHash }, [
 *   { model: 'EvmBlock', chain: { chainId: 43114n }, heightField: 'number' },
 *   { model: 'EvmTransaction', chain: { chainId: 43114n }, heightField: 'blockNumber' },
 * ])
 */
export async function rewindChain(db: Pick<Database, 'transaction'>, cursor: SyncCursor, targets: readonly ChainRows[]): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteRowsAbove(tx, targets, cursor.height);
    await insertRows(tx, 'SyncState', [cursor], { onConflict: 'update' });
  });
}

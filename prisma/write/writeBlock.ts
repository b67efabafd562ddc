// One indexed block: its rows and the chain's sync-state row, committed together.
import { countNewBlocks, newEvmBlocks } from '../../metrics/countNewBlocks';
import type { Database } from '../database';
import { deleteRows, updateRows, type RowDelete, type RowUpdate } from './changeRows';
import { insertRows } from './insertRows';
import type { ModelName, RowOf, RowsByModel } from './types';
import { WRITE_ORDER } from './writeOrder';

/** Where an indexer stands on a chain (a SyncState row). */
export type SyncCursor = {
  /** The chain, e.g. `evm:43114`, `p-chain:mainnet`. */
  chainKey: string;
  /** Height of the last written block. */
  height: bigint;
  /** Hash of that block. */
  blockHash: string;
};

/** What {@link writeBlock} writes. */
export type BlockWrite = {
  /** The chain's new cursor: this block. */
  cursor: SyncCursor;
  /** Rows the block adds; a row whose primary key is stored is kept as it is (re-ingestion). */
  rows?: RowsByModel;
  /** Rows the block changes (e.g. a validator's live state): inserted, or updated when different. */
  upserts?: RowsByModel;
  /** Stored rows the block removes (e.g. a pending reward once paid): deleted before the inserts. */
  deletes?: readonly RowDelete[];
  /** Columns of stored rows the block changes (a UTXO consumed, a subnet's owners): set after the inserts. */
  updates?: readonly RowUpdate[];
};

/**
 * Writes a block's rows and moves the chain's cursor to it in one transaction: after a failure
 * neither the rows nor the cursor changed, and writing the same block again changes nothing.
 * Models are written parents first (foreign keys), each model's new rows before its upserts.
 * EVM blocks not stored before are then counted in the metric rollups (metrics/), in the same
 * transaction: a block's rows and its metrics commit together.
 * @param db the database
 * @param block the cursor, new rows and changed rows
 * @returns when committed
 * @throws the database error; the transaction is rolled back
 * @example
 * await writeBlock(db, { cursor: { chainKey: 'evm:43114', height: 101n, blockHash }, rows: { EvmBlock: [block], EvmTransaction: txs } })
 */
export async function writeBlock(db: Pick<Database, 'transaction'>, block: BlockWrite): Promise<void> {
  await db.transaction(async (tx) => {
    const counted = await newEvmBlocks(tx, block.rows?.EvmBlock ?? []);
    if (block.deletes?.length) await deleteRows(tx, block.deletes);
    for (const model of WRITE_ORDER) {
      const rows = block.rows?.[model] as readonly RowOf<ModelName>[] | undefined;
      if (rows?.length) await insertRows(tx, model, rows, { onConflict: 'skip' });
      const upserts = block.upserts?.[model] as readonly RowOf<ModelName>[] | undefined;
      if (upserts?.length) await insertRows(tx, model, upserts, { onConflict: 'update' });
    }
    if (block.updates?.length) await updateRows(tx, block.updates);
    await countNewBlocks(tx, counted);
    await insertRows(tx, 'SyncState', [block.cursor], { onConflict: 'update' });
  });
}

// One indexed block (or a backfill's batch of consecutive blocks): its rows and the chain's
// sync-state row, committed together.
import type { Database } from '../database';
import type { SqlExecutor } from '../sqlExecutor';
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
 * Work that joins a block write's transaction (the metric rollups: metrics/countNewBlocks.ts; the
 * webhooks' outbox). Called before the blocks' rows go in, so it sees what was stored before; the
 * function it returns, if any, runs after them, before the cursor moves. The write path itself
 * knows no such work.
 */
export type BeforeRows = (tx: SqlExecutor, blocks: readonly BlockWrite[]) => Promise<(() => Promise<void>) | void>;

/** Options of {@link writeBlock} and {@link writeBlocks}. */
export type BlockWriteOptions = {
  /** Work in the same transaction around the rows, in order; it commits or rolls back with them. */
  beforeRows?: BeforeRows | readonly BeforeRows[];
};

/**
 * Writes a block's rows and moves the chain's cursor to it in one transaction: after a failure
 * neither the rows nor the cursor changed, and writing the same block again changes nothing.
 * Models are written parents first (foreign keys), each model's new rows before its upserts.
 * `beforeRows` work (the indexer's metric rollups, webhook events) runs in the same transaction: it commits with the rows.
 * @param db the database
 * @param block the cursor, new rows and changed rows
 * @param options `beforeRows`: work in the same transaction
 * @returns when committed
 * @throws the database error; the transaction is rolled back
 * @example
 * await writeBlock(db, { cursor: { chainKey: 'evm:43114', height: 101n, blockHash }, rows: { EvmBlock: [block], EvmTransaction: txs } })
 */
export async function writeBlock(
  db: Pick<Database, 'transaction'>,
  block: BlockWrite,
  options: BlockWriteOptions = {},
): Promise<void> {
  await writeBlocks(db, [block], options);
}

/**
 * Writes consecutive blocks of one chain as {@link writeBlock} would, in one transaction: a
 * backfill's batch. Each block's changes apply in order, `beforeRows` sees the whole batch, and the
 * cursor moves to the last block. All or nothing, like one block.
 * @param db the database
 * @param blocks the blocks, oldest first
 * @param options `beforeRows`: work in the same transaction
 * @returns when committed
 * @throws the database error; the transaction is rolled back
 * @example await writeBlocks(db, [write100, write101, write102], { beforeRows: [countBlockMetrics, addressActivity] })
 */
export async function writeBlocks(
  db: Pick<Database, 'transaction'>,
  blocks: readonly BlockWrite[],
  options: BlockWriteOptions = {},
): Promise<void> {
  if (blocks.length === 0) return;
  const hooks =
    options.beforeRows === undefined
      ? []
      : typeof options.beforeRows === 'function'
        ? [options.beforeRows]
        : options.beforeRows;
  await db.transaction(async (tx) => {
    const afterRows: (() => Promise<void>)[] = [];
    for (const hook of hooks) {
      const after = await hook(tx, blocks);
      if (after) afterRows.push(after);
    }
    // Blocks that only add and upsert rows go in as one: one statement per model for the batch (an
    // upsert repeating a key keeps the later block's row, see insertRows). Deletes and column updates
    // depend on what the block before did, so such batches are written block by block.
    const inOrder = blocks.some((block) => block.deletes?.length || block.updates?.length);
    for (const block of inOrder ? blocks : [concatenate(blocks)]) {
      if (block.deletes?.length) await deleteRows(tx, block.deletes);
      for (const model of WRITE_ORDER) {
        const rows = block.rows?.[model] as readonly RowOf<ModelName>[] | undefined;
        if (rows?.length) await insertRows(tx, model, rows, { onConflict: 'skip' });
        const upserts = block.upserts?.[model] as readonly RowOf<ModelName>[] | undefined;
        if (upserts?.length) await insertRows(tx, model, upserts, { onConflict: 'update' });
      }
      if (block.updates?.length) await updateRows(tx, block.updates);
    }
    for (const after of afterRows) await after();
    await insertRows(tx, 'SyncState', [blocks[blocks.length - 1]!.cursor], { onConflict: 'update' });
  });
}

/** The rows and upserts of several blocks as one write, in block order. */
function concatenate(blocks: readonly BlockWrite[]): BlockWrite {
  if (blocks.length === 1) return blocks[0]!;
  const rows: Partial<Record<ModelName, RowOf<ModelName>[]>> = {};
  const upserts: Partial<Record<ModelName, RowOf<ModelName>[]>> = {};
  for (const block of blocks) {
    for (const [into, from] of [
      [rows, block.rows],
      [upserts, block.upserts],
    ] as const) {
      for (const [model, list] of Object.entries(from ?? {}) as [
        ModelName,
        readonly RowOf<ModelName>[] | undefined,
      ][]) {
        if (list?.length) (into[model] ??= []).push(...list);
      }
    }
  }
  return { cursor: blocks[blocks.length - 1]!.cursor, rows: rows as RowsByModel, upserts: upserts as RowsByModel };
}

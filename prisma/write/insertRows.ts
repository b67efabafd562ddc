// Writes a batch of one model's rows now (no buffering): the form an indexer uses inside the
// transaction of a block. The buffered form for large loads is createBulkWriter.
import type { SqlExecutor } from '../database';
import { dataModel } from '../generated/metadata';
import { createRowEncoder, type RowEncoder } from './createRowEncoder';
import { insertStatement, type ConflictPolicy } from './insertStatement';
import type { ModelName, RowOf } from './types';

/** Options of {@link insertRows}. */
export type InsertRowsOptions = {
  /** What to do with rows whose primary key is already stored. @default 'skip' */
  onConflict?: ConflictPolicy;
  /** Serialized bytes per statement. @default 4_000_000 */
  chunkBytes?: number;
};

const encoders = new Map<ModelName, RowEncoder>();

/**
 * Inserts rows of one model in chunks of about `chunkBytes`, one statement per chunk and column set.
 * With `onConflict: 'update'`, rows repeating a primary key within the batch keep the last one
 * (PostgreSQL refuses to update one row twice in a statement).
 * @param executor the database, or a transaction from `db.transaction`
 * @param model the model
 * @param rows the rows, typed as Prisma's CreateManyInput
 * @param options conflict policy and chunk size
 * @returns when every chunk is written
 * @throws the database error of the failing chunk (earlier chunks stay written unless in a transaction)
 * @example
 * await db.transaction((tx) => insertRows(tx, 'EvmBlock', blocks))
 */
export async function insertRows<M extends ModelName>(
  executor: SqlExecutor,
  model: M,
  rows: readonly RowOf<M>[],
  options: InsertRowsOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const policy = options.onConflict ?? 'skip';
  const chunkBytes = options.chunkBytes ?? 4_000_000;
  let encoder = encoders.get(model);
  if (!encoder) encoders.set(model, (encoder = createRowEncoder(model)));
  const groups = new Map<number, string[]>();
  const seen = policy === 'update' ? new Map<string, { mask: number; index: number }>() : undefined;
  const key = dataModel.models[model].primaryKey as readonly string[];
  for (const row of rows) {
    const { json, mask } = encoder.encode(row);
    let group = groups.get(mask);
    if (!group) groups.set(mask, (group = []));
    if (seen) {
      const id = JSON.stringify(key.map((field) => String((row as Record<string, unknown>)[field])));
      const previous = seen.get(id);
      if (previous) groups.get(previous.mask)![previous.index] = '';
      seen.set(id, { mask, index: group.length });
    }
    group.push(json);
  }
  for (const [mask, parts] of groups) {
    const sql = insertStatement(model, encoder.columnsOf(mask), policy);
    let chunk: string[] = [];
    let bytes = 0;
    for (const part of parts) {
      if (part === '') continue;
      chunk.push(part);
      bytes += part.length;
      if (bytes >= chunkBytes) {
        await executor.query(sql, [`[${chunk.join(',')}]`]);
        chunk = [];
        bytes = 0;
      }
    }
    if (chunk.length > 0) await executor.query(sql, [`[${chunk.join(',')}]`]);
  }
}

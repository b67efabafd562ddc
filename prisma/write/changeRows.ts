// Changes to rows a block does not create: columns of stored rows set to new values (a UTXO
// consumed, a subnet's new owner, a validator's new weight) and rows removed (a pending reward once
// paid). Run inside writeBlock's transaction, so they commit with the block's rows and cursor.
import type { SqlExecutor } from '../database';
import { dataModel } from '../generated/metadata';
import { createRowEncoder, type RowEncoder } from './createRowEncoder';
import type { ModelName, RowOf } from './types';

/** Set `set` on the rows matching every field of `where` (usually the primary key). */
export type RowUpdate = { [M in ModelName]: { model: M; where: Partial<RowOf<M>>; set: Partial<RowOf<M>> } }[ModelName];

/** Delete the rows matching every field of `where`. */
export type RowDelete = { [M in ModelName]: { model: M; where: Partial<RowOf<M>> } }[ModelName];

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const encoders = new Map<ModelName, RowEncoder>();

/**
 * The columns a partial row sets and the sub-select that reads them from its JSON parameter: the
 * bulk write path's encoder and `json_populate_record`, so values are typed by the table's columns
 * exactly as inserted rows are (enums, numerics, bytes, lists).
 */
function record(
  model: ModelName,
  fields: object,
  param: number,
): { columns: string; select: string; json: string } | null {
  let encoder = encoders.get(model);
  if (!encoder) encoders.set(model, (encoder = createRowEncoder(model)));
  const { json, mask } = encoder.encode(fields);
  if (mask === 0) return null;
  const columns = encoder.columnsOf(mask).map(quote).join(', ');
  return {
    columns,
    json,
    select: `(SELECT ${columns} FROM json_populate_record(NULL::${quote(dataModel.models[model].table)}, $${param}::json))`,
  };
}

function whereOf(model: ModelName, where: object, param: number) {
  const condition = record(model, where, param);
  if (!condition) throw new Error(`${model}: a change needs a where condition, or it would touch every row`);
  return condition;
}

/**
 * Applies updates in order, one statement each (a block changes few stored rows).
 * @param executor the block's transaction
 * @param updates the changes
 * @returns when every statement ran
 * @example await updateRows(tx, [{ model: 'Subnet', where: { network: 'FUJI', subnetId }, set: { ownerAddresses, threshold: 1 } }])
 */
export async function updateRows(executor: SqlExecutor, updates: readonly RowUpdate[]): Promise<void> {
  for (const update of updates) {
    const set = record(update.model, update.set, 1);
    if (!set) continue;
    const where = whereOf(update.model, update.where, 2);
    await executor.query(
      `UPDATE ${quote(dataModel.models[update.model].table)} SET (${set.columns}) = ${set.select} WHERE (${where.columns}) = ${where.select}`,
      [set.json, where.json],
    );
  }
}

/**
 * Deletes rows, one statement per entry.
 * @param executor the block's transaction
 * @param deletes what to delete
 * @returns when every statement ran
 * @example await deleteRows(tx, [{ model: 'PendingReward', where: { network: 'FUJI', txHash } }])
 */
export async function deleteRows(executor: SqlExecutor, deletes: readonly RowDelete[]): Promise<void> {
  for (const entry of deletes) {
    const where = whereOf(entry.model, entry.where, 1);
    await executor.query(
      `DELETE FROM ${quote(dataModel.models[entry.model].table)} WHERE (${where.columns}) = ${where.select}`,
      [where.json],
    );
  }
}

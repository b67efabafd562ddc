// Reorg rollback: deletes the rows a chain wrote above a height, children before parents.
import type { SqlExecutor } from '../database';
import { dataModel } from '../generated/metadata';
import type { ModelName, RowOf } from './types';
import { WRITE_ORDER } from './writeOrder';

/** Rows of one model that belong to a chain, and the field holding their block height. */
export type ChainRows = {
  [M in ModelName]: {
    model: M;
    /** Equality conditions naming the chain, e.g. `{ chainId: 43114n }` or `{ network: 'MAINNET', blockchainId }`. */
    chain: Partial<RowOf<M>>;
    /** Field with the row's block height, e.g. `blockNumber` (`number` for EvmBlock). */
    heightField: keyof RowOf<M> & string;
  };
}[ModelName];

type FieldInfo = { column: string; kind: string; type: string };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Deletes, for each target, the chain's rows whose height is above `height` (kept: `<= height`), in
 * reverse write order so children go before the rows they reference. Run it in the transaction that
 * also rewinds the chain's sync state (`rewindChain`).
 * @param executor the database, or a transaction
 * @param targets the chain's rows per model
 * @param height the last height to keep
 * @returns when every delete ran
 * @example
 * await deleteRowsAbove(tx, [{ model: 'EvmBlock', chain: { chainId: 43114n }, heightField: 'number' },
 *   { model: 'EvmTransaction', chain: { chainId: 43114n }, heightField: 'blockNumber' }], 1_000n)
 */
export async function deleteRowsAbove(
  executor: SqlExecutor,
  targets: readonly ChainRows[],
  height: bigint,
): Promise<void> {
  const ordered = [...targets].sort((a, b) => WRITE_ORDER.indexOf(b.model) - WRITE_ORDER.indexOf(a.model));
  for (const target of ordered) {
    const meta = dataModel.models[target.model];
    const fields = meta.fields as Record<string, FieldInfo>;
    const column = (field: string) => {
      const info = fields[field];
      if (!info) throw new Error(`${target.model} has no field ${field}`);
      return info;
    };
    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(target.chain as Record<string, unknown>)) {
      if (value === undefined) continue;
      const info = column(field);
      const stored =
        info.kind === 'enum'
          ? (dataModel.enums as Record<string, Record<string, string>>)[info.type]![value as string]
          : value;
      if (stored === undefined)
        throw new Error(`${target.model}.${field}: ${String(value)} is not a value of enum ${info.type}`);
      params.push(typeof stored === 'bigint' ? stored.toString() : stored);
      conditions.push(`${quote(info.column)} = $${params.length}`);
    }
    if (conditions.length === 0)
      throw new Error(
        `deleteRowsAbove: ${target.model} needs a chain condition, or it would delete every chain's rows`,
      );
    params.push(height.toString());
    conditions.push(`${quote(column(target.heightField).column)} > $${params.length}`);
    await executor.query(`DELETE FROM ${quote(meta.table)} WHERE ${conditions.join(' AND ')}`, params);
  }
}

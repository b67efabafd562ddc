// The one INSERT this write path sends: rows from a JSON array parameter, with a conflict policy.
import { dataModel } from '../generated/metadata';
import type { ModelName } from './types';

/**
 * What happens when a row's primary key is already there:
 * - `skip`: keep the stored row (`ON CONFLICT (pk) DO NOTHING`): idempotent re-ingestion.
 * - `update`: overwrite the given columns when any differs (`DO UPDATE ... WHERE ... IS DISTINCT FROM`),
 *   so writing the same state twice changes nothing; `@updatedAt` columns the row leaves out are set
 *   to `now()` when it does change. For mutable rows: validators' live state, sync state.
 * - `error`: fail (a plain INSERT): for loads that must find the table empty.
 */
export type ConflictPolicy = 'skip' | 'update' | 'error';

type FieldInfo = { column: string; updatedAt?: boolean };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * SQL of `INSERT INTO <table> (<columns>) SELECT <columns> FROM json_populate_recordset(NULL::<table>, $1::json)`
 * with the conflict clause of `policy` on the model's primary key. `$1` is a JSON array of records
 * keyed by column name (`createRowEncoder`).
 * @param model the model
 * @param columns the columns the rows set (unquoted), all of the same rows
 * @param policy what to do with rows whose primary key exists
 * @returns the statement text
 * @example insertStatement('EvmMethodSignature', ['method_hash', 'method_name'], 'skip')
 */
export function insertStatement(model: ModelName, columns: readonly string[], policy: ConflictPolicy): string {
  const meta = dataModel.models[model];
  const fields = meta.fields as Record<string, FieldInfo>;
  const table = quote(meta.table);
  const list = columns.map(quote).join(', ');
  const insert = `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  if (policy === 'error') return insert;
  const key = (meta.primaryKey as readonly string[]).map((field) => fields[field]!.column);
  const conflict = `ON CONFLICT (${key.map(quote).join(', ')})`;
  const keySet = new Set(key);
  const updatable = columns.filter((c) => !keySet.has(c));
  if (policy === 'skip' || updatable.length === 0) return `${insert} ${conflict} DO NOTHING`;
  const stamped = Object.values(fields)
    .filter((f) => f.updatedAt)
    .map((f) => f.column);
  const compared = updatable.filter((c) => !stamped.includes(c));
  const sets = [
    ...updatable.map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`),
    ...stamped.filter((c) => !columns.includes(c)).map((c) => `${quote(c)} = now()`),
  ];
  const changed =
    compared.length === 0
      ? ''
      : ` WHERE (${compared.map((c) => `${table}.${quote(c)}`).join(', ')}) IS DISTINCT FROM (${compared.map((c) => `EXCLUDED.${quote(c)}`).join(', ')})`;
  return `${insert} ${conflict} DO UPDATE SET ${sets.join(', ')}${changed}`;
}

import { Prisma } from '../generated/client';
import { dataModel } from '../generated/metadata';
import { modelFields, type ModelField, type ModelName } from './modelFields';

/**
 * A row as `pg` returns it, or a JSON row of jsonRowSql.ts (snake_case columns; int8 and numeric as
 * text or parsed), shaped as Prisma returns the model (field names, bigint, Decimal, enum names)
 * but with bytes as 0x hex (HexRow). The raw reads of the hot loaders (`Database.read`, where
 * Prisma's query building cost more than the statement) and the benchmarks' pg floors both use
 * it, so they hand the same values to the same formatters.
 *
 * @param model the Prisma model
 * @param row a row of `SELECT` columns of that model's table
 * @returns the model row
 * @example toModelRow('EvmContract', { chain_id: '43114', address: '0x…', erc_type: 'ERC-20', … })
 */
export function toModelRow<T>(model: ModelName, row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [name, column, convert] of readerOf(model)) {
    const value = row[column];
    if (value === undefined) continue;
    out[name] = value === null ? null : convert(value);
  }
  return out as T;
}

type Convert = (value: unknown) => unknown;
const readers = new Map<ModelName, [name: string, column: string, convert: Convert][]>();

/** Each field's name, column and conversion, worked out once per model. */
function readerOf(model: ModelName): [string, string, Convert][] {
  let reader = readers.get(model);
  if (!reader) {
    const names = Object.keys(dataModel.models[model].fields);
    reader = modelFields(model).map((field, i) => [names[i]!, field.column, converterOf(field)]);
    readers.set(model, reader);
  }
  return reader;
}

function converterOf(field: ModelField): Convert {
  if (field.kind === 'enum') {
    const values = dataModel.enums[field.type as keyof typeof dataModel.enums] as Record<string, string>;
    const byValue = new Map(Object.entries(values).map(([name, value]) => [value, name]));
    return (value) => byValue.get(value as string) ?? value;
  }
  switch (field.type) {
    case 'BigInt':
      return (value) => (typeof value === 'bigint' ? value : BigInt(value as string));
    case 'Decimal':
      // Database.read already parses numeric; the benchmarks' pg floors hand text.
      return (value) => (value instanceof Prisma.Decimal ? value : new Prisma.Decimal(value as string));
    case 'Bytes':
      // 0x hex both from the pool's bytea parser and from a JSON row (hexBytes.ts, jsonRowSql.ts)
      return (value) => value;
    default:
      return (value) => value;
  }
}

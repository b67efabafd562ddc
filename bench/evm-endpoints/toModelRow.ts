import { Prisma } from '../../prisma/generated/client';
import { dataModel } from '../../prisma/generated/metadata';

type ModelName = keyof typeof dataModel.models;
type Field = { column: string; kind: string; type: string; list: boolean };

/**
 * A row as `pg` returns it (snake_case columns; int8, numeric as text) shaped as Prisma returns the
 * model: field names, bigint, Decimal, enum names. The pg baseline pays for these conversions as
 * the service pays for Prisma's, so both hand the same values to the same formatters.
 *
 * @param model the Prisma model
 * @param row a row of `SELECT` columns of that model's table
 * @returns the model row
 * @example toModelRow('EvmContract', { chain_id: '43114', address: '0x…', erc_type: 'ERC-20', … })
 */
export function toModelRow<T>(model: ModelName, row: Record<string, unknown>): T {
  const fields = dataModel.models[model].fields as Record<string, Field>;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = row[field.column];
    if (value === undefined) continue;
    out[name] = value === null ? null : convert(field, value);
  }
  return out as T;
}

function convert(field: Field, value: unknown): unknown {
  if (field.kind === 'enum') {
    const values = dataModel.enums[field.type as keyof typeof dataModel.enums] as Record<string, string>;
    return Object.keys(values).find((name) => values[name] === value) ?? value;
  }
  switch (field.type) {
    case 'BigInt':
      return BigInt(value as string);
    case 'Decimal':
      return new Prisma.Decimal(value as string);
    case 'Bytes':
      return new Uint8Array(value as Buffer);
    default:
      return value;
  }
}

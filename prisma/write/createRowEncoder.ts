// Turns typed rows (Prisma field names and values) into the JSON records that
// `json_populate_recordset(NULL::<table>, $1::json)` reads: column names, enum values as stored
// (the schema's @map), bigint and Decimal as exact strings, bytes (0x hex in rows) as `\x` hex. One JSON parameter per
// statement: no bind-parameter limit, and on PGlite faster than multi-row VALUES.
import { Prisma } from '../generated/client';
import { dataModel } from '../generated/metadata';
import { isHexBytes } from '../hexBytes';
import type { ModelName, RowOf } from './types';

/** A row ready for the database. */
export type EncodedRow = {
  /** The row as a JSON object text keyed by column name. */
  json: string;
  /**
   * Which fields the row sets, one bit per field (up to 52 fields: exact in a JS number). Rows of one statement must set the same columns:
   * a field left out (undefined) takes its column default, which a NULL in a shared column list would not.
   */
  mask: number;
};

/** Encoder of one model's rows. */
export type RowEncoder = {
  /** Encodes one row; throws on a field the model does not have or an unknown enum value. */
  encode(row: object): EncodedRow;
  /** Column names (unquoted) of the fields a mask sets, in field order. */
  columnsOf(mask: number): string[];
};

type FieldInfo = { column: string; kind: string; type: string; list: boolean };
/** Writes a non-null value as JSON text. */
type WriteJson = (value: unknown) => string;

/**
 * Creates the encoder of a model's rows from the schema metadata. A row's JSON text is written
 * field by field, without an intermediate object: a backfill encodes every row it writes.
 * @param model the model whose rows it encodes
 * @returns the encoder
 * @example
 * const encoder = createRowEncoder('EvmMethodSignature')
 * encoder.encode({ methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' }).json
 * // '{"method_hash":"\\\\xa9059cbb","method_name":"transfer(address,uint256)"}'
 */
export function createRowEncoder<M extends ModelName>(model: M): RowEncoder & { encode(row: RowOf<M>): EncodedRow } {
  const fields = Object.entries(dataModel.models[model].fields as Record<string, FieldInfo>);
  if (fields.length > 52) throw new Error(`${model} has ${fields.length} fields; the column mask holds 52`);
  const byName: Record<string, { bit: number; key: string; write: WriteJson }> = Object.create(null);
  fields.forEach(([name, info], index) => {
    byName[name] = { bit: 2 ** index, key: `${JSON.stringify(info.column)}:`, write: writerOf(model, name, info) };
  });
  const columnsByMask = new Map<number, string[]>();
  return {
    encode(row) {
      let json = '';
      let mask = 0;
      for (const name in row) {
        const value = (row as Record<string, unknown>)[name];
        if (value === undefined) continue;
        const field = byName[name];
        if (field === undefined) throw new Error(`${model} has no field ${name}`);
        // Each field name occurs once in an object, so adding its bit is a bitwise OR (beyond 32 bits).
        mask += field.bit;
        json += (json === '' ? '{' : ',') + field.key + (value === null ? 'null' : field.write(value));
      }
      return { json: json === '' ? '{}' : `${json}}`, mask };
    },
    columnsOf(mask) {
      let columns = columnsByMask.get(mask);
      if (!columns) {
        columns = fields
          .filter(([name]) => Math.floor(mask / byName[name]!.bit) % 2 === 1)
          .map(([, info]) => info.column);
        columnsByMask.set(mask, columns);
      }
      return columns;
    },
  };
}

function writerOf(model: string, name: string, info: FieldInfo): WriteJson {
  let one: WriteJson = (value) => JSON.stringify(value);
  if (info.kind === 'enum') {
    const values = (dataModel.enums as Record<string, Record<string, string>>)[info.type]!;
    one = (value) => {
      const stored = values[value as string];
      if (stored === undefined)
        throw new Error(`${model}.${name}: ${String(value)} is not a value of enum ${info.type}`);
      return JSON.stringify(stored);
    };
  } else if (info.type === 'BigInt') {
    one = (value) => (typeof value === 'bigint' ? `"${value}"` : JSON.stringify(value));
  } else if (info.type === 'Decimal') {
    // Decimal#toString switches to exponent notation for large values; toFixed never does.
    one = (value) =>
      typeof value === 'bigint'
        ? `"${value}"`
        : Prisma.Decimal.isDecimal(value)
          ? `"${value.toFixed()}"`
          : JSON.stringify(value);
  } else if (info.type === 'Bytes') {
    // 0x hex, as rows carry bytes (hexBytes.ts), in bytea's hex input form (its backslash escaped for JSON).
    one = (value) => {
      if (!isHexBytes(value))
        throw new Error(`${model}.${name}: ${JSON.stringify(value)} is not 0x hex of whole bytes`);
      return `"\\\\x${value.slice(2)}"`;
    };
  } else if (info.type === 'Json') {
    one = (value) => {
      if (value === Prisma.DbNull) return 'null';
      // json_populate_recordset reads a JSON null as SQL NULL: a JSON `null` value cannot be written here.
      if (value === Prisma.JsonNull || value === Prisma.AnyNull)
        throw new Error(`${model}.${name}: Prisma.JsonNull is not supported by the bulk write path`);
      return JSON.stringify(value);
    };
  }
  if (!info.list) return one;
  const write = one;
  return (value) => `[${(value as unknown[]).map((item) => (item === null ? 'null' : write(item))).join(',')}]`;
}

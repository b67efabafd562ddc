import { Prisma } from '../generated/client';
import { checkAlias, modelFields, type FieldName, type ModelName } from './modelFields';

/**
 * Built fragments by field list, then by model and alias. Field lists are constants declared once
 * (beside the formatters that read them), so the list itself is the key: a request that builds
 * its statement (the transfer lists) finds its fragments without joining the names again.
 */
const fragments = new WeakMap<readonly string[], Map<string, Prisma.Sql>>();
const wholeRow: readonly string[] = [];

/**
 * A row of a model's table as one JSON object keyed by column, with values that survive JSON
 * exactly: int8 and numeric as text (JSON numbers would lose digits beyond 2^53), bytea as 0x hex.
 * `toModelRow(model, json)` turns it into the model row. Lets one statement bring a row with its
 * related rows (`json_agg` of these in subqueries) where separate statements would each cost a
 * round trip and a system call (GET transaction).
 * @param model the Prisma model
 * @param alias the table's alias in the statement (letters, digits, underscores)
 * @param fields the fields to carry, when the reader needs fewer than all: each one PostgreSQL
 *   builds, sends and the driver parses costs (GET transaction's statement carries only the
 *   columns its formatters read)
 * @returns the SQL expression
 * @throws {Error} for an alias that is not a plain identifier, or a field the model lacks
 * @example Prisma.sql`SELECT ${jsonRowSql('EvmBlock', 'b', ['hash', 'timestamp'])} AS block FROM evm_block b WHERE …`
 */
export function jsonRowSql<M extends ModelName>(model: M, alias: string, fields?: readonly FieldName<M>[]): Prisma.Sql {
  let built = fragments.get(fields ?? wholeRow);
  if (!built) fragments.set(fields ?? wholeRow, (built = new Map()));
  const key = `${model}:${alias}`;
  let fragment = built.get(key);
  if (!fragment) {
    checkAlias(alias);
    const members = modelFields(model, fields).map((field) => {
      const column = `${alias}."${field.column}"`;
      const value =
        field.type === 'BigInt' || field.type === 'Decimal'
          ? `${column}::text`
          : field.type === 'Bytes'
            ? `'0x' || encode(${column}, 'hex')`
            : column;
      return `'${field.column}', ${value}`;
    });
    // json, not jsonb: PostgreSQL writes it out as built, where jsonb is built in its binary form and
    // then printed, a cost every row pays. json_build_object takes
    // at most 100 arguments: larger rows are jsonb objects concatenated (json has no `||`).
    const chunks: string[] = [];
    for (let i = 0; i < members.length; i += 50) chunks.push(members.slice(i, i + 50).join(', '));
    fragment = Prisma.raw(
      chunks.length === 1
        ? `json_build_object(${chunks[0]})`
        : `(${chunks.map((chunk) => `jsonb_build_object(${chunk})`).join(' || ')})`,
    );
    built.set(key, fragment);
  }
  return fragment;
}

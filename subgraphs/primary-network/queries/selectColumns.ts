import { Prisma } from '../../../prisma/generated/client';
import { dataModel } from '../../../prisma/generated/metadata';

type ModelName = keyof typeof dataModel.models;

/**
 * The select list of a raw query that returns a model's rows as Prisma's `findMany` does: every
 * column under its field name, enum columns as the enum's Prisma names (`MAINNET`, `SECP256K1`), so
 * raw lists and loaders share one row type and one formatter. Built from the schema's metadata.
 *
 * @param model the Prisma model
 * @param alias the table alias in the query (an identifier)
 * @returns `v."tx_hash" AS "txHash", …`
 * @example Prisma.sql`SELECT ${selectColumns('Validator', 'v')} FROM validator v`
 */
export function selectColumns(model: ModelName, alias: string): Prisma.Sql {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias))
    throw new Error(`Validation failed: alias "${alias}", expected an identifier`);
  const fields = dataModel.models[model].fields as Record<string, { column: string; kind: string; type: string }>;
  const columns = Object.entries(fields).map(([field, { column, kind, type }]) => {
    const qualified = `${alias}."${column}"`;
    if (kind !== 'enum') return `${qualified} AS "${field}"`;
    const values = Object.entries(dataModel.enums[type as keyof typeof dataModel.enums]) as [string, string][];
    if (values.every(([name, value]) => name === value)) return `${qualified}::text AS "${field}"`;
    const cases = values.map(([name, value]) => `WHEN '${value}' THEN '${name}'`).join(' ');
    return `CASE ${qualified}::text ${cases} END AS "${field}"`;
  });
  return Prisma.raw(columns.join(', '));
}

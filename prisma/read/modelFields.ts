import { dataModel } from '../generated/metadata';

/** A model of the Prisma schema, by its Prisma name. */
export type ModelName = keyof typeof dataModel.models;
/** A model's field names (Prisma's names, not its columns). */
export type FieldName<M extends ModelName> = keyof (typeof dataModel.models)[M]['fields'] & string;
/** A scalar field as the generated metadata describes it. */
export type ModelField = { column: string; kind: string; type: string; list: boolean };

/**
 * The fields of a model a statement reads, in the order given (all of them, in the schema's
 * order, without a list). Shared by jsonRowSql.ts and modelColumnsSql so both refuse the same
 * mistakes.
 * @param model the Prisma model
 * @param fields the fields, or undefined for all
 * @returns each field's metadata
 * @throws {Error} for a field the model lacks
 * @example modelFields('EvmBlock', ['hash', 'timestamp']) // [{ column: 'hash', … }, { column: 'timestamp', … }]
 */
export function modelFields<M extends ModelName>(model: M, fields?: readonly FieldName<M>[]): ModelField[] {
  const all = dataModel.models[model].fields as Record<string, ModelField>;
  return (fields ?? Object.keys(all)).map((name) => {
    const field = all[name];
    if (!field) throw new Error(`${model} has no field ${JSON.stringify(name)}`);
    return field;
  });
}

/** Checks a table alias before it is put into SQL text. */
export function checkAlias(alias: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(alias))
    throw new Error(`alias ${JSON.stringify(alias)} is not a plain identifier`);
}

const columnLists = new WeakMap<readonly string[], Map<string, string>>();

/**
 * The select list of some of a model's columns (`c."address", c."name"`), for a raw read whose
 * rows go through toModelRow: the columns a reader needs rather than `c.*`, since each column
 * PostgreSQL sends and the driver parses costs (a contract's description and links, a
 * transaction's signature and access list). Cached by the field list, a constant.
 * @param model the Prisma model
 * @param alias the table's alias in the statement
 * @param fields the fields the reader needs
 * @returns SQL text
 * @throws {Error} for an alias that is not a plain identifier, or a field the model lacks
 * @example `SELECT ${modelColumnsSql('EvmContract', 'c', contractSummaryFields)} FROM evm_contract c WHERE …`
 */
export function modelColumnsSql<M extends ModelName>(model: M, alias: string, fields: readonly FieldName<M>[]): string {
  let built = columnLists.get(fields);
  if (!built) columnLists.set(fields, (built = new Map()));
  const key = `${model}:${alias}`;
  let list = built.get(key);
  if (list === undefined) {
    checkAlias(alias);
    list = modelFields(model, fields)
      .map((field) => `${alias}."${field.column}"`)
      .join(', ');
    built.set(key, list);
  }
  return list;
}

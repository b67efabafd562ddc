// The SQL forms of the validator rules (validationStatusAt, leavesSetAt, timeRemaining, and
// delegationCapacity applied to the stored capacity), over the validator table's columns, so lists
// filter and sort by them in the database. Column names come from the schema.
import { dataModel } from '../prisma/generated/metadata';
import { aliasPrefix, instantSql, type SqlInstant } from './sqlInstant';
import type { ValidationStatus } from './validationStatusAt';

/** Options of {@link validatorRulesSql}. */
export type ValidatorRulesSqlOptions = {
  /** The instant T, Unix seconds: a placeholder such as `$1`, or the instant itself (a literal). */
  at: SqlInstant;
  /** Alias (or table name) qualifying the validator columns, e.g. `v`. @default none */
  alias?: string;
};

/** SQL text of the validator rules at one instant. */
export type ValidatorRulesSql = {
  /** Condition: the validation has `status` at T (same boundaries as validationStatusAt). */
  status(status: ValidationStatus): string;
  /** bigint expression: leavesSetAt, NULL for never. Independent of T. */
  leavesSetAt: string;
  /** Condition: active or pending at T (still in the set, or not in it yet). */
  inSet: string;
  /** bigint expression: timeRemaining at T, NULL when unbounded. */
  timeRemaining: string;
  /** numeric expression: the delegation capacity at T (the stored capacity while in the set, else 0). */
  delegationCapacity: string;
};

const column = (field: keyof typeof dataModel.models.Validator.fields, prefix: string) =>
  `${prefix}"${dataModel.models.Validator.fields[field].column}"`;

/**
 * The validator rules as SQL text at instant T. Each piece selects or computes for a row exactly
 * what the TypeScript rule gives for it (`test/domain/validatorRulesSql.test.ts` checks it row by
 * row on every boundary).
 * @param options the instant (placeholder or literal) and the table alias
 * @returns the conditions and expressions
 * @throws Error when the placeholder or alias is not a plain `$n` / identifier, or the instant not an integer
 * @example
 * const rules = validatorRulesSql({ at: 1_793_491_200, alias: 'v' })
 * await db.query(`SELECT v.validation_id, ${rules.delegationCapacity} AS capacity FROM validator v WHERE ${rules.status('active')}`)
 */
export function validatorRulesSql(options: ValidatorRulesSqlOptions): ValidatorRulesSql {
  const t = instantSql(options.at);
  const prefix = aliasPrefix(options.alias);
  const start = column('startTimestamp', prefix);
  const end = column('endTimestamp', prefix);
  const removed = column('removedTimestamp', prefix);
  const notRemoved = `(${removed} IS NULL OR ${removed} > ${t})`;
  // LEAST ignores NULLs: the earlier of end and removal, NULL only when both are.
  const leavesSetAt = `LEAST(${end}, ${removed})`;
  const inSet = `(${leavesSetAt} IS NULL OR ${leavesSetAt} > ${t})`;
  const conditions: Record<ValidationStatus, string> = {
    removed: `(${removed} IS NOT NULL AND ${removed} <= ${t})`,
    pending: `(${notRemoved} AND ${start} > ${t})`,
    completed: `(${notRemoved} AND ${start} <= ${t} AND ${end} IS NOT NULL AND ${end} <= ${t})`,
    active: `(${notRemoved} AND ${start} <= ${t} AND (${end} IS NULL OR ${end} > ${t}))`,
  };
  return {
    status: (status) => conditions[status],
    leavesSetAt,
    inSet,
    timeRemaining: `(CASE WHEN ${leavesSetAt} IS NULL THEN NULL WHEN ${leavesSetAt} > ${t} THEN ${leavesSetAt} - ${t} ELSE 0 END)`,
    delegationCapacity: `(CASE WHEN ${inSet} THEN ${column('delegationCapacity', prefix)} ELSE 0 END)`,
  };
}

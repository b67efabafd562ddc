// The SQL text form of validationStatusAt for delegation rows, for statements written in SQL (the
// Prisma form is delegationStatusWhere.ts). A delegation is never removed early and always ends.
import { dataModel } from '../prisma/generated/metadata';
import { aliasPrefix, instantSql, type SqlInstant } from './sqlInstant';
import type { ValidationStatus } from './validationStatusAt';

const column = (field: 'startTimestamp' | 'endTimestamp', prefix: string) =>
  `${prefix}"${dataModel.models.Delegation.fields[field].column}"`;

/**
 * The condition selecting the delegations that have `status` at T, with the boundaries of
 * validationStatusAt (pending while T < start, completed once end <= T); `removed` selects none.
 * @param status the wanted status
 * @param options the instant (placeholder or integer) and the delegation table's alias
 * @returns SQL text of the condition
 * @throws Error when the placeholder or alias is not a plain `$n` / identifier
 * @example delegationStatusSql('active', { at: 1_793_491_200, alias: 'd' })
 */
export function delegationStatusSql(status: ValidationStatus, options: { at: SqlInstant; alias?: string }): string {
  const t = instantSql(options.at);
  const prefix = aliasPrefix(options.alias);
  const start = column('startTimestamp', prefix);
  const end = column('endTimestamp', prefix);
  switch (status) {
    case 'removed':
      return 'false';
    case 'pending':
      return `(${start} > ${t})`;
    case 'completed':
      return `(${start} <= ${t} AND ${end} <= ${t})`;
    case 'active':
      return `(${start} <= ${t} AND ${end} > ${t})`;
  }
}

// The SQL form of validationStatusAt for Delegation rows. A delegation cannot be removed early and
// always has an end time, so its status follows from its period alone.
import type { Prisma } from '../prisma/generated/client';
import type { Timestamp, ValidationStatus } from './validationStatusAt';

/**
 * Filter on Delegation rows equivalent to `validationStatusAt(row, now) === status`. No delegation is
 * ever `removed`: that status selects nothing (`OR: []` is false in Prisma).
 * @param status the wanted status
 * @param now the instant of the question, Unix seconds
 * @returns a `Prisma.DelegationWhereInput`
 * @example
 * const pending = await db.prisma.delegation.count({ where: { AND: [{ network: 'FUJI' }, delegationStatusWhere('pending', now)] } })
 */
export function delegationStatusWhere(status: ValidationStatus, now: Timestamp): Prisma.DelegationWhereInput {
  const t = BigInt(now);
  switch (status) {
    case 'removed':
      return { OR: [] };
    case 'pending':
      return { startTimestamp: { gt: t } };
    case 'completed':
      return { AND: [{ startTimestamp: { lte: t } }, { endTimestamp: { lte: t } }] };
    case 'active':
      return { AND: [{ startTimestamp: { lte: t } }, { endTimestamp: { gt: t } }] };
  }
}

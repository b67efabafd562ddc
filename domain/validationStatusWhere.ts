// The SQL form of validationStatusAt for Validator rows: a Prisma `where` that selects the validations
// having a status at an instant, so lists are filtered (and paged) in the database.
import type { Prisma } from '../prisma/generated/client';
import type { Timestamp, ValidationStatus } from './validationStatusAt';

/**
 * Filter on Validator rows equivalent to `validationStatusAt(row, now) === status` (same boundaries:
 * removed at `removedTimestamp <= now`, pending while `now < startTimestamp`, completed at
 * `endTimestamp <= now`). Combine it with other conditions under `AND`.
 * @param status the wanted status (spec 2.5)
 * @param now the instant of the question, Unix seconds
 * @returns a `Prisma.ValidatorWhereInput`
 * @example
 * const active = await db.prisma.validator.findMany({ where: { network: 'MAINNET', AND: [validationStatusWhere('active', now)] } })
 */
export function validationStatusWhere(status: ValidationStatus, now: Timestamp): Prisma.ValidatorWhereInput {
  const t = BigInt(now);
  const notRemoved: Prisma.ValidatorWhereInput = { OR: [{ removedTimestamp: null }, { removedTimestamp: { gt: t } }] };
  switch (status) {
    case 'removed':
      return { removedTimestamp: { lte: t } };
    case 'pending':
      return { AND: [notRemoved, { startTimestamp: { gt: t } }] };
    case 'completed':
      return { AND: [notRemoved, { startTimestamp: { lte: t } }, { endTimestamp: { lte: t } }] };
    case 'active':
      return {
        AND: [
          notRemoved,
          { startTimestamp: { lte: t } },
          { OR: [{ endTimestamp: null }, { endTimestamp: { gt: t } }] },
        ],
      };
  }
}

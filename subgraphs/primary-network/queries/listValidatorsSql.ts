import { validatorRulesSql } from '../../../domain';
import { Prisma, type Validator as ValidatorModel } from '../../../prisma/generated/client';
import { dataModel } from '../../../prisma/generated/metadata';
import { bigintKey, decimalKey, nullableKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { sortKey, type SortKey } from '../../shared/paging/sortKey';
import { ValidatorSortBy } from '../types/validator.args';
import { selectColumns } from './selectColumns';
import type { ValidatorFilter } from './validatorFilter';

/** A validator row of the list: the stored row plus the two time-dependent sort values. */
export type ValidatorListRow = ValidatorModel & {
  /** Delegation capacity at the request's instant (0 once the validation left the set). */
  capacityAt: Prisma.Decimal;
  /** When the validation leaves the set, int8 max for never: time remaining's order, stable in time. */
  leavesAt: bigint;
};

/** Stands for "never leaves" in the timeRemaining order, so unbounded validations sort as the longest. */
const NEVER = '9223372036854775807';

/**
 * The delegation capacity at the instant, as SQL. When the list keeps only active or pending
 * validations it is the stored capacity itself (domain/delegationCapacity.ts), so filters and the
 * delegationCapacity order use index `validator(network, delegation_capacity, validation_id)`
 * instead of computing and sorting every row.
 */
function capacitySql(now: number, onlyInSet: boolean): string {
  return onlyInSet
    ? `v."${dataModel.models.Validator.fields.delegationCapacity.column}"`
    : validatorRulesSql({ at: now, alias: 'v' }).delegationCapacity;
}

/** Whether a filter keeps only validations still in the set (active or pending) at the instant. */
const onlyInSet = (filter: Pick<ValidatorFilter, 'status'>) =>
  filter.status === 'active' || filter.status === 'pending';

/**
 * The keyset order of 4.5 for a `sortBy`, at the request's instant. Each ends in the validation
 * ID (unique per network). timeRemaining sorts by when the validation leaves the set, which orders
 * exactly as end − now (0 for those that left) and does not move between the pages of a list;
 * delegationCapacity by the capacity now (domain/delegationCapacity.ts: 0 once completed or removed).
 *
 * @param sortBy the requested order
 * @param now the request's instant, Unix seconds
 * @param filter the list's filters (a status filter simplifies the capacity expression)
 * @returns the sort keys, with their SQL expressions
 * @example validatorSortKeys(ValidatorSortBy.blockIndex, now, filter) // [blockIndex, validationId]
 */
export function validatorSortKeys(
  sortBy: ValidatorSortBy,
  now: number,
  filter: Pick<ValidatorFilter, 'status'>,
): SortKey<ValidatorListRow>[] {
  const rules = validatorRulesSql({ at: now, alias: 'v' });
  const tieBreaker = sortKey<ValidatorListRow>('validationId', stringKey);
  switch (sortBy) {
    case ValidatorSortBy.blockIndex:
      return [sortKey('blockIndex', bigintKey), tieBreaker];
    case ValidatorSortBy.delegationCapacity:
      return [sortKey('capacityAt', decimalKey, capacitySql(now, onlyInSet(filter))), tieBreaker];
    case ValidatorSortBy.timeRemaining:
      return [sortKey('leavesAt', bigintKey, `COALESCE(${rules.leavesSetAt}, ${NEVER})`), tieBreaker];
    case ValidatorSortBy.delegationFee:
      return [sortKey('delegationFee', nullableKey(decimalKey)), tieBreaker];
    case ValidatorSortBy.uptimePerformance:
      return [sortKey('uptimePercentage', decimalKey), tieBreaker];
  }
}

/**
 * The one statement of a list-validators page: the filters of 4.5 at the request's instant (status,
 * capacity and time remaining through the domain's SQL rules), then the keyset range and order.
 * The benchmark runs this same statement through `pg`.
 *
 * @param filter the checked filters (validatorFilter.ts)
 * @param now the request's instant, Unix seconds
 * @param keyset the page's keyset pieces (paginateSql)
 * @returns the statement
 * @example await paginateSql(request, (k) => listValidatorsSql(filter, now, k), (sql) => readSql(context.read, sql))
 */
export function listValidatorsSql(filter: ValidatorFilter, now: number, keyset: KeysetSql): Prisma.Sql {
  const rules = validatorRulesSql({ at: now, alias: 'v' });
  // L1 validations (ACP-77) have no end time, which every validator of 4.5 has: they are listed by their own endpoint.
  const conditions: Prisma.Sql[] = [
    Prisma.sql`v.network = CAST(${dataModel.enums.Network[filter.network]} AS network)`,
    Prisma.sql`NOT v.is_l1_validator`,
  ];
  if (filter.subnetId !== undefined) conditions.push(Prisma.sql`v.subnet_id = ${filter.subnetId}`);
  if (filter.nodeId !== undefined) conditions.push(Prisma.sql`v.node_id = ${filter.nodeId}`);
  if (filter.nodeIdParts?.length)
    conditions.push(Prisma.sql`v.node_id LIKE ANY (${filter.nodeIdParts.map((part) => `%${part}%`)}::text[])`);
  if (filter.status) conditions.push(Prisma.raw(rules.status(filter.status)));
  const capacity = Prisma.raw(capacitySql(now, onlyInSet(filter)));
  if (filter.capacity.min !== undefined)
    conditions.push(Prisma.sql`${capacity} >= ${filter.capacity.min.toString()}::numeric`);
  if (filter.capacity.max !== undefined)
    conditions.push(Prisma.sql`${capacity} <= ${filter.capacity.max.toString()}::numeric`);
  const remaining = Prisma.raw(rules.timeRemaining);
  // Unbounded (an L1 validator without end) is at least any minimum and above any maximum.
  if (filter.timeRemaining.min !== undefined)
    conditions.push(Prisma.sql`(${remaining} IS NULL OR ${remaining} >= ${filter.timeRemaining.min})`);
  if (filter.timeRemaining.max !== undefined) conditions.push(Prisma.sql`${remaining} <= ${filter.timeRemaining.max}`);
  if (filter.fee) {
    conditions.push(
      Prisma.sql`v.delegation_fee >= ${String(filter.fee.min)}::numeric AND v.delegation_fee <= ${String(filter.fee.max)}::numeric`,
    );
  }
  if (filter.uptime) {
    conditions.push(
      Prisma.sql`v.uptime_percentage >= ${String(filter.uptime.min)}::numeric AND v.uptime_percentage <= ${String(filter.uptime.max)}::numeric`,
    );
  }
  return Prisma.sql`SELECT ${selectColumns('Validator', 'v')}, ${capacity} AS "capacityAt", COALESCE(${Prisma.raw(rules.leavesSetAt)}, ${Prisma.raw(NEVER)}) AS "leavesAt"
    FROM validator v
    WHERE ${Prisma.join(conditions, ' AND ')} ${keyset.after('v')}
    ORDER BY ${keyset.orderBy('v')}
    LIMIT ${keyset.limit}`;
}

// When a validation leaves the validator set, which decides its time remaining and whether it still
// accepts delegations: a validation is active or pending exactly while now < leavesSetAt.
import type { StakingPeriod } from './validationStatusAt';

/**
 * The instant a validation leaves the set: its end, or the block time of the transaction that
 * removed it if that came first; null when it has neither (an L1 validator stays until removed).
 * Unlike statuses it does not depend on the time of the question, so lists sort by it stably.
 * `validationStatusAt(period, now)` is `active` or `pending` exactly when this is null or after `now`.
 * @param period start and end times, and the removal time of a removed validation
 * @returns Unix seconds, or null for never
 * @example leavesSetAt({ startTimestamp: 100n, endTimestamp: 500n, removedTimestamp: 300n }) // 300n
 */
export function leavesSetAt(period: StakingPeriod): bigint | null {
  const end = period.endTimestamp === null ? null : BigInt(period.endTimestamp);
  const removed =
    period.removedTimestamp === undefined || period.removedTimestamp === null ? null : BigInt(period.removedTimestamp);
  if (end === null) return removed;
  if (removed === null) return end;
  return removed < end ? removed : end;
}

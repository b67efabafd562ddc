// Spec 4.5 `timeRemaining` of a validation (filters minTimeRemaining / maxTimeRemaining, sortBy=timeRemaining).
import { leavesSetAt } from './leavesSetAt';
import type { StakingPeriod, Timestamp } from './validationStatusAt';

/**
 * Seconds until a validation leaves the set (spec 4.5 `timeRemaining`: end − now), 0 once it has
 * left (completed or removed), null when it has no end (an L1 validator not removed).
 * @param period start and end times, and the removal time of a removed validation
 * @param now the instant of the question, Unix seconds
 * @returns seconds, or null for unbounded
 * @example timeRemaining({ startTimestamp: 100n, endTimestamp: 500n }, 200) // 300
 */
export function timeRemaining(period: StakingPeriod, now: Timestamp): number | null {
  const leaves = leavesSetAt(period);
  if (leaves === null) return null;
  const left = leaves - BigInt(now);
  return left > 0n ? Number(left) : 0;
}

// `progress` of a pending reward (spec 2.7a, 4.14): how far the staking period has run.
import type { Timestamp } from './validationStatusAt';

/**
 * Percent of the staking period elapsed at `now`: 0 before the start, 100 from the end on,
 * linear in between (not rounded).
 * @param startTimestamp start of the staking period, Unix seconds
 * @param endTimestamp end of the staking period, Unix seconds
 * @param now the instant of the question, Unix seconds
 * @returns a number from 0 to 100
 * @example stakingProgress(1_000n, 2_000n, 1_250) // 25
 */
export function stakingProgress(startTimestamp: Timestamp, endTimestamp: Timestamp, now: Timestamp): number {
  const start = BigInt(startTimestamp);
  const end = BigInt(endTimestamp);
  const t = BigInt(now);
  if (t >= end) return 100;
  if (t <= start) return 0;
  return (Number(t - start) * 100) / Number(end - start);
}

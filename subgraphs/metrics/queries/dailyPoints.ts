// The days of a daily series (staking metrics, L1 validator fee metrics): one point per UTC day,
// its 00:00 as the timestamp, `startTimestamp <= timestamp <= endTimestamp`, none after today.

/** Seconds in a day. */
export const DAY = 86_400n;

/** The 00:00 UTC of the day holding `t` (Unix seconds). */
export const floorDay = (t: bigint): bigint => t - (t % DAY);

/**
 * The first and last point of a daily series.
 * @param range the request's bounds, Unix seconds, inclusive
 * @param now the service's "now": the last point is its day at the latest
 * @returns the first point (0 without a start) and the last
 * @example dailyPointRange({ startTimestamp: 1_700_000_001 }, now) // { from: 1700006400n, to: today }
 */
export function dailyPointRange(
  range: { startTimestamp?: number; endTimestamp?: number },
  now: number,
): { from: bigint; to: bigint } {
  const today = floorDay(BigInt(now));
  let to = today;
  if (range.endTimestamp !== undefined && floorDay(BigInt(range.endTimestamp)) < today)
    to = floorDay(BigInt(range.endTimestamp));
  return { from: range.startTimestamp === undefined ? 0n : floorDay(BigInt(range.startTimestamp) + DAY - 1n), to };
}

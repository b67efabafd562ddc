// The rolling windows of the ICM summary as ranges of rollup rows. A window holds the messages of
// its last `seconds` and starts on the hour (so up to an hour more): [start, ∞). Rollup periods
// nest (hours in days in months), so the window is hour rows from its start to the next midnight,
// day rows from there to the next 1st of a month, and month rows from there on: at most 23 + 30
// rows per pair and window (plus the months of a year), whatever the traffic.

const HOUR = 3600;
const DAY = 86_400;

/** The summary's windows: member name and length in seconds (a month is 30 days, a year 365). */
export const ICM_WINDOWS = [
  ['lastHour', HOUR],
  ['lastDay', DAY],
  ['lastWeek', 7 * DAY],
  ['lastMonth', 30 * DAY],
  ['last90Days', 90 * DAY],
  ['lastYear', 365 * DAY],
] as const;

/** A window's name. */
export type IcmWindowName = (typeof ICM_WINDOWS)[number][0];

/** The rollup rows a window adds up: hour buckets in [start, day), day buckets in [day, month), month buckets from month on. */
export type WindowRanges = { start: number; day: number; month: number };

/**
 * The first 00:00 UTC at or after `time`.
 * @example nextDay(86_401) // 172_800
 */
function nextDay(time: number): number {
  return Math.ceil(time / DAY) * DAY;
}

/**
 * The first 1st of a month, 00:00 UTC, at or after `time`.
 * @example nextMonth(Date.UTC(2026, 9, 2) / 1000) === Date.UTC(2026, 10, 1) / 1000 // true
 */
function nextMonth(time: number): number {
  const date = new Date(time * 1000);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  return first === time ? time : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

/**
 * The rollup ranges of a window of `seconds` ending at `now`.
 * @param now Unix seconds
 * @param seconds the window's length (a whole number of hours)
 * @returns the window's start (on the hour) and where its day and month rows begin
 * @example windowRanges(1_700_000_000, 3600) // { start: 1699995600, day: 1700006400, month: 1701388800 }
 */
export function windowRanges(now: number, seconds: number): WindowRanges {
  const start = Math.floor(now / HOUR) * HOUR - seconds;
  const day = nextDay(start);
  return { start, day, month: nextMonth(day) };
}

import { BadRequestError } from '../../../shared/errors';

/** The period of a data point, and SQL's name for it (date_trunc). */
export type UsageInterval = 'minute' | 'hourly' | 'daily' | 'weekly' | 'monthly';

/** date_trunc's field of each interval. */
export const truncField: Record<UsageInterval, string> = {
  minute: 'minute',
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

const dayMs = 86_400_000;

/** Days a range may span, per interval: the number of data points stays bounded (1,440 minutes, 744 hours, 366 days). */
export const maxRangeDays: Record<UsageInterval, number> = {
  minute: 1,
  hourly: 31,
  daily: 366,
  weekly: 3660,
  monthly: 3660,
};

/** A range of recorded requests: `from` inclusive, `to` exclusive. */
export type UsageRange = { from: Date; to: Date };

/**
 * The range of a usage request: both timestamps rounded down to 0:00 UTC of their day (as the
 * official document says), the end's day included; `endTimestamp` now, `startTimestamp` six days
 * before the end's day (the end's day itself for `minute`) when omitted.
 * @param args the request's timestamps, Unix seconds
 * @param interval the data points' period
 * @param now the service's "now", Unix seconds
 * @throws BadRequestError when the start is after the end, or the range spans more days than the interval allows
 * @example usageRange({ startTimestamp: 1739507200, endTimestamp: 1739664000 }, 'daily', now).to // the end of the end's day
 */
export function usageRange(
  args: { startTimestamp?: number; endTimestamp?: number },
  interval: UsageInterval,
  now: number,
): UsageRange {
  const endDay = dayStart((args.endTimestamp ?? now) * 1000);
  const startDay =
    args.startTimestamp === undefined
      ? endDay - (Math.min(7, maxRangeDays[interval]) - 1) * dayMs
      : dayStart(args.startTimestamp * 1000);
  if (startDay > endDay) throw new BadRequestError('startTimestamp must not be after endTimestamp');
  const days = (endDay - startDay) / dayMs + 1;
  if (days > maxRangeDays[interval]) {
    throw new BadRequestError(
      `the range from startTimestamp to endTimestamp spans ${days} days; timeInterval ${interval} allows at most ${maxRangeDays[interval]}`,
    );
  }
  return { from: new Date(startDay), to: new Date(endDay + dayMs) };
}

function dayStart(ms: number): number {
  return Math.floor(ms / dayMs) * dayMs;
}

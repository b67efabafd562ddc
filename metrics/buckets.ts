// Period alignment of 4.3 in SQL: a point covers [bucket, bucket + interval), with hours on the
// hour, days at 00:00 UTC, weeks on Monday 00:00 UTC and months on the 1st at 00:00 UTC.

/** The intervals of 4.3, as the `time_interval` enum stores them. */
export const METRIC_INTERVALS = ['hour', 'day', 'week', 'month'] as const;

/** One of {@link METRIC_INTERVALS}. */
export type MetricInterval = (typeof METRIC_INTERVALS)[number];

/** 1970-01-05 00:00 UTC, the first Monday after the epoch. */
const FIRST_MONDAY = 345_600;

/**
 * SQL of the start of the period holding the Unix time `column`, for one interval.
 * @param interval the period's length
 * @param column a bigint SQL expression (Unix seconds)
 * @returns a bigint SQL expression
 * @example bucketSql('week', 'b.timestamp') // ((b.timestamp - 345600) / 604800) * 604800 + 345600
 */
export function bucketSql(interval: MetricInterval, column: string): string {
  switch (interval) {
    case 'hour':
      return `((${column}) / 3600) * 3600`;
    case 'day':
      return `((${column}) / 86400) * 86400`;
    case 'week':
      return `(((${column}) - ${FIRST_MONDAY}) / 604800) * 604800 + ${FIRST_MONDAY}`;
    case 'month':
      return `extract(epoch from date_trunc('month', to_timestamp(${column}) AT TIME ZONE 'UTC'))::bigint`;
  }
}

/**
 * SQL of the start of the period holding `column`, for the interval held by `intervalColumn`
 * (a `time_interval` value): one expression for a row set crossed with the intervals.
 * @param intervalColumn SQL expression of type time_interval
 * @param column a bigint SQL expression (Unix seconds)
 * @returns a bigint SQL expression
 * @example anyBucketSql('i.time_interval', 'ts')
 */
export function anyBucketSql(intervalColumn: string, column: string): string {
  const cases = METRIC_INTERVALS.map((interval) => `WHEN '${interval}' THEN ${bucketSql(interval, column)}`).join(' ');
  return `CASE ${intervalColumn} ${cases} END`;
}

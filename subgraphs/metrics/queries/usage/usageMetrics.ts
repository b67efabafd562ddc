// The figures of recorded requests per period and group, aggregated in SQL over the rows of the
// range (the key's `(key_id, at)` index, or `at` for an admin), for the three usage metrics
// operations; the answer's shape is theirs: data points newest first, each with its groups.
import { Prisma } from '../../../../prisma/generated/client';
import { readSql } from '../../../../prisma/read/readSql';
import type { SubgraphDeps } from '../../../shared/subgraph';
import { truncField, type UsageInterval } from './usageRange';

/** Groups a data point holds at most, the busiest first: a column of clients' own values (user agents, RPC methods, chain IDs as sent) cannot grow an answer without bound. */
export const maxGroupsPerPoint = 100;

/** The figures of one group in one period. */
export type UsageFigures = {
  groupedBy: string;
  groupValue?: string;
  totalRequests: number;
  requestsPerSecond: number;
  successRatePercent: number;
  medianResponseTimeMsecs: number;
  invalidRequests: number;
  apiCreditsUsed: number;
  apiCreditsWasted: number;
};

/** One data point: a period's start (Unix seconds) and its groups, busiest first. */
export type UsagePoint = { timestamp: number; values: UsageFigures[] };

type Row = {
  bucket: number;
  bucket_seconds: number;
  group_value: string | null;
  total: number;
  ok: number;
  invalid: number;
  median_ms: number;
  credits: number;
  wasted: number;
};

/**
 * Aggregates the recorded requests that meet `where`.
 * @param context the subgraph's database reads
 * @param where conditions on `api_request r` (the range first)
 * @param interval the period of a data point
 * @param group the groupBy's name and its SQL expression over `r`; none: one value per period, `None`
 * @returns the data points with requests, newest first
 * @example await usageMetrics(context, [rangeCondition(range)], 'daily', { name: 'requestPath', sql: Prisma.sql`r.request_path` })
 */
export async function usageMetrics(
  context: Pick<SubgraphDeps, 'read'>,
  where: Prisma.Sql[],
  interval: UsageInterval,
  group?: { name: string; sql: Prisma.Sql },
): Promise<UsagePoint[]> {
  const field = Prisma.raw(`'${truncField[interval]}'`);
  const length = Prisma.raw(`INTERVAL '1 ${truncField[interval]}'`);
  const rows = await readSql<Row>(
    context.read,
    Prisma.sql`
    WITH grouped AS (
      SELECT date_trunc(${field}, r.at, 'UTC') AS bucket,
             ${group ? Prisma.sql`(${group.sql})::text` : Prisma.sql`NULL::text`} AS group_value,
             count(*)::int AS total,
             count(*) FILTER (WHERE r.response_code < 400)::int AS ok,
             count(*) FILTER (WHERE r.response_code BETWEEN 400 AND 499)::int AS invalid,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY r.duration_ms) AS median_ms,
             coalesce(sum(r.compute_units), 0)::float8 AS credits,
             coalesce(sum(r.compute_units) FILTER (WHERE r.response_code BETWEEN 400 AND 499), 0)::float8 AS wasted
      FROM api_request r
      WHERE ${Prisma.join(where, ' AND ')}
      GROUP BY 1, 2
    ), ranked AS (
      SELECT g.*, row_number() OVER (PARTITION BY g.bucket ORDER BY g.total DESC, g.group_value) AS place
      FROM grouped g
    )
    SELECT extract(epoch FROM bucket)::float8 AS bucket,
           extract(epoch FROM ((bucket AT TIME ZONE 'UTC') + ${length}) - (bucket AT TIME ZONE 'UTC'))::float8 AS bucket_seconds,
           group_value, total, ok, invalid, median_ms, credits, wasted
    FROM ranked
    WHERE place <= ${maxGroupsPerPoint}
    ORDER BY bucket DESC, total DESC, group_value`,
  );
  const points: UsagePoint[] = [];
  for (const row of rows) {
    let point = points[points.length - 1];
    if (point?.timestamp !== row.bucket) points.push((point = { timestamp: row.bucket, values: [] }));
    point.values.push({
      groupedBy: group?.name ?? 'None',
      ...(row.group_value === null ? {} : { groupValue: row.group_value }),
      totalRequests: row.total,
      requestsPerSecond: row.total / row.bucket_seconds,
      successRatePercent: (100 * row.ok) / row.total,
      medianResponseTimeMsecs: row.median_ms,
      invalidRequests: row.invalid,
      apiCreditsUsed: row.credits,
      apiCreditsWasted: row.wasted,
    });
  }
  return points;
}

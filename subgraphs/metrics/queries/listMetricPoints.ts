import { Prisma } from '../../../prisma/generated/client';
import { bigintKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetEvmChainMetricsArgs } from '../types/metric.args';
import type { EvmChainMetric, MetricsResponse, TimeInterval } from '../types/metric.type';
import { METRIC_SOURCES } from './metricValueSql';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

type PointRow = { timestamp: bigint; value: number };

/** A point per period: its start is unique within a series. */
const pointOrder = [sortKey<PointRow>('timestamp', bigintKey)];

const int8Max = 2n ** 63n - 1n;

/** What {@link listMetricPoints} lists. */
export type MetricSeriesRequest = {
  args: GetEvmChainMetricsArgs;
  /** `metric_rollup.scope`: an EVM chain ID, `mainnet`, `testnet` or `total`. */
  scope: string;
  metric: EvmChainMetric;
  interval: TimeInterval;
};

/** One series' bounds, as {@link metricPointsSql} takes them. */
export type MetricSeries = {
  scope: string;
  metric: EvmChainMetric;
  interval: TimeInterval;
  start: bigint;
  end: bigint;
};

/** The keyset order of a series (newest first; the period start is unique). */
export const METRIC_POINT_ORDER = pointOrder;

/**
 * The SQL of one page of a series: the scope's rollup rows alone (one index range of
 * `metric_rollup`'s key; a cumulative metric adds up the scope's day rows from its first up to
 * the range's end). Exported for the benchmark's pg floor, which runs the same statement.
 * @param series scope, metric, interval and `start <= timestamp <= end`
 * @param k the keyset pieces (paginateSql)
 * @returns the statement, rows `{ timestamp: bigint, value: number }`
 * @example metricPointsSql({ scope: 'total', metric: EvmChainMetric.txCount, interval: TimeInterval.day, start: 0n, end: 2n ** 63n - 1n }, k)
 */
export function metricPointsSql(series: MetricSeries, k: KeysetSql): Prisma.Sql {
  const source = METRIC_SOURCES[series.metric];
  // The GraphQL enum's values are the database's (`time_interval`).
  const interval: string = series.interval;
  const rows =
    source.kind === 'row'
      ? Prisma.sql`SELECT r.bucket AS "timestamp", (${Prisma.raw(source.value)})::float8 AS value FROM metric_rollup r
          WHERE r.scope = ${series.scope} AND r.time_interval = ${interval}::time_interval AND r.bucket BETWEEN ${series.start} AND ${series.end}
            AND (${Prisma.raw(source.value)}) IS NOT NULL`
      : Prisma.sql`SELECT "timestamp", value FROM (
          SELECT r.bucket AS "timestamp", coalesce(sum(r.${Prisma.raw(source.column)}) OVER (ORDER BY r.bucket${Prisma.raw(
            source.includeDay ? '' : ' ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING',
          )}), 0)::float8 AS value
          FROM metric_rollup r WHERE r.scope = ${series.scope} AND r.time_interval = 'day' AND r.bucket <= ${series.end}) c
        WHERE "timestamp" >= ${series.start}`;
  return Prisma.sql`SELECT * FROM (${rows}) p WHERE TRUE ${k.after('p')} ORDER BY ${k.orderBy('p')} LIMIT ${k.limit}`;
}

/**
 * 4.3: a page of a metric's points, newest first ({@link metricPointsSql}). Points are the periods
 * in which the scope has a block and the metric a value; `startTimestamp <= timestamp <= endTimestamp`.
 * @param context the request's context
 * @param request arguments, scope, metric, interval
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listMetricPoints(context, { args, scope: 'total', metric: EvmChainMetric.txCount, interval: TimeInterval.day })
 */
export async function listMetricPoints(context: SubgraphDeps, request: MetricSeriesRequest): Promise<MetricsResponse> {
  const series: MetricSeries = {
    scope: request.scope,
    metric: request.metric,
    interval: request.interval,
    start: BigInt(request.args.startTimestamp ?? 0),
    end: request.args.endTimestamp === undefined ? int8Max : BigInt(request.args.endTimestamp),
  };
  const page = await paginateSql(
    { list: 'metrics', args: request.args, signer: context.pageTokens, order: 'desc', keys: pointOrder },
    (k) => metricPointsSql(series, k),
    (sql) => readSql<PointRow>(context.read, sql, KEEP_PLAN),
  );
  return {
    nextPageToken: page.nextPageToken,
    results: page.items.map((row) => ({ value: row.value, timestamp: Number(row.timestamp) })),
  };
}

import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetStakingMetricsArgs } from '../types/staking.args';
import type { MetricsResponse } from '../types/metric.type';
import type { NetworkMetric } from '../types/staking.type';
import { DAY, dailyPointRange } from './dailyPoints';
import { METRIC_POINT_ORDER } from './listMetricPoints';

type PointRow = { timestamp: bigint; value: number };

/** The column of staking_metric_delta each metric sums. */
const COLUMNS: Record<NetworkMetric, string> = {
  validatorCount: 'validator_count',
  validatorWeight: 'validator_weight',
  delegatorCount: 'delegator_count',
  delegatorWeight: 'delegator_weight',
};

/** What {@link listStakingPoints} lists. */
export type StakingSeriesRequest = {
  args: GetStakingMetricsArgs;
  network: DbNetwork;
  subnetId: string;
  /** "Now", Unix seconds: the last point is its day. */
  now: number;
};

/** One series' bounds, as {@link stakingPointsSql} takes them. */
export type StakingSeries = {
  /** The stored network, as the `network` type spells it (`mainnet`, `fuji`). */
  network: string;
  subnetId: string;
  metric: NetworkMetric;
  /** The first and last day's start, Unix seconds. */
  from: bigint;
  to: bigint;
};

/**
 * The days a request's points run over: from `startTimestamp`'s day (the first whole day) to
 * today, or to `endTimestamp`'s day when that is earlier.
 * @param request arguments, stored network, subnet and "now"
 * @returns the series
 * @example stakingSeries({ args, network: 'MAINNET', subnetId, now })
 */
export function stakingSeries(request: StakingSeriesRequest): StakingSeries {
  const { args } = request;
  return {
    network: request.network.toLowerCase(),
    subnetId: request.subnetId,
    metric: args.metric,
    ...dailyPointRange(args, request.now),
  };
}

/**
 * The SQL of one page of a staking series: the subnet's day rows (staking_metric_delta) up to the
 * page's last day (one index range: a row per day with a change, so at most the days of the
 * chain's history), summed in one pass. Exported for the benchmark's floor, which runs the same
 * statement.
 * @param series network, subnet, metric and days
 * @param k the keyset pieces (paginateSql)
 * @returns the statement, rows `{ timestamp: bigint, value: number }`
 * @example stakingPointsSql(stakingSeries(request), k)
 */
export function stakingPointsSql(series: StakingSeries, k: KeysetSql): Prisma.Sql {
  const column = Prisma.raw(`s.${COLUMNS[series.metric]}`);
  return Prisma.sql`
      WITH d AS (SELECT s.day, ${column} AS change FROM staking_metric_delta s
                 WHERE s.network = ${series.network}::network AND s.subnet_id = ${series.subnetId} AND s.day <= ${series.to}),
      lo AS (SELECT greatest(min(day), ${series.from}::bigint) AS day FROM d HAVING count(*) > 0),
      -- The set before the first point, summed once: inlined, its subquery would run again for every point.
      base AS MATERIALIZED (SELECT lo.day, (SELECT coalesce(sum(change), 0) FROM d WHERE d.day < lo.day) AS before FROM lo),
      p AS (SELECT g.day AS "timestamp",
              (base.before + sum(coalesce(c.change, 0)) OVER (ORDER BY g.day))::float8 AS value
            FROM base CROSS JOIN LATERAL generate_series(base.day, ${series.to}::bigint, ${DAY}::bigint) g (day)
            LEFT JOIN (SELECT day, sum(change) AS change FROM d GROUP BY day) c ON c.day = g.day)
      SELECT p."timestamp", p.value FROM p WHERE TRUE ${k.after('p')} ORDER BY ${k.orderBy('p')} LIMIT ${k.limit}`;
}

/**
 * getStakingMetrics: a page of a subnet's daily points, newest first ({@link stakingPointsSql}). A
 * point is the running sum of the subnet's day rows (staking_metric_delta) up to its day: the
 * validations (or delegations) in the set during the day's last second. Points run from the
 * subnet's first day with a change to today (the clock's day), within
 * `startTimestamp <= timestamp <= endTimestamp`.
 * @param context the request's context
 * @param request arguments, stored network, subnet and "now"
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listStakingPoints(context, { args, network: 'MAINNET', subnetId, now })
 */
export async function listStakingPoints(
  context: SubgraphDeps,
  request: StakingSeriesRequest,
): Promise<MetricsResponse> {
  const series = stakingSeries(request);
  const page = await paginateSql(
    { list: 'metrics', args: request.args, signer: context.pageTokens, order: 'desc', keys: METRIC_POINT_ORDER },
    (k) => stakingPointsSql(series, k),
    (sql) => readSql<PointRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    results: page.items.map((row) => ({ value: row.value, timestamp: Number(row.timestamp) })),
  };
}

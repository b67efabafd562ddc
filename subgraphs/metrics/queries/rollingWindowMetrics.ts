// Rolling windows of a chain metric (getEvmChainRollingWindowMetrics), exact from the rollups of
// metrics/: a window of length W counts the periods from the one that starts W before the current
// period up to the current one, so it covers at least W and at most one period more. Windows are in
// hours (metric_rollup's hour rows, metric_active_address's hour bitmaps), deployers' in days (their
// sets are per day), all time from the month rows. One statement per request, over one index range
// of at most a year of hour rows.
import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import type { SubgraphDeps } from '../../shared/subgraph';
import { ChainRollingWindowMetric, type ChainRollingWindowMetricsValue } from '../types/metric.type';

const HOUR = 3600;
const DAY = 86_400;

/** The official windows and their lengths in seconds (a month of 30 days, a year of 365). */
export const ROLLING_WINDOWS = {
  lastHour: HOUR,
  lastDay: DAY,
  lastWeek: 7 * DAY,
  lastMonth: 30 * DAY,
  last90Days: 90 * DAY,
  lastYear: 365 * DAY,
} as const;

type WindowName = keyof typeof ROLLING_WINDOWS;
const WINDOW_NAMES = Object.keys(ROLLING_WINDOWS) as WindowName[];

/** The windows of the distinct address counts, as the official document limits them. */
const ADDRESS_WINDOWS: readonly WindowName[] = ['lastHour', 'lastDay', 'lastWeek'];

/** An aggregate of rollup rows (alias r): sums and maxima, and rates over the window's seconds (`$seconds`). */
type RowAggregate = { sql: (filter: Prisma.Sql) => Prisma.Sql; rate?: true };

const sum = (column: string) => (filter: Prisma.Sql) => Prisma.sql`coalesce(sum(r.${Prisma.raw(column)}) ${filter}, 0)`;
const max = (column: string) => (filter: Prisma.Sql) => Prisma.sql`max(r.${Prisma.raw(column)}) ${filter}`;

/** What each metric of metric_rollup aggregates over a window. */
const ROW_AGGREGATES: Partial<Record<ChainRollingWindowMetric, RowAggregate>> = {
  txCount: { sql: sum('tx_count') },
  gasUsed: { sql: sum('gas_used') },
  feesPaid: { sql: (f) => Prisma.sql`coalesce(sum(r.fees) ${f}, 0) / 1000000000000000000::numeric` },
  contracts: { sql: sum('contracts') },
  avgGasPrice: { sql: (f) => Prisma.sql`sum(r.gas_price_sum) ${f} / nullif(sum(r.tx_count) ${f}, 0)` },
  maxGasPrice: { sql: max('max_gas_price') },
  maxGps: { sql: max('max_gps') },
  maxTps: { sql: max('max_tps') },
  avgGps: { sql: sum('gas_used'), rate: true },
  avgTps: { sql: sum('tx_count'), rate: true },
};

/** The start of the period of length `size` holding `time`. */
const floorTo = (time: number, size: number) => Math.floor(time / size) * size;

/**
 * The rolling windows of a metric of a scope at `now`: every official window the metric has
 * (active addresses and senders: the last hour, day and week; deployers: from the last day on, and
 * all time), undefined where a window has no value (a maximum or average of no transactions).
 * @param context the request's context (its clock is "now")
 * @param scope `metric_rollup.scope`: an EVM chain ID, `mainnet`, `testnet` or `total`
 * @param metric the metric
 * @returns the windows' values
 * @example await rollingWindowMetrics(context, '43114', ChainRollingWindowMetric.txCount)
 */
export async function rollingWindowMetrics(
  context: SubgraphDeps,
  scope: string,
  metric: ChainRollingWindowMetric,
): Promise<ChainRollingWindowMetricsValue> {
  const now = context.clock();
  if (metric === ChainRollingWindowMetric.activeAddresses || metric === ChainRollingWindowMetric.activeSenders) {
    return activeAddressWindows(context, scope, now, metric === ChainRollingWindowMetric.activeSenders);
  }
  if (metric === ChainRollingWindowMetric.deployers) return deployerWindows(context, scope, now);
  return rollupWindows(context, scope, now, ROW_AGGREGATES[metric]!);
}

/** The first hour of each window, from the current hour back. */
function hourStarts(now: number, names: readonly WindowName[]): Record<WindowName, number> {
  const current = floorTo(now, HOUR);
  return Object.fromEntries(names.map((name) => [name, current - ROLLING_WINDOWS[name]])) as Record<WindowName, number>;
}

type WindowRow = Partial<Record<WindowName | 'allTime', number | null>>;

/** The row's non-null values, as the answer's members. */
function windowValues(row: WindowRow | undefined): ChainRollingWindowMetricsValue {
  return Object.fromEntries(
    Object.entries(row ?? {}).filter(([, value]) => value !== null && value !== undefined),
  ) as ChainRollingWindowMetricsValue;
}

async function rollupWindows(
  context: SubgraphDeps,
  scope: string,
  now: number,
  aggregate: RowAggregate,
): Promise<ChainRollingWindowMetricsValue> {
  const starts = hourStarts(now, WINDOW_NAMES);
  const current = floorTo(now, HOUR);
  // A rate is over the seconds from the window's start, or the scope's first hour if later, to now.
  const rate = (value: Prisma.Sql, start: Prisma.Sql) =>
    aggregate.rate
      ? Prisma.sql`(${value})::numeric / nullif(${now}::numeric - greatest(${start}, f.first_hour), 0)`
      : value;
  const windows = WINDOW_NAMES.map(
    (name) =>
      Prisma.sql`(${rate(aggregate.sql(Prisma.sql`FILTER (WHERE r.bucket >= ${starts[name]})`), Prisma.sql`${starts[name]}::bigint`)})::float8 AS ${Prisma.raw(`"${name}"`)}`,
  );
  const [row] = await readSql<WindowRow>(
    context.read,
    Prisma.sql`WITH f AS (
        SELECT min(bucket) AS first_hour FROM metric_rollup WHERE scope = ${scope} AND time_interval = 'hour')
      SELECT ${Prisma.join(windows)},
        (SELECT (${rate(aggregate.sql(Prisma.empty), Prisma.sql`f.first_hour`)})::float8
          FROM metric_rollup r WHERE r.scope = ${scope} AND r.time_interval = 'month') AS "allTime"
      FROM f LEFT JOIN metric_rollup r ON r.scope = ${scope} AND r.time_interval = 'hour'
        AND r.bucket BETWEEN ${starts.lastYear} AND ${current}
      GROUP BY f.first_hour`,
  );
  return windowValues(row);
}

async function activeAddressWindows(
  context: SubgraphDeps,
  scope: string,
  now: number,
  senders: boolean,
): Promise<ChainRollingWindowMetricsValue> {
  const starts = hourStarts(now, ADDRESS_WINDOWS);
  const bits = Prisma.raw(senders ? 'a.senders' : 'a.members');
  // Each window's set is the union of its hours' bitmaps, per chunk of 64 address numbers.
  const unions = ADDRESS_WINDOWS.map(
    (name) => Prisma.sql`bit_or(${bits}) FILTER (WHERE a.bucket >= ${starts[name]}) AS ${Prisma.raw(`"${name}"`)}`,
  );
  const windows = ADDRESS_WINDOWS.map(
    (name) =>
      Prisma.sql`coalesce(sum(bit_count(c.${Prisma.raw(`"${name}"`)}::bit(64))), 0)::float8 AS ${Prisma.raw(`"${name}"`)}`,
  );
  const [row] = await readSql<WindowRow>(
    context.read,
    Prisma.sql`SELECT ${Prisma.join(windows)} FROM (
        SELECT ${Prisma.join(unions)} FROM metric_active_address a
        WHERE a.scope = ${scope} AND a.time_interval = 'hour' AND a.bucket BETWEEN ${starts.lastWeek} AND ${floorTo(now, HOUR)}
        GROUP BY a.chunk) c`,
  );
  return windowValues(row);
}

async function deployerWindows(
  context: SubgraphDeps,
  scope: string,
  now: number,
): Promise<ChainRollingWindowMetricsValue> {
  const today = floorTo(now, DAY);
  const names = WINDOW_NAMES.filter((name) => name !== 'lastHour');
  const start = (name: WindowName) => today - Math.ceil(ROLLING_WINDOWS[name] / DAY) * DAY;
  const windows = names.map(
    (name) =>
      Prisma.sql`count(DISTINCT d.address) FILTER (WHERE d.bucket >= ${start(name)})::float8 AS ${Prisma.raw(`"${name}"`)}`,
  );
  const [row] = await readSql<WindowRow>(
    context.read,
    Prisma.sql`SELECT ${Prisma.join(windows)},
        (SELECT count(*) FROM metric_first_seen WHERE scope = ${scope} AND kind = 'deployer')::float8 AS "allTime"
      FROM metric_deployer d WHERE d.scope = ${scope} AND d.bucket BETWEEN ${start('lastYear')} AND ${today}`,
  );
  return windowValues(row);
}

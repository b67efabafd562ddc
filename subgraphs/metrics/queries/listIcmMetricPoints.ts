import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetICMTimeseriesArgs } from '../types/icmMetrics.args';
import type { IcmMetricsResponse } from '../types/icmMetrics.type';
import { TimeInterval } from '../types/metric.type';
import { ALL_CHAINS, icmRollupFilter, type IcmSelection } from './icmRollupFilter';

type PointRow = { timestamp: bigint; srcBlockchainId: string; destBlockchainId: string; value: bigint };

/** Newest first; within a period by source, then destination (the rollup key's order, read backwards). */
const pointOrder = [
  sortKey<PointRow>('timestamp', bigintKey),
  sortKey<PointRow>('srcBlockchainId', stringKey, '"srcBlockchainId"'),
  sortKey<PointRow>('destBlockchainId', stringKey, '"destBlockchainId"'),
];

const int8Max = 2n ** 63n - 1n;

/** One series' bounds, as {@link icmPointsSql} takes them. */
export type IcmSeries = IcmSelection & { interval: TimeInterval; start: bigint; end: bigint };

/** The column an end is counted by: the rollup's when grouped or filtered by it, else {@link ALL_CHAINS}. */
function endColumn(column: string, grouped: boolean | undefined, filtered: string | undefined): Prisma.Sql {
  return grouped || filtered ? Prisma.raw(`r.${column}`) : Prisma.sql`${ALL_CHAINS}::text`;
}

/**
 * The SQL of one page of the ICM timeseries: the interval's rollup rows in
 * `start <= bucket <= end` that the filters select, summed per period and per grouped end.
 * @param series filters, grouping, interval and bounds
 * @param k the keyset pieces (paginateSql)
 * @returns the statement, rows {@link PointRow}
 * @example icmPointsSql({ interval: TimeInterval.day, start: 0n, end: 2n ** 63n - 1n }, k)
 */
export function icmPointsSql(series: IcmSeries, k: KeysetSql): Prisma.Sql {
  // The GraphQL enum's values are the database's (`time_interval`).
  const interval: string = series.interval;
  const source = endColumn('source_blockchain_id', series.groupBy?.source, series.srcBlockchainId);
  const destination = endColumn('destination_blockchain_id', series.groupBy?.destination, series.destBlockchainId);
  return Prisma.sql`SELECT * FROM (
      SELECT r.bucket AS "timestamp", ${source} AS "srcBlockchainId", ${destination} AS "destBlockchainId",
             sum(r.message_count)::bigint AS value
        FROM icm_message_rollup r
       WHERE r.time_interval = ${interval}::time_interval AND r.bucket BETWEEN ${series.start} AND ${series.end}
             ${icmRollupFilter(series)}
       GROUP BY 1, 2, 3) p
    WHERE TRUE ${k.after('p')} ORDER BY ${k.orderBy('p')} LIMIT ${k.limit}`;
}

/**
 * getICMTimeseries: a page of message counts per period (and per grouped end), newest first.
 * Points are the periods with a message; `startTimestamp <= timestamp <= endTimestamp`.
 * @param context the request's context
 * @param args the validated arguments
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listIcmMetricPoints(context, args)
 */
export async function listIcmMetricPoints(
  context: SubgraphDeps,
  args: GetICMTimeseriesArgs,
): Promise<IcmMetricsResponse> {
  const series: IcmSeries = {
    srcBlockchainId: args.srcBlockchainId,
    destBlockchainId: args.destBlockchainId,
    network: args.network,
    groupBy: args.groupBy,
    interval: args.timeInterval ?? TimeInterval.day,
    start: BigInt(args.startTimestamp ?? 0),
    end: args.endTimestamp === undefined ? int8Max : BigInt(args.endTimestamp),
  };
  const page = await paginateSql(
    { list: 'icmMetrics', args, signer: context.pageTokens, order: 'desc', keys: pointOrder },
    (k) => icmPointsSql(series, k),
    (sql) => readSql<PointRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    results: page.items.map((row) => ({
      value: Number(row.value),
      timestamp: Number(row.timestamp),
      srcBlockchainId: row.srcBlockchainId,
      destBlockchainId: row.destBlockchainId,
    })),
  };
}

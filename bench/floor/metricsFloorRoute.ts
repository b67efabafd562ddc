import { METRIC_POINT_ORDER, metricPointsSql } from '../../subgraphs/metrics/queries/listMetricPoints';
import type { EvmChainMetric, TimeInterval } from '../../subgraphs/metrics/types/metric.type';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { MetricsChainId } from '../../subgraphs/shared/params/chainId';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';
import { KEEP_PLAN } from '../../prisma/read/preparedReads';

const int8Max = 2n ** 63n - 1n;

/**
 * The floor of 4.3 metrics, `GET /v2/chains/{total|mainnet|testnet}/metrics/{metric}?timeInterval=…&pageSize=N`
 * (a scope, not one chain, so the service's chain check does not apply): the service's statement
 * (metricPointsSql, cut and signed by paginateSql) and the same point shape.
 * @param run the statement runner
 * @param signer the service's page-token key
 * @returns the route
 * @example startFloor([metricsFloorRoute(run, { secret })])
 */
export function metricsFloorRoute(run: RunSql, signer: PageTokenSigner): FloorRoute {
  return {
    path: /^\/v2\/chains\/(total|mainnet|testnet)\/metrics\/(\w+)$/,
    answer: async ({ url: { searchParams: query } }, match) => {
      const args = {
        pageSize: Number(query.get('pageSize') ?? 100),
        chainId: MetricsChainId.parseValue(match[1]),
        metric: match[2] as EvmChainMetric,
        timeInterval: (query.get('timeInterval') ?? undefined) as TimeInterval | undefined,
      };
      const series = {
        scope: match[1]!,
        metric: args.metric,
        interval: args.timeInterval ?? ('day' as TimeInterval),
        start: 0n,
        end: int8Max,
      };
      const page = await paginateSql(
        { list: 'metrics', args, signer, order: 'desc', keys: METRIC_POINT_ORDER },
        (k) => metricPointsSql(series, k),
        async (sql) => (await run(sql.text, sql.values, KEEP_PLAN)) as { timestamp: bigint; value: number }[], // as the service reads it
      );
      return {
        nextPageToken: page.nextPageToken,
        results: page.items.map((row) => ({ value: row.value, timestamp: Number(row.timestamp) })),
      };
    },
  };
}

import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';
import { METRIC_POINT_ORDER } from '../../subgraphs/metrics/queries/listMetricPoints';
import { stakingPointsSql, stakingSeries } from '../../subgraphs/metrics/queries/listStakingPoints';
import type { GetStakingMetricsArgs } from '../../subgraphs/metrics/types/staking.args';
import type { NetworkMetric } from '../../subgraphs/metrics/types/staking.type';
import { toDbNetwork, type Network } from '../../subgraphs/shared/network';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/**
 * The floor of getStakingMetrics, `GET /v2/networks/{network}/metrics/{metric}?startTimestamp=…&pageSize=N`
 * (the primary network unless `subnetId` is given): the resolver's subnet lookup, then the
 * service's statement (stakingPointsSql, cut and signed by paginateSql) and the same point shape.
 * @param options the statement runner, the service's page-token key and the service's "now"
 * @returns the route
 * @example startFloor([stakingFloorRoute({ run, signer, now: DEMO_NOW })])
 */
export function stakingFloorRoute(options: { run: RunSql; signer: PageTokenSigner; now: number }): FloorRoute {
  const { run, signer } = options;
  return {
    path: /^\/v2\/networks\/(mainnet|fuji|testnet)\/metrics\/(\w+)$/,
    answer: async ({ url: { searchParams: query } }, match) => {
      // The arguments as the resolver receives them, so the same token scope.
      const timestamp = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
      const args = {
        pageSize: Number(query.get('pageSize') ?? 100),
        network: match[1] as Network,
        metric: match[2] as NetworkMetric,
        subnetId: query.get('subnetId') ?? undefined,
        startTimestamp: timestamp('startTimestamp'),
        endTimestamp: timestamp('endTimestamp'),
      } as GetStakingMetricsArgs;
      const network = toDbNetwork(args.network);
      const subnetId = args.subnetId ?? PRIMARY_NETWORK_ID;
      // The resolver reads the subnet first (indexed? an L1?): one statement, here in SQL.
      const [subnet] = await run('SELECT is_l1 FROM subnet WHERE network = $1::network AND subnet_id = $2', [
        network.toLowerCase(),
        subnetId,
      ]);
      if (!subnet) throw new Error(`subnet ${subnetId} is not indexed on ${args.network}`);
      const series = stakingSeries({ args, network, subnetId, now: options.now });
      const page = await paginateSql(
        { list: 'metrics', args, signer, order: 'desc', keys: METRIC_POINT_ORDER },
        (k) => stakingPointsSql(series, k),
        async (sql) => (await run(sql.text, sql.values)) as { timestamp: bigint; value: number }[], // as the service reads it
      );
      return {
        nextPageToken: page.nextPageToken,
        results: page.items.map((row) => ({ value: row.value, timestamp: Number(row.timestamp) })),
      };
    },
  };
}

import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph, SubgraphDeps } from '../shared/subgraph';
import { BtcbBridgedResolver } from './resolvers/btcbBridged.resolver';
import { CompositeQueryResolver } from './resolvers/compositeQuery.resolver';
import { HolderResolver } from './resolvers/holder.resolver';
import { MetricResolver } from './resolvers/metric.resolver';
import { NftHolderResolver } from './resolvers/nftHolder.resolver';

/**
 * The metrics subgraph: chain metrics from the rollups of metrics/ (4.3) and the Looking Glass
 * lists: holders over time (4.19), NFT holders, BTC.b bridgers, composite queries.
 *
 * @example const subgraph = await createMetricsSubgraph()
 */
export async function createMetricsSubgraph(): Promise<Subgraph<SubgraphDeps>> {
  const schema = await buildFederatedSchema({
    resolvers: [MetricResolver, HolderResolver, NftHolderResolver, BtcbBridgedResolver, CompositeQueryResolver],
  });
  return { name: 'metrics', schema, createContext: (deps) => deps };
}

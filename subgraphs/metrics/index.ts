import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createMetricsContext, type MetricsContext } from './context';
import { BtcbBridgedResolver } from './resolvers/btcbBridged.resolver';
import { ChainResolver } from './resolvers/chain.resolver';
import { CompositeQueryResolver } from './resolvers/compositeQuery.resolver';
import { HolderResolver } from './resolvers/holder.resolver';
import { IcmMetricsResolver } from './resolvers/icmMetrics.resolver';
import { L1ValidatorFeesResolver } from './resolvers/l1ValidatorFees.resolver';
import { MetricResolver } from './resolvers/metric.resolver';
import { NftHolderResolver } from './resolvers/nftHolder.resolver';
import { StakingResolver } from './resolvers/staking.resolver';
import { UsageResolver } from './resolvers/usage.resolver';
import { ValidatorAddressesResolver } from './resolvers/validatorAddresses.resolver';

/**
 * The metrics subgraph: the chains it has metrics of, chain metrics and ICM message counts from the
 * rollups of metrics/ (4.3, /v2/icm), staking metrics, the L1 validator fee metrics, the usage of the service itself (its record
 * of requests, server/usage/), and the Looking Glass lists: holders over time (4.19), NFT holders,
 * BTC.b bridgers, composite queries, the validations of a time frame.
 *
 * @example const subgraph = await createMetricsSubgraph()
 */
export async function createMetricsSubgraph(): Promise<Subgraph<MetricsContext>> {
  const schema = await buildFederatedSchema({
    resolvers: [
      ChainResolver,
      MetricResolver,
      HolderResolver,
      NftHolderResolver,
      BtcbBridgedResolver,
      CompositeQueryResolver,
      IcmMetricsResolver,
      StakingResolver,
      L1ValidatorFeesResolver,
      ValidatorAddressesResolver,
      UsageResolver,
    ],
  });
  return { name: 'metrics', schema, createContext: createMetricsContext };
}

import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph, SubgraphDeps } from '../shared/subgraph';
import { ChainResolver } from './resolvers/chain.resolver';
import { HolderResolver } from './resolvers/holder.resolver';
import { IcmMetricsResolver } from './resolvers/icmMetrics.resolver';
import { MetricResolver } from './resolvers/metric.resolver';
import { StakingResolver } from './resolvers/staking.resolver';
import { ValidatorAddressesResolver } from './resolvers/validatorAddresses.resolver';

/**
 * The metrics subgraph: the chains it has metrics of, chain metrics and ICM message counts from the
 * rollups of metrics/ (4.3, /v2/icm), holders over time (4.19), staking metrics and the validations
 * of a time frame.
 *
 * @example const subgraph = await createMetricsSubgraph()
 */
export async function createMetricsSubgraph(): Promise<Subgraph<SubgraphDeps>> {
  const schema = await buildFederatedSchema({
    resolvers: [
      ChainResolver,
      MetricResolver,
      HolderResolver,
      IcmMetricsResolver,
      StakingResolver,
      ValidatorAddressesResolver,
    ],
  });
  return { name: 'metrics', schema, createContext: (deps) => deps };
}

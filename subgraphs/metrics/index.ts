import { buildFederatedSchema } from '../shared/buildFederatedSchema';
import type { Subgraph } from '../shared/subgraph';
import { createMetricsContext, type MetricsContext } from './context';
import { HolderResolver } from './resolvers/holder.resolver';
import { MetricResolver } from './resolvers/metric.resolver';
import { UsageResolver } from './resolvers/usage.resolver';

/**
 * The metrics subgraph: chain metrics from the rollups of metrics/ (4.3), holders over time (4.19),
 * and the usage of the service itself (its record of requests, server/usage/).
 *
 * @example const subgraph = await createMetricsSubgraph()
 */
export async function createMetricsSubgraph(): Promise<Subgraph<MetricsContext>> {
  const schema = await buildFederatedSchema({ resolvers: [MetricResolver, HolderResolver, UsageResolver] });
  return { name: 'metrics', schema, createContext: createMetricsContext };
}

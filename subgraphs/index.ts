// Decorator metadata for type-graphql; must load before any decorated class.
import 'reflect-metadata';
import { createEvmSubgraph } from './evm';
import { createMetricsSubgraph } from './metrics';
import { createPrimaryNetworkSubgraph } from './primary-network';
import type { Subgraph } from './shared/subgraph';
import { subgraphNames, type SubgraphName } from '../shared/config/subgraphNames';

// The names are declared below the subgraphs, so the options that address them (SUBGRAPH_URLS) need not load them.
export { subgraphNames, type SubgraphName };

const factories: Record<SubgraphName, () => Promise<Subgraph<unknown>>> = {
  'primary-network': createPrimaryNetworkSubgraph,
  evm: createEvmSubgraph,
  metrics: createMetricsSubgraph,
};

/**
 * Builds the schemas of all subgraphs (or of the named ones).
 * @example const subgraphs = await buildSubgraphs()
 */
export async function buildSubgraphs(names: readonly SubgraphName[] = subgraphNames): Promise<Subgraph<unknown>[]> {
  const subgraphs: Subgraph<unknown>[] = [];
  // One at a time: type-graphql keeps build state in module globals.
  for (const name of names) subgraphs.push(await factories[name]());
  return subgraphs;
}

import type { SubgraphDeps } from '../shared/subgraph';
import { createLoaders, type PrimaryNetworkLoaders } from './loaders';

/** What primary-network resolvers get per request. */
export type PrimaryNetworkContext = SubgraphDeps & { loaders: PrimaryNetworkLoaders };

/**
 * The per-request context: the process's dependencies plus fresh loaders.
 * @example createPrimaryNetworkContext(deps)
 */
export function createPrimaryNetworkContext(deps: SubgraphDeps): PrimaryNetworkContext {
  return { ...deps, loaders: createLoaders(deps) };
}

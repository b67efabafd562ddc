import type { SubgraphDeps } from '../shared/subgraph';
import { createLoaders, type EvmLoaders } from './loaders';

/** What EVM resolvers get per request. */
export type EvmContext = SubgraphDeps & { loaders: EvmLoaders };

/**
 * The per-request context: the process's dependencies plus fresh loaders.
 * @example createEvmContext(deps)
 */
export function createEvmContext(deps: SubgraphDeps): EvmContext {
  return { ...deps, loaders: createLoaders(deps) };
}

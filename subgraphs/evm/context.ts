import type { RequestCaller, SubgraphDeps, SubgraphRequest } from '../shared/subgraph';
import { createLoaders, type EvmLoaders } from './loaders';

/** What EVM resolvers get per request: the caller's key is the webhook operations' owner. */
export type EvmContext = SubgraphDeps & { loaders: EvmLoaders; caller?: RequestCaller };

/**
 * The per-request context: the process's dependencies plus fresh loaders, and the caller's key.
 * @example createEvmContext(deps, { caller: { keyId: 'key_…' } })
 */
export function createEvmContext(deps: SubgraphDeps, request: SubgraphRequest = {}): EvmContext {
  return { ...deps, loaders: createLoaders(deps), caller: request.caller };
}

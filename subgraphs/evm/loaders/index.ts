import type { SubgraphDeps } from '../../shared/subgraph';
import { createAccountLoaders } from './createAccountLoaders';
import { createBlockLoaders } from './createBlockLoaders';
import { createChainLoaders } from './createChainLoaders';
import { createTokenLoaders } from './createTokenLoaders';
import { createValueLoaders } from './createValueLoaders';

/** The EVM subgraph's loaders; one set per request. */
export type EvmLoaders = ReturnType<typeof createLoaders>;

/**
 * Creates the per-request DataLoaders: each batch is one statement (chains, blocks, contracts and
 * tokens, NFTs, method names, prices, native balances, and the cross-chain views of addresses).
 * @param deps the subgraph's dependencies
 * @returns the loaders
 * @example const loaders = createLoaders(deps)
 */
export function createLoaders(deps: SubgraphDeps) {
  const { prisma } = deps;
  return {
    ...createChainLoaders(deps),
    ...createBlockLoaders(deps),
    ...createTokenLoaders(deps),
    ...createValueLoaders(deps),
    ...createAccountLoaders(prisma),
  };
}

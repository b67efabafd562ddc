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
  // Object.assign, not spreads: spreading these groups (fresh closures each time) into one object
  // literal costs V8 an order of magnitude more per request than Object.assign.
  const chainsAndBlocks = Object.assign(createChainLoaders(deps), createBlockLoaders(deps));
  return Object.assign(
    chainsAndBlocks,
    createTokenLoaders(deps),
    createValueLoaders(deps),
    createAccountLoaders(deps.prisma),
  );
}

import type { EvmChain } from '../../../prisma/generated/client';
import { createLoader, inKeyOrder, whereNetworkKeys, type NetworkKey } from '../../shared/loaderKeys';
import type { SubgraphDeps } from '../../shared/subgraph';

type BlockchainKey = NetworkKey<'blockchainId'>;
const blockchainId = (key: { network: string; blockchainId: string }) => `${key.network}:${key.blockchainId}`;

/** The EVM subgraph's loaders; one set per request. */
export type EvmLoaders = ReturnType<typeof createLoaders>;

/**
 * Creates the per-request DataLoaders: each batch is one Prisma query.
 * @example const loaders = createLoaders(deps)
 */
export function createLoaders({ prisma }: SubgraphDeps) {
  return {
    /** An EVM chain by its EVM chain ID. */
    evmChain: createLoader<bigint, EvmChain | null>(async (chainIds) => {
      const rows = await prisma.evmChain.findMany({ where: { chainId: { in: [...chainIds] } } });
      return inKeyOrder(chainIds, rows, String, (row) => String(row.chainId));
    }),
    /** The EVM chain of a blockchain, if it is one. */
    evmChainOfBlockchain: createLoader<BlockchainKey, EvmChain | null>(async (keys) => {
      const rows = await prisma.evmChain.findMany({ where: whereNetworkKeys(keys, 'blockchainId') });
      return inKeyOrder(keys, rows, blockchainId, blockchainId);
    }),
  };
}

import type { EvmChain } from '../../../prisma/generated/client';
import { createLoader, inKeyOrder, whereNetworkKeys, type NetworkKey } from '../../shared/loaderKeys';
import type { ChainIdParam } from '../../shared/params/chainId';
import { chainCacheOf } from './chainCache';
import { toModelRow } from '../../../prisma/read/toModelRow';
import type { SubgraphDeps } from '../../shared/subgraph';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

const blockchainKeyId = (key: { network: string; blockchainId: string }) => `${key.network}:${key.blockchainId}`;
const paramId = (param: ChainIdParam) =>
  'evmChainId' in param ? `evm:${param.evmChainId}` : `id:${param.blockchainId}`;

/**
 * Loaders of EVM chains: by EVM chain ID (entity references), by a `chainId` path parameter (an
 * EVM chain ID or a blockchain ID, resolveChain.ts), and by primary-network blockchain.
 * @param deps the client, and `read` for the chain of every request (a raw read: cheaper than Prisma's query building)
 * @returns the loaders
 * @example createChainLoaders(deps).chain.load({ evmChainId: 43114n })
 */
export function createChainLoaders({ prisma, read }: Pick<SubgraphDeps, 'prisma' | 'read'>) {
  return {
    /** An EVM chain by its EVM chain ID. */
    evmChain: createLoader<bigint, EvmChain | null>(async (chainIds) => {
      const rows = await prisma.evmChain.findMany({ where: { chainId: { in: [...chainIds] } } });
      return inKeyOrder(chainIds, rows, String, (row) => String(row.chainId));
    }),
    /** The EVM chain a `chainId` parameter names: by EVM chain ID, or by the chain's blockchain ID (kept by the process a few seconds, chainCache.ts). */
    chain: createLoader<ChainIdParam, EvmChain | null>(async (params) => {
      const cache = chainCacheOf(prisma);
      const byId = new Map<string, EvmChain>();
      for (const param of params) {
        const cached = cache.get(paramId(param));
        if (cached) byId.set(paramId(param), cached);
      }
      const missing = params.filter((param) => !byId.has(paramId(param)));
      if (missing.length > 0) {
        const evmChainIds = missing.flatMap((param) => ('evmChainId' in param ? [param.evmChainId] : []));
        const blockchainIds = missing.flatMap((param) => ('blockchainId' in param ? [param.blockchainId] : []));
        const rows = (
          await read<Record<string, unknown>>(
            'SELECT * FROM evm_chain WHERE chain_id = ANY($1::bigint[]) OR blockchain_id = ANY($2::text[]) ORDER BY chain_id',
            [evmChainIds.map(String), blockchainIds],
            KEEP_PLAN,
          )
        ).map((row) => toModelRow<EvmChain>('EvmChain', row));
        // A blockchain ID is unique across networks in practice; were it not, the lowest chain ID wins.
        for (const row of [...rows].reverse()) {
          for (const id of [`evm:${row.chainId}`, `id:${row.blockchainId}`]) {
            byId.set(id, row);
            cache.set(id, row);
          }
        }
      }
      return params.map((param) => byId.get(paramId(param)) ?? null);
    }),
    /** The EVM chain of a blockchain, if it is one. */
    evmChainOfBlockchain: createLoader<NetworkKey<'blockchainId'>, EvmChain | null>(async (keys) => {
      const rows = await prisma.evmChain.findMany({ where: whereNetworkKeys(keys, 'blockchainId') });
      return inKeyOrder(keys, rows, blockchainKeyId, blockchainKeyId);
    }),
  };
}

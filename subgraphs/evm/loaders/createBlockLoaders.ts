import { Prisma, type EvmBlock, type PrismaClient } from '../../../prisma/generated/client';
import { createLoader, inKeyOrder } from '../../shared/loaderKeys';
import { chainKeyId, whereChainKeys, type ChainKey } from './chainKeys';

/**
 * Loaders of EVM blocks: by number, by hash, and the latest indexed block of a chain.
 * @param prisma the client
 * @returns the loaders
 * @example createBlockLoaders(prisma).block.load({ chainId: 43114n, number: 71000000n })
 */
export function createBlockLoaders(prisma: PrismaClient) {
  return {
    /** A block by (chainId, number). */
    block: createLoader<ChainKey<'number', bigint>, EvmBlock | null>(async (keys) => {
      const rows = await prisma.evmBlock.findMany({ where: whereChainKeys(keys, 'number') });
      return inKeyOrder(keys, rows, (key) => chainKeyId(key, 'number'), (row) => chainKeyId(row, 'number'));
    }),
    /** A block by (chainId, hash); hashes are lower case. */
    blockByHash: createLoader<ChainKey<'hash'>, EvmBlock | null>(async (keys) => {
      const rows = await prisma.evmBlock.findMany({ where: whereChainKeys(keys, 'hash') });
      return inKeyOrder(keys, rows, (key) => chainKeyId(key, 'hash'), (row) => chainKeyId(row, 'hash'));
    }),
    /** The latest indexed block of a chain: one backward index step per chain. */
    latestBlock: createLoader<bigint, EvmBlock | null>(async (chainIds) => {
      const rows = await prisma.$queryRaw<EvmBlock[]>(Prisma.sql`
        SELECT b.chain_id AS "chainId", b.number, b.hash, b.parent_hash AS "parentHash", b.timestamp, b.gas_limit AS "gasLimit",
          b.gas_used AS "gasUsed", b.base_fee_per_gas AS "baseFeePerGas", b.tx_count AS "txCount", b.miner
        FROM unnest(${chainIds.map(String)}::text[]) AS c(id)
        CROSS JOIN LATERAL (SELECT * FROM evm_block WHERE chain_id = c.id::bigint ORDER BY number DESC LIMIT 1) b`);
      return inKeyOrder(chainIds, rows, String, (row) => String(row.chainId));
    }),
  };
}

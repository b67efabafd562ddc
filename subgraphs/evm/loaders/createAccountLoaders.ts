import { Prisma, type PrismaClient } from '../../../prisma/generated/client';
import { createLoader } from '../../shared/loaderKeys';

/** Counts of an indexed chain. */
export type ChainCounts = { blocks: bigint; transactions: bigint };

/**
 * Loaders of the GraphQL-only views across chains: which chains an address is active on, and how
 * much a chain holds.
 * @param prisma the client
 * @returns the loaders
 * @example createAccountLoaders(prisma).activeChains.load('0xad9e…')
 */
export function createAccountLoaders(prisma: PrismaClient) {
  return {
    /**
     * The indexed chains where an address has a native or ERC-20 balance history or received a token:
     * three index probes per chain and address.
     */
    activeChains: createLoader<string, bigint[]>(async (addresses) => {
      const rows = await prisma.$queryRaw<{ address: string; chainId: bigint }[]>(Prisma.sql`
        SELECT a.address, c.chain_id AS "chainId"
        FROM unnest(${[...addresses]}::text[]) AS a(address)
        CROSS JOIN LATERAL (SELECT decode(substr(a.address, 3), 'hex') AS bytes) x CROSS JOIN evm_chain c
        WHERE EXISTS (SELECT 1 FROM native_balance_change n WHERE n.chain_id = c.chain_id AND n.address = x.bytes)
          OR EXISTS (SELECT 1 FROM erc20_balance_change e WHERE e.chain_id = c.chain_id AND e.holder = x.bytes)
          OR EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = c.chain_id AND t.to_address = x.bytes)
        ORDER BY c.chain_id`);
      return addresses.map((address) => rows.filter((row) => row.address === address).map((row) => row.chainId));
    }),
    /** Blocks and transactions indexed on a chain (counted: index-only scans, linear in the chain's size). */
    chainCounts: createLoader<bigint, ChainCounts>(async (chainIds) => {
      const rows = await prisma.$queryRaw<{ chainId: bigint; blocks: bigint; transactions: bigint }[]>(Prisma.sql`
        SELECT c.id::bigint AS "chainId",
          (SELECT count(*) FROM evm_block b WHERE b.chain_id = c.id::bigint) AS blocks,
          (SELECT count(*) FROM evm_transaction t WHERE t.chain_id = c.id::bigint) AS transactions
        FROM unnest(${chainIds.map(String)}::text[]) AS c(id)`);
      const byId = new Map(rows.map((row) => [String(row.chainId), row]));
      return chainIds.map((id) => ({
        blocks: byId.get(String(id))?.blocks ?? 0n,
        transactions: byId.get(String(id))?.transactions ?? 0n,
      }));
    }),
  };
}

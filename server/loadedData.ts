// What data the database holds, in the few words a person starting the service or opening its front
// door needs: the demo data set (the seeder's marker), the EVM chains and the primary-network chains
// with their highest stored block. Heights are read from the block tables, so the demo data set and
// indexed chains read alike (the indexers' cursors, sync_state, end at the same blocks).
import { PUBLIC_NETWORKS } from '../avalanche/networks';
import type { Database } from '../prisma/database';
import { createSettings, type DemoDataMarker } from '../prisma/settings';

/** A network as the paths name it. */
export type NetworkName = 'mainnet' | 'fuji';

/** An EVM chain of the database. */
export type LoadedEvmChain = {
  chainId: bigint;
  name: string;
  network: NetworkName;
  blockchainId: string;
  /** Highest stored block; null before the first. */
  height: bigint | null;
};

/** A P-Chain or X-Chain that has blocks. */
export type LoadedPrimaryChain = {
  network: NetworkName;
  chain: 'p-chain' | 'x-chain';
  blockchainId: string;
  height: bigint;
};

/** What the database holds. */
export type LoadedData = {
  /** The seeder's marker while the database holds the demo data set. */
  demoData: DemoDataMarker | null;
  /** By chain ID. */
  evmChains: LoadedEvmChain[];
  /** Mainnet first, the P-Chain before the X-Chain. */
  primaryChains: LoadedPrimaryChain[];
};

/** The primary-network chains that can have blocks, in the order they are listed. */
const primaryChains = (['MAINNET', 'FUJI'] as const).flatMap((network) =>
  (['p-chain', 'x-chain'] as const).map((chain) => ({
    network: network.toLowerCase() as NetworkName,
    chain,
    blockchainId: PUBLIC_NETWORKS[network].chains[chain],
  })),
);

/**
 * Reads what data the database holds: a handful of index lookups (one highest block per chain).
 * @param db the service's database
 * @returns the demo data marker, the EVM chains and the primary-network chains with blocks
 * @example const { evmChains } = await readLoadedData(db)
 */
export async function readLoadedData(db: Pick<Database, 'query'>): Promise<LoadedData> {
  const evm = await db.query<{
    chain_id: bigint;
    chain_name: string;
    network: NetworkName;
    blockchain_id: string;
    height: bigint | null;
  }>(
    `SELECT e.chain_id, e.chain_name, e.network::text AS network, e.blockchain_id,
       (SELECT max(b.number) FROM evm_block b WHERE b.chain_id = e.chain_id) AS height
     FROM evm_chain e ORDER BY e.chain_id`,
  );
  const values = primaryChains.map((_, i) => `($${3 * i + 1}::text, $${3 * i + 2}::text, $${3 * i + 3}::text)`);
  const primary = await db.query<{ network: NetworkName; chain: 'p-chain' | 'x-chain'; height: bigint | null }>(
    `SELECT c.network, c.chain,
       (SELECT max(p.block_number) FROM primary_network_block p
        WHERE p.network = c.network::network AND p.blockchain_id = c.blockchain_id) AS height
     FROM (VALUES ${values.join(', ')}) AS c(network, chain, blockchain_id)`,
    primaryChains.flatMap((chain) => [chain.network, chain.chain, chain.blockchainId]),
  );
  const heights = new Map(primary.map((row) => [`${row.network} ${row.chain}`, row.height]));
  return {
    demoData: await createSettings(db).get('demoData'),
    evmChains: evm.map((row) => ({
      chainId: BigInt(row.chain_id),
      name: row.chain_name,
      network: row.network,
      blockchainId: row.blockchain_id,
      height: row.height === null ? null : BigInt(row.height),
    })),
    primaryChains: primaryChains.flatMap((chain) => {
      const height = heights.get(`${chain.network} ${chain.chain}`);
      return height === null || height === undefined ? [] : [{ ...chain, height: BigInt(height) }];
    }),
  };
}

// The chains this service knows (Blockchain rows), with what the node RPC needs to serve them.
import type { Database } from '../../prisma/database';
import { PUBLIC_NETWORKS } from '../../avalanche/networks';

/** A blockchain of the index. */
export type ChainInfo = {
  network: 'MAINNET' | 'FUJI';
  blockchainId: string;
  subnetId: string;
  vmId: string;
  /** EVM chain ID when the chain's blocks are indexed (it has an EvmChain row); null otherwise. */
  evmChainId: bigint | null;
  /** The primary network's C-Chain (coreth: no subnet-evm methods, no validators API). */
  isCChain: boolean;
};

/**
 * Reads every blockchain of the index.
 * @param db the database
 * @returns the chains, oldest first
 * @example const chains = await loadChains(db)
 */
export async function loadChains(db: Pick<Database, 'query'>): Promise<ChainInfo[]> {
  const rows = await db.query<{
    network: string;
    blockchain_id: string;
    subnet_id: string;
    vm_id: string;
    chain_id: bigint | null;
  }>(
    `SELECT b.network::text AS network, b.blockchain_id, b.subnet_id, b.vm_id, e.chain_id
     FROM blockchain b LEFT JOIN evm_chain e ON e.network = b.network AND e.blockchain_id = b.blockchain_id
     ORDER BY b.create_block_timestamp, b.blockchain_id`,
  );
  return rows.map((row) => {
    const network = row.network === 'fuji' ? 'FUJI' : 'MAINNET';
    return {
      network,
      blockchainId: row.blockchain_id,
      subnetId: row.subnet_id,
      vmId: row.vm_id,
      evmChainId: row.chain_id,
      isCChain: PUBLIC_NETWORKS[network].chains['c-chain'] === row.blockchain_id,
    };
  });
}

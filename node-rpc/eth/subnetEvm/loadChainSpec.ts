// What a subnet-evm chain's config is made of, read from the index: the genesis `config` of its
// CreateChainTx (Blockchain.genesisData) and its precompile upgrades (PrecompileUpgrade rows).
import type { Database } from '../../../prisma/database';
import { parseJson } from '../../../shared/goJson';
import { isPrecompileKey, precompileConfig, type PrecompileConfig } from './precompiles';

/** A chain's stored config. */
export type ChainSpec = {
  /** The genesis `config` object. */
  config: Record<string, unknown>;
  /** Genesis timestamp (Unix seconds). */
  genesisTimestamp: bigint;
  /** Precompiles configured in the genesis. */
  genesisPrecompiles: PrecompileConfig[];
  /** Precompile upgrades in their order. */
  upgrades: PrecompileConfig[];
};

/**
 * Loads a chain's genesis config and precompile upgrades.
 * @param db the database
 * @param chain network and blockchain ID
 * @returns the spec, or undefined when the chain has no subnet-evm genesis config (the C-Chain)
 * @example const spec = await loadChainSpec(db, { network: 'MAINNET', blockchainId })
 */
export async function loadChainSpec(
  db: Pick<Database, 'query'>,
  chain: { network: string; blockchainId: string },
): Promise<ChainSpec | undefined> {
  const network = chain.network.toLowerCase();
  // Read as text: the drivers' JSON.parse would round fee values above 2^53, which the node serves exactly.
  const [row] = await db.query<{ genesis_data: string | null }>(
    'SELECT genesis_data::text AS genesis_data FROM blockchain WHERE network = $1::network AND blockchain_id = $2',
    [network, chain.blockchainId],
  );
  const genesis = row?.genesis_data ? (parseJson(row.genesis_data) as Record<string, unknown> | null) : undefined;
  const config =
    genesis && typeof genesis.config === 'object' && genesis.config !== null
      ? (genesis.config as Record<string, unknown>)
      : undefined;
  if (!genesis || !config) return undefined;
  const rows = (
    await db.query<{ precompile_name: string; block_timestamp: bigint; disable: boolean; config: string }>(
      'SELECT precompile_name, block_timestamp, disable, config::text AS config FROM precompile_upgrade WHERE network = $1::network AND blockchain_id = $2 ORDER BY position',
      [network, chain.blockchainId],
    )
  ).map((r) => ({ ...r, config: parseJson(r.config) as Record<string, unknown> }));
  const genesisPrecompiles = Object.entries(config)
    .filter(([key, value]) => isPrecompileKey(key) && value && typeof value === 'object')
    .map(([key, value]) => precompileConfig(key as never, value as Record<string, unknown>));
  const upgrades = rows
    .filter((r) => isPrecompileKey(r.precompile_name))
    .map((r) =>
      precompileConfig(r.precompile_name as never, r.config ?? {}, {
        blockTimestamp: BigInt(r.block_timestamp),
        disable: r.disable,
      }),
    );
  const timestamp = genesis.timestamp;
  return {
    config,
    genesisTimestamp: timestamp === undefined || timestamp === null ? 0n : BigInt(timestamp as string),
    genesisPrecompiles,
    upgrades,
  };
}

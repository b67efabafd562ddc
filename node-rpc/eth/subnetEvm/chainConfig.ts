// eth_getChainConfig's result (params/config_extra.go ChainConfigWithUpgradesJSON): libevm's geth
// config merged with subnet-evm's extras into one object whose keys come out sorted (the merge goes
// through a map), then `upgrades`, always last and always present.
import { feeConfigJson, type PrecompileConfig } from './precompiles';
import type { ChainSpec } from './loadChainSpec';
import { networkUpgrades, UNSCHEDULED } from './networkUpgrades';

/** Fork blocks SetEthUpgrades fills with 0 when the genesis leaves them out. */
const ETH_BLOCKS = [
  'homesteadBlock',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
  'muirGlacierBlock',
  'berlinBlock',
  'londonBlock',
] as const;

/** Other members of geth's ChainConfig, served when the genesis sets them (all omitempty). */
const OTHER_ETH_MEMBERS = [
  'daoForkBlock',
  'daoForkSupport',
  'arrowGlacierBlock',
  'grayGlacierBlock',
  'mergeNetsplitBlock',
  'pragueTime',
  'verkleTime',
  'terminalTotalDifficulty',
  'terminalTotalDifficultyPassed',
] as const;

/** The resolved config of a chain: what the rules and the served config are computed from. */
export type ResolvedChainConfig = {
  chainId: bigint;
  /** Fork blocks (all 0 on subnet-evm chains). */
  blocks: Record<(typeof ETH_BLOCKS)[number], bigint>;
  shanghaiTime: bigint | null;
  cancunTime: bigint | null;
  pragueTime: bigint | null;
  upgrades: ReturnType<typeof networkUpgrades>;
};

/**
 * Resolves the upgrade times of a chain config as a node does when it loads the genesis.
 * @param network the chain's network
 * @param spec the stored config
 * @returns fork blocks and times
 * @example resolveChainConfig('MAINNET', spec).cancunTime
 */
export function resolveChainConfig(network: 'MAINNET' | 'FUJI', spec: ChainSpec): ResolvedChainConfig {
  const upgrades = networkUpgrades(network, spec.config);
  const scheduled = (t: bigint | null) => (t !== null && t < UNSCHEDULED ? t : null);
  const blocks = Object.fromEntries(
    ETH_BLOCKS.map((key) => [key, BigInt((spec.config[key] as number | undefined) ?? 0)]),
  ) as ResolvedChainConfig['blocks'];
  const prague = spec.config.pragueTime;
  return {
    chainId: BigInt((spec.config.chainId as number | undefined) ?? 0),
    blocks,
    shanghaiTime: scheduled(upgrades.durangoTimestamp),
    cancunTime: scheduled(upgrades.etnaTimestamp),
    pragueTime: prague === undefined || prague === null ? null : BigInt(prague as number),
    upgrades,
  };
}

/**
 * The chain config as eth_getChainConfig serves it.
 * @param network the chain's network
 * @param spec the stored config
 * @returns the result object (sorted keys, then `upgrades`)
 * @example chainConfigResult('MAINNET', spec).feeConfig
 */
export function chainConfigResult(network: 'MAINNET' | 'FUJI', spec: ChainSpec): Record<string, unknown> {
  const resolved = resolveChainConfig(network, spec);
  const members: Record<string, unknown> = { chainId: resolved.chainId, ...resolved.blocks };
  for (const key of OTHER_ETH_MEMBERS) {
    const value = spec.config[key];
    if (value !== undefined && value !== null) members[key] = typeof value === 'number' ? BigInt(value) : value;
  }
  if (resolved.shanghaiTime !== null) members.shanghaiTime = resolved.shanghaiTime;
  if (resolved.cancunTime !== null) members.cancunTime = resolved.cancunTime;
  members.feeConfig = feeConfigJson(spec.config.feeConfig as Record<string, unknown> | undefined);
  if (spec.config.allowFeeRecipients === true) members.allowFeeRecipients = true;
  for (const [key, value] of Object.entries(resolved.upgrades)) if (value !== null) members[key] = value;
  for (const precompile of spec.genesisPrecompiles) members[precompile.key] = precompile.json;
  const sorted = Object.fromEntries(
    Object.keys(members)
      .sort()
      .map((key) => [key, members[key]]),
  );
  return {
    ...sorted,
    upgrades: spec.upgrades.length === 0 ? {} : { precompileUpgrades: spec.upgrades.map(upgradeEntry) },
  };
}

function upgradeEntry(config: PrecompileConfig): Record<string, unknown> {
  return { [config.key]: config.json };
}

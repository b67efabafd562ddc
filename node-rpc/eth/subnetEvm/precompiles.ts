// subnet-evm's stateful precompiles as its config JSON shows them (precompile/contracts/*/config.go,
// node-rpc-behaviour note 5.5): allow-list members (left out when empty), the upgrade members
// (`blockTimestamp` always, `disable` when true) and each precompile's own members, in the Go
// structs' order; and which config of a precompile is active at a time (GetActivePrecompileConfig:
// the last of the genesis config and the upgrades whose timestamp has passed).

/** Config keys of the precompiles subnet-evm registers, by address order. */
export const PRECOMPILE_KEYS = [
  'contractDeployerAllowListConfig',
  'contractNativeMinterConfig',
  'txAllowListConfig',
  'feeManagerConfig',
  'rewardManagerConfig',
  'warpConfig',
] as const;

/** A precompile config key. */
export type PrecompileKey = (typeof PRECOMPILE_KEYS)[number];

/** One config of a precompile, as stored (genesis member or upgrade row) and as served. */
export type PrecompileConfig = {
  key: PrecompileKey;
  /** Activation time; null when the config has none (never active). */
  blockTimestamp: bigint | null;
  disable: boolean;
  /** The config as eth_getChainConfig / eth_getActivePrecompilesAt serve it. */
  json: Record<string, unknown>;
};

const ALLOW_LIST_KEYS: readonly PrecompileKey[] = [
  'contractDeployerAllowListConfig',
  'contractNativeMinterConfig',
  'txAllowListConfig',
  'feeManagerConfig',
  'rewardManagerConfig',
];

/**
 * Whether a name is a precompile config key.
 * @param name a config member name
 * @returns true for the six keys of subnet-evm
 * @example isPrecompileKey('warpConfig') // true
 */
export function isPrecompileKey(name: string): name is PrecompileKey {
  return (PRECOMPILE_KEYS as readonly string[]).includes(name);
}

/**
 * Reads a stored precompile config into its served form.
 * @param key the precompile
 * @param raw the stored JSON object (genesis member, or an upgrade's config)
 * @param overrides `blockTimestamp` and `disable` from the upgrade row's columns, when it has them
 * @returns the config
 * @example precompileConfig('feeManagerConfig', { blockTimestamp: 0, adminAddresses: ['0xAB…'] })
 */
export function precompileConfig(
  key: PrecompileKey,
  raw: Record<string, unknown>,
  overrides: { blockTimestamp?: bigint; disable?: boolean } = {},
): PrecompileConfig {
  const blockTimestamp =
    overrides.blockTimestamp ??
    (raw.blockTimestamp === undefined || raw.blockTimestamp === null ? null : BigInt(raw.blockTimestamp as number));
  const disable = overrides.disable ?? raw.disable === true;
  const json: Record<string, unknown> = {};
  if (ALLOW_LIST_KEYS.includes(key)) {
    for (const member of ['adminAddresses', 'managerAddresses', 'enabledAddresses']) {
      const list = raw[member];
      if (Array.isArray(list) && list.length > 0) json[member] = list.map((a) => String(a).toLowerCase());
    }
  }
  json.blockTimestamp = blockTimestamp;
  if (disable) json.disable = true;
  if (key === 'feeManagerConfig' && raw.initialFeeConfig)
    json.initialFeeConfig = feeConfigJson(raw.initialFeeConfig as Record<string, unknown>);
  if (key === 'contractNativeMinterConfig' && raw.initialMint && typeof raw.initialMint === 'object') {
    const mint = Object.entries(raw.initialMint as Record<string, unknown>)
      .map(
        ([address, amount]) => [address.toLowerCase(), `0x${BigInt(amount as string | number).toString(16)}`] as const,
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (mint.length > 0) json.initialMint = Object.fromEntries(mint);
  }
  if (key === 'rewardManagerConfig' && raw.initialRewardConfig && typeof raw.initialRewardConfig === 'object') {
    const reward = raw.initialRewardConfig as Record<string, unknown>;
    // `rewardAddress` is a [20]byte: omitempty never leaves it out.
    json.initialRewardConfig = {
      allowFeeRecipients: reward.allowFeeRecipients === true,
      rewardAddress: reward.rewardAddress ? String(reward.rewardAddress).toLowerCase() : `0x${'0'.repeat(40)}`,
    };
  }
  if (key === 'warpConfig') {
    json.quorumNumerator = BigInt((raw.quorumNumerator as number | undefined) ?? 0);
    json.requirePrimaryNetworkSigners = raw.requirePrimaryNetworkSigners === true;
  }
  return { key, blockTimestamp, disable, json };
}

/** The eight fee config members in commontype.FeeConfig's order, as JSON numbers. */
export const FEE_CONFIG_FIELDS = [
  'gasLimit',
  'targetBlockRate',
  'minBaseFee',
  'targetGas',
  'baseFeeChangeDenominator',
  'minBlockGasCost',
  'maxBlockGasCost',
  'blockGasCostStep',
] as const;

/** A fee config: every member a bigint (served as a plain JSON number). */
export type FeeConfig = Record<(typeof FEE_CONFIG_FIELDS)[number], bigint>;

/** subnet-evm's DefaultFeeConfig (params/extras/config.go). */
export const DEFAULT_FEE_CONFIG: FeeConfig = {
  gasLimit: 8_000_000n,
  targetBlockRate: 2n,
  minBaseFee: 25_000_000_000n,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
};

/**
 * A stored fee config in commontype.FeeConfig's member order (members that are absent left out, as
 * `omitempty` leaves nil ones; an empty config means the default).
 * @param raw the stored object
 * @returns the served object
 * @example feeConfigJson({ minBaseFee: 1, gasLimit: 8000000 }) // { gasLimit: 8000000n, minBaseFee: 1n }
 */
export function feeConfigJson(raw: Record<string, unknown> | null | undefined): Record<string, bigint> {
  if (!raw || Object.keys(raw).length === 0) return { ...DEFAULT_FEE_CONFIG };
  const out: Record<string, bigint> = {};
  for (const field of FEE_CONFIG_FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    const n = BigInt(value as number | string);
    if (field === 'targetBlockRate' && n === 0n) continue;
    out[field] = n;
  }
  return out;
}

/**
 * The configs of the precompiles in force at `timestamp`: per precompile, the last of its genesis
 * config and its upgrades whose time has come, left out when that one disables it.
 * @param genesis genesis configs
 * @param upgrades upgrade configs, in their order
 * @param timestamp Unix seconds
 * @returns active configs by key, in key order
 * @example activePrecompiles(genesis, upgrades, 1_790_000_000n).get('warpConfig')
 */
export function activePrecompiles(
  genesis: PrecompileConfig[],
  upgrades: PrecompileConfig[],
  timestamp: bigint,
): Map<PrecompileKey, PrecompileConfig> {
  const active = new Map<PrecompileKey, PrecompileConfig>();
  for (const key of [...PRECOMPILE_KEYS].sort()) {
    const candidates = [...genesis, ...upgrades].filter(
      (c) => c.key === key && c.blockTimestamp !== null && c.blockTimestamp <= timestamp,
    );
    const last = candidates.at(-1);
    if (last && !last.disable) active.set(key, last);
  }
  return active;
}

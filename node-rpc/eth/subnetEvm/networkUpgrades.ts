// Activation times of the Avalanche network upgrades a subnet-evm chain follows
// (params/extras/network_upgrades.go SetDefaults, avalanchego upgrade/upgrade.go): a genesis value
// that is missing or 0 is replaced by the network's default, so a node shows real activation times.

/** The upgrade timestamps of a chain config, in NetworkUpgrades' order; null where unset. */
export type NetworkUpgrades = {
  subnetEVMTimestamp: bigint | null;
  durangoTimestamp: bigint | null;
  etnaTimestamp: bigint | null;
  fortunaTimestamp: bigint | null;
  graniteTimestamp: bigint | null;
  heliconTimestamp: bigint | null;
};

/** `UnscheduledActivationTime` (9999-12-01): an upgrade not scheduled yet. */
export const UNSCHEDULED = 253_399_622_400n;

/** Defaults per network: mainnet, Fuji; any other network uses avalanchego's `upgrade.Default`. */
const DEFAULTS: Record<'MAINNET' | 'FUJI' | 'OTHER', NetworkUpgrades> = {
  MAINNET: {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: 1_709_740_800n,
    etnaTimestamp: 1_734_368_400n,
    fortunaTimestamp: null,
    graniteTimestamp: 1_763_568_000n,
    heliconTimestamp: UNSCHEDULED,
  },
  FUJI: {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: 1_707_840_000n,
    etnaTimestamp: 1_732_550_400n,
    fortunaTimestamp: null,
    graniteTimestamp: 1_761_750_000n,
    heliconTimestamp: UNSCHEDULED,
  },
  // 1607144400 is avalanchego's InitiallyActiveTime (2020-12-05T05:00Z).
  OTHER: {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: 1_607_144_400n,
    etnaTimestamp: 1_607_144_400n,
    fortunaTimestamp: null,
    graniteTimestamp: 1_607_144_400n,
    heliconTimestamp: UNSCHEDULED,
  },
};

/**
 * The upgrade times a node applies to a chain config.
 * @param network the chain's network
 * @param config the genesis `config` object
 * @returns the timestamps, defaults filled in
 * @example networkUpgrades('MAINNET', { durangoTimestamp: 0 }).durangoTimestamp // 1709740800n
 */
export function networkUpgrades(
  network: 'MAINNET' | 'FUJI' | 'OTHER',
  config: Record<string, unknown>,
): NetworkUpgrades {
  const defaults = DEFAULTS[network];
  const pick = (key: keyof NetworkUpgrades): bigint | null => {
    const value = config[key];
    return value === undefined || value === null || BigInt(value as number) === 0n
      ? defaults[key]
      : BigInt(value as number);
  };
  return {
    subnetEVMTimestamp: pick('subnetEVMTimestamp'),
    durangoTimestamp: pick('durangoTimestamp'),
    etnaTimestamp: pick('etnaTimestamp'),
    fortunaTimestamp: pick('fortunaTimestamp'),
    graniteTimestamp: pick('graniteTimestamp'),
    heliconTimestamp: pick('heliconTimestamp'),
  };
}

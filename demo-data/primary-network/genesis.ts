// subnet-evm genesis documents for the demo blockchains, in the shape of spec 2.4 genesisData and
// the defaults of subnet-evm (node-rpc-behaviour note, section 8): header gasLimit equals
// feeConfig.gasLimit, Warp activates at or after Durango, allow lists name admins and managers.
import type { Random } from '../random';

/** What varies between the demo chains' genesis documents. */
export type GenesisOptions = {
  evmChainId: number;
  /** Creation time of the chain (Unix seconds): genesis timestamp and precompile activation. */
  timestamp: number;
  /** Durango activation of the network: Warp may not activate before it. */
  durango: number;
  /** Balances of the genesis allocation, wei, keyed by lower-case address. */
  balances: Map<string, bigint>;
  /** Admin of the allow lists and fee manager. */
  admin: string;
  /** Validator manager proxy predeployed in the allocation (L1s), with its implementation. */
  validatorManager?: { proxy: string; implementation: string; owner: string };
  /** Enable the allow-list style precompiles (permissioned chains). */
  permissioned: boolean;
  /** Fee recipients allowed (fees go to the block producer instead of being burnt). */
  allowFeeRecipients: boolean;
  /** High-throughput fee config instead of subnet-evm's defaults. */
  fastFees: boolean;
};

/** Address-list shape of an allow-list precompile config. */
type AllowList = {
  blockTimestamp: number;
  adminAddresses: string[];
  managerAddresses: string[];
  enabledAddresses: string[];
};

const ZERO_HASH = `0x${'0'.repeat(64)}`;
const hex = (value: bigint | number) => `0x${value.toString(16)}`;

/**
 * The fee config of a demo chain: subnet-evm defaults, or a faster high-throughput variant.
 * @param fast use 20M gas per block and a 1 gwei floor (the repo's load-test values)
 * @returns feeConfig object
 * @example feeConfig(false).gasLimit // 8000000
 */
export function feeConfig(fast: boolean) {
  return fast
    ? {
        gasLimit: 20_000_000,
        targetBlockRate: 2,
        minBaseFee: 1_000_000_000,
        targetGas: 100_000_000,
        baseFeeChangeDenominator: 48,
        minBlockGasCost: 0,
        maxBlockGasCost: 10_000_000,
        blockGasCostStep: 500_000,
      }
    : {
        gasLimit: 8_000_000,
        targetBlockRate: 2,
        minBaseFee: 25_000_000_000,
        targetGas: 15_000_000,
        baseFeeChangeDenominator: 36,
        minBlockGasCost: 0,
        maxBlockGasCost: 1_000_000,
        blockGasCostStep: 200_000,
      };
}

/**
 * Builds a subnet-evm genesis document.
 * @param options chain specifics
 * @param rng random stream (bytecode and storage of predeploys)
 * @returns the genesis JSON object (numbers only where the spec says integer)
 * @example buildGenesis({ evmChainId: 737373, timestamp, durango, balances, admin, permissioned: true, allowFeeRecipients: false, fastFees: true }, rng)
 */
export function buildGenesis(options: GenesisOptions, rng: Random): Record<string, unknown> {
  const fees = feeConfig(options.fastFees);
  const list = (extra: Partial<AllowList> = {}): AllowList => ({
    blockTimestamp: 0,
    adminAddresses: [options.admin],
    managerAddresses: [],
    enabledAddresses: [],
    ...extra,
  });
  const config: Record<string, unknown> = {
    chainId: options.evmChainId,
    homesteadBlock: 0,
    eip150Block: 0,
    eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    berlinBlock: 0,
    londonBlock: 0,
    subnetEVMTimestamp: 0,
    feeConfig: fees,
    allowFeeRecipients: options.allowFeeRecipients,
    warpConfig: {
      blockTimestamp: Math.max(options.timestamp, options.durango),
      quorumNumerator: 67,
      requirePrimaryNetworkSigners: false,
    },
    feeManagerConfig: list(),
    rewardManagerConfig: list(),
  };
  if (options.permissioned) {
    const operators = [...options.balances.keys()].slice(0, 3);
    config.txAllowListConfig = list({ managerAddresses: operators.slice(0, 1), enabledAddresses: operators.slice(1) });
    config.contractDeployerAllowListConfig = list({ enabledAddresses: operators.slice(0, 2) });
    config.contractNativeMinterConfig = list({ managerAddresses: operators.slice(0, 1) });
  }

  const alloc: Record<string, { balance: string; code?: string; storage?: Record<string, string> }> = {};
  for (const [address, balance] of options.balances) alloc[address.slice(2)] = { balance: hex(balance) };
  if (options.validatorManager) {
    const { proxy, implementation, owner } = options.validatorManager;
    // EIP-1967 slots: implementation and admin of a TransparentUpgradeableProxy.
    alloc[proxy.slice(2)] = {
      balance: '0x0',
      code: `0x608060405261000c61000e565b005b${rng.hex(180)}`,
      storage: {
        '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc': `0x${implementation.slice(2).padStart(64, '0')}`,
        '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103': `0x${owner.slice(2).padStart(64, '0')}`,
      },
    };
    alloc[implementation.slice(2)] = { balance: '0x0', code: `0x6080604052348015600f57600080fd5b${rng.hex(600)}` };
  }

  return {
    config,
    nonce: '0x0',
    timestamp: hex(options.timestamp),
    extraData: '0x00',
    gasLimit: hex(fees.gasLimit),
    difficulty: '0x0',
    mixHash: ZERO_HASH,
    coinbase: '0x0000000000000000000000000000000000000000',
    alloc,
    airdropHash: ZERO_HASH,
    airdropAmount: null,
    number: '0x0',
    gasUsed: '0x0',
    parentHash: ZERO_HASH,
    baseFeePerGas: null,
    excessBlobGas: null,
    blobGasUsed: null,
  };
}

/**
 * The EVM chain config of one precompile upgrade (subnet-evm upgrade.json entry, minus its name).
 * @param name precompile config name
 * @param blockTimestamp activation time
 * @param admin admin address
 * @param disable true to deactivate
 * @returns the config object stored in PrecompileUpgrade.config
 * @example upgradeConfig('feeManagerConfig', t, admin, false)
 */
export function upgradeConfig(
  name: string,
  blockTimestamp: number,
  admin: string,
  disable: boolean,
): Record<string, unknown> {
  if (disable) return { blockTimestamp, disable: true };
  if (name === 'feeManagerConfig') {
    return {
      blockTimestamp,
      adminAddresses: [admin],
      initialFeeConfig: { ...feeConfig(true), minBaseFee: 2_000_000_000 },
    };
  }
  if (name === 'contractNativeMinterConfig') {
    return { blockTimestamp, adminAddresses: [admin], initialMint: { [admin]: hex(1_000_000n * 10n ** 18n) } };
  }
  return { blockTimestamp, adminAddresses: [admin], managerAddresses: [], enabledAddresses: [] };
}

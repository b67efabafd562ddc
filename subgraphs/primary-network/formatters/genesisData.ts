import type { GenesisChainConfig, GenesisData } from '../types/genesisData.type';

type Json = Record<string, unknown>;

/** Root fields the spec types as hex strings; genesis files may give them as decimal numbers. */
const hexFields = [
  'airdropAmount',
  'airdropHash',
  'baseFeePerGas',
  'blobGasUsed',
  'coinbase',
  'difficulty',
  'excessBlobGas',
  'extraData',
  'gasLimit',
  'gasUsed',
  'mixHash',
  'nonce',
  'number',
  'parentHash',
  'timestamp',
] as const;

/**
 * Shapes a stored genesis (as submitted in CreateChainTx) into spec 2.4 `genesisData`:
 * root quantities as hex strings, config heights and fee values as numbers.
 * Non-EVM chains (no JSON genesis) have none.
 *
 * @example formatGenesisData({ gasLimit: 8000000, config: { chainId: 43214 } }).gasLimit // '0x7a1200'
 */
export function formatGenesisData(genesis: unknown): GenesisData | undefined {
  if (!isObject(genesis)) return undefined;
  const data: GenesisData = {};
  for (const field of hexFields) data[field] = toHex(genesis[field]);
  data.alloc = isObject(genesis.alloc) ? genesis.alloc : undefined;
  data.config = isObject(genesis.config) ? formatConfig(genesis.config) : undefined;
  return data;
}

function formatConfig(config: Json): GenesisChainConfig {
  const numbers = [
    'chainId',
    'berlinBlock',
    'byzantiumBlock',
    'constantinopleBlock',
    'eip150Block',
    'eip155Block',
    'eip158Block',
    'homesteadBlock',
    'istanbulBlock',
    'londonBlock',
    'muirGlacierBlock',
    'petersburgBlock',
    'subnetEVMTimestamp',
  ] as const;
  const result: GenesisChainConfig = {};
  for (const field of numbers) result[field] = toNumber(config[field]);
  result.eip150Hash = typeof config.eip150Hash === 'string' ? config.eip150Hash : undefined;
  result.allowFeeRecipients = typeof config.allowFeeRecipients === 'boolean' ? config.allowFeeRecipients : undefined;
  result.feeConfig = isObject(config.feeConfig) ? mapNumbers(config.feeConfig) : undefined;
  if (isObject(config.warpConfig)) {
    const warp = config.warpConfig;
    result.warpConfig = {
      blockTimestamp: toNumber(warp.blockTimestamp),
      quorumNumerator: toNumber(warp.quorumNumerator),
      requirePrimaryNetworkSigners:
        typeof warp.requirePrimaryNetworkSigners === 'boolean' ? warp.requirePrimaryNetworkSigners : undefined,
    };
  }
  const allowLists = [
    'txAllowListConfig',
    'contractDeployerAllowListConfig',
    'contractNativeMinterConfig',
    'feeManagerConfig',
    'rewardManagerConfig',
  ] as const;
  for (const name of allowLists) {
    const value = config[name];
    if (!isObject(value)) continue;
    result[name] = {
      blockTimestamp: toNumber(value.blockTimestamp),
      adminAddresses: stringArray(value.adminAddresses),
      managerAddresses: stringArray(value.managerAddresses),
      enabledAddresses: stringArray(value.enabledAddresses),
    };
  }
  return result;
}

function mapNumbers(values: Json): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, toNumber(value)]));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** Hex or decimal (number or string) to a number; undefined when absent or not a number. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value)) return Number(value);
  return undefined;
}

/** A quantity or byte string as 0x-hex; hex strings are kept as written. */
function toHex(value: unknown): string | undefined {
  if (typeof value === 'string') return /^\d+$/.test(value) ? `0x${BigInt(value).toString(16)}` : value;
  if (typeof value === 'number') return `0x${value.toString(16)}`;
  return undefined;
}

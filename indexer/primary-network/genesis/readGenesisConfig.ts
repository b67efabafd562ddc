// avalanchego's genesis config JSON (genesis/config.go UnparsedConfig: genesis_mainnet.json,
// genesis_fuji.json), read once at start and checked the way avalanchego's validateConfig checks it,
// with failures in the indexer config's wording. Amounts stay exact (they exceed 2^53).
import { ServiceError } from '../../../shared/errors';
import { readFileSync } from 'node:fs';
import { bech32Decode } from '../../../avalanche/bech32';
import { cb58Decode } from '../../../avalanche/cb58';
import { fromHex } from '../../../avalanche/bytes';
import { parseJson, type JsonObject, type JsonValue } from '../../../shared/goJson';

/** One unlock of an allocation: `amount` nAVAX, locked until `locktime` (Unix seconds; 0: unlocked). */
export type GenesisUnlock = { amount: bigint; locktime: bigint };

/** One allocation: X-Chain AVAX (`initialAmount`) and P-Chain UTXOs per unlock. */
export type GenesisAllocation = {
  ethAddr: Uint8Array;
  avaxAddr: Uint8Array;
  initialAmount: bigint;
  unlockSchedule: GenesisUnlock[];
};

/** One initial staker of the primary network. */
export type GenesisStaker = {
  nodeId: Uint8Array;
  rewardAddress: Uint8Array;
  /** Delegation fee in millionths (avalanchego `delegationFee`, 1,000,000 = 100 %). */
  delegationFee: number;
  /** BLS key and proof of possession; a staker without one is an AddValidatorTx. */
  signer?: { publicKey: Uint8Array; proofOfPossession: Uint8Array };
};

/** A parsed genesis config (addresses as their 20 bytes). */
export type GenesisConfig = {
  networkId: number;
  allocations: GenesisAllocation[];
  startTime: bigint;
  initialStakeDuration: bigint;
  initialStakeDurationOffset: bigint;
  initialStakedFunds: Uint8Array[];
  initialStakers: GenesisStaker[];
  cChainGenesis: string;
  message: string;
};

/** The genesis file cannot be used. Worded as the indexer config's errors. */
export class GenesisConfigError extends ServiceError {
  override name = 'GenesisConfigError';
  readonly code = 'INDEXER_CONFIG';
  constructor(what: string, expected: string) {
    super(`Validation failed: ${what}, expected ${expected}`);
  }
}

const NETWORK_IDS = { MAINNET: 1, FUJI: 5 } as const;
const HRPS = { MAINNET: 'avax', FUJI: 'fuji' } as const;
const MAX_U64 = (1n << 64n) - 1n;

/**
 * Reads and checks an avalanchego genesis config file.
 * @param file path of the JSON file (avalanchego's own, e.g. genesis_fuji.json)
 * @param network the network the config entry follows (the file's networkID and addresses must be its)
 * @param at where the file is named in the indexer config, for messages (`primaryNetwork[0].genesisFile`)
 * @returns the parsed config
 * @throws GenesisConfigError
 * @example const genesis = readGenesisConfig('genesis_fuji.json', 'FUJI', 'primaryNetwork[0].genesisFile')
 */
export function readGenesisConfig(file: string, network: 'MAINNET' | 'FUJI', at: string): GenesisConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new GenesisConfigError(
      `${at}=${JSON.stringify(file)} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'a readable avalanchego genesis config (JSON)',
    );
  }
  let raw: JsonValue;
  try {
    raw = parseJson(text);
  } catch (error) {
    throw new GenesisConfigError(
      `${at}=${JSON.stringify(file)} is not JSON (${(error as Error).message})`,
      'an avalanchego genesis config (JSON)',
    );
  }
  return parseGenesisConfig(raw, network, `${at} (${file})`);
}

/**
 * Checks a genesis config already read as JSON (integers beyond 2^53 as bigint).
 * @param raw the JSON value
 * @param network the network it must be for
 * @param at prefix of messages
 * @returns the parsed config
 * @throws GenesisConfigError
 * @example parseGenesisConfig(parseJson(text), 'FUJI', 'genesis')
 */
export function parseGenesisConfig(raw: JsonValue, network: 'MAINNET' | 'FUJI', at: string): GenesisConfig {
  const fail = (what: string, expected: string): never => {
    throw new GenesisConfigError(`${at}: ${what}`, expected);
  };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail('the file', 'a JSON object');
  const c = raw as JsonObject;
  const u64 = (value: JsonValue | undefined, what: string): bigint => {
    if (
      (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === 'bigint' && value >= 0n && value <= MAX_U64)
    )
      return BigInt(value);
    return fail(
      `${what}=${JSON.stringify(typeof value === 'bigint' ? value.toString() : value)}`,
      'an integer from 0 to 2^64-1',
    );
  };
  const hrp = HRPS[network];
  const address = (value: JsonValue | undefined, what: string): Uint8Array => {
    // avalanchego's ShortID JSON: a chain-prefixed bech32 address (X-fuji1...).
    const text = typeof value === 'string' ? value.replace(/^[A-Za-z]-/, '') : '';
    try {
      const decoded = bech32Decode(text);
      if (decoded.hrp === hrp && decoded.bytes.length === 20) return decoded.bytes;
    } catch {
      // reported below
    }
    return fail(`${what}=${JSON.stringify(value)}`, `a ${network.toLowerCase()} address (X-${hrp}1...)`);
  };
  const list = (value: JsonValue | undefined, what: string): JsonValue[] =>
    Array.isArray(value) ? value : fail(what, 'an array');

  const networkId = Number(u64(c.networkID, 'networkID'));
  if (networkId !== NETWORK_IDS[network])
    fail(
      `networkID=${networkId}`,
      `${NETWORK_IDS[network]}, the ID of ${network.toLowerCase()} (the genesis of the network this entry follows)`,
    );
  const allocations = list(c.allocations, 'allocations').map((entry, i): GenesisAllocation => {
    const a = (
      entry && typeof entry === 'object' && !Array.isArray(entry) ? entry : fail(`allocations[${i}]`, 'an object')
    ) as JsonObject;
    const eth =
      typeof a.ethAddr === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a.ethAddr)
        ? fromHex(a.ethAddr)
        : fail(`allocations[${i}].ethAddr=${JSON.stringify(a.ethAddr)}`, 'a 0x-prefixed 20-byte hex address');
    return {
      ethAddr: eth,
      avaxAddr: address(a.avaxAddr, `allocations[${i}].avaxAddr`),
      initialAmount: u64(a.initialAmount ?? 0, `allocations[${i}].initialAmount`),
      unlockSchedule: list(a.unlockSchedule ?? [], `allocations[${i}].unlockSchedule`).map((u, j) => {
        const unlock = (
          u && typeof u === 'object' && !Array.isArray(u)
            ? u
            : fail(`allocations[${i}].unlockSchedule[${j}]`, 'an object')
        ) as JsonObject;
        return {
          amount: u64(unlock.amount, `allocations[${i}].unlockSchedule[${j}].amount`),
          locktime: u64(unlock.locktime ?? 0, `allocations[${i}].unlockSchedule[${j}].locktime`),
        };
      }),
    };
  });
  const initialStakers = list(c.initialStakers, 'initialStakers').map((entry, i): GenesisStaker => {
    const s = (
      entry && typeof entry === 'object' && !Array.isArray(entry) ? entry : fail(`initialStakers[${i}]`, 'an object')
    ) as JsonObject;
    let nodeId: Uint8Array | null = null;
    try {
      nodeId = typeof s.nodeID === 'string' && s.nodeID.startsWith('NodeID-') ? cb58Decode(s.nodeID.slice(7)) : null;
    } catch {
      nodeId = null;
    }
    if (nodeId?.length !== 20)
      fail(`initialStakers[${i}].nodeID=${JSON.stringify(s.nodeID)}`, 'a node ID (NodeID-...)');
    const fee = Number(u64(s.delegationFee ?? 0, `initialStakers[${i}].delegationFee`));
    if (fee > 1_000_000) fail(`initialStakers[${i}].delegationFee=${fee}`, 'at most 1000000 (100 %)');
    const signer =
      s.signer === undefined || s.signer === null
        ? undefined
        : (() => {
            const g = s.signer as JsonObject;
            const hex = (value: JsonValue | undefined, bytes: number, what: string) =>
              typeof value === 'string' && new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`).test(value)
                ? fromHex(value)
                : fail(`initialStakers[${i}].signer.${what}`, `0x and ${bytes} bytes of hex`);
            return {
              publicKey: hex(g.publicKey, 48, 'publicKey'),
              proofOfPossession: hex(g.proofOfPossession, 96, 'proofOfPossession'),
            };
          })();
    return {
      nodeId: nodeId!,
      rewardAddress: address(s.rewardAddress, `initialStakers[${i}].rewardAddress`),
      delegationFee: fee,
      ...(signer ? { signer } : {}),
    };
  });
  const initialStakedFunds = list(c.initialStakedFunds, 'initialStakedFunds').map((a, i) =>
    address(a, `initialStakedFunds[${i}]`),
  );
  const config: GenesisConfig = {
    networkId,
    allocations,
    startTime: u64(c.startTime, 'startTime'),
    initialStakeDuration: u64(c.initialStakeDuration, 'initialStakeDuration'),
    initialStakeDurationOffset: u64(c.initialStakeDurationOffset ?? 0, 'initialStakeDurationOffset'),
    initialStakedFunds,
    initialStakers,
    cChainGenesis:
      typeof c.cChainGenesis === 'string' && c.cChainGenesis.length > 0
        ? c.cChainGenesis
        : fail('cChainGenesis', 'the C-Chain genesis as a non-empty JSON string'),
    message: typeof (c.message ?? '') === 'string' ? String(c.message ?? '') : fail('message', 'a string'),
  };
  checkConsistency(config, fail);
  return config;
}

/**
 * The supply the genesis creates (avalanchego Config.InitialSupply): every allocation's X-Chain
 * amount and P-Chain unlocks, staked or not.
 * @param config the genesis config
 * @returns nAVAX
 * @example initialSupply(readGenesisConfig(file, 'FUJI', 'genesisFile'))
 */
export function initialSupply(config: Pick<GenesisConfig, 'allocations'>): bigint {
  let supply = 0n;
  for (const a of config.allocations)
    supply += a.initialAmount + a.unlockSchedule.reduce((sum, u) => sum + u.amount, 0n);
  return supply;
}

/** avalanchego's validateConfig rules on what FromConfig needs (genesis/genesis.go). */
function checkConsistency(config: GenesisConfig, fail: (what: string, expected: string) => never): void {
  const key = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const supply = initialSupply(config);
  if (supply === 0n) fail('the initial supply (allocations) is 0', 'allocations with a positive amount');
  if (supply > MAX_U64) fail('the initial supply overflows', 'allocations summing to at most 2^64-1');
  if (config.initialStakeDuration === 0n) fail('initialStakeDuration=0', 'a positive number of seconds');
  if (config.initialStakers.length === 0) fail('initialStakers=[]', 'at least one staker');
  const offsetNeeded = config.initialStakeDurationOffset * BigInt(config.initialStakers.length - 1);
  if (offsetNeeded > config.initialStakeDuration)
    fail(
      `initialStakeDuration=${config.initialStakeDuration}`,
      `at least ${offsetNeeded} (initialStakeDurationOffset × (stakers - 1))`,
    );
  if (config.initialStakedFunds.length === 0)
    fail('initialStakedFunds=[]', 'the addresses whose allocations the initial stakers stake');
  const allocated = new Set(config.allocations.map((a) => key(a.avaxAddr)));
  const staked = new Set<string>();
  config.initialStakedFunds.forEach((a, i) => {
    if (staked.has(key(a))) fail(`initialStakedFunds[${i}]`, 'each address once');
    if (!allocated.has(key(a))) fail(`initialStakedFunds[${i}] has no allocation`, 'an address of the allocations');
    staked.add(key(a));
  });
  const locked = config.allocations
    .filter((a) => staked.has(key(a.avaxAddr)))
    .reduce((sum, a) => sum + a.unlockSchedule.reduce((s, u) => s + u.amount, 0n), 0n);
  if (locked < BigInt(config.initialStakers.length))
    fail(
      `the staked allocations hold ${locked} nAVAX`,
      `at least 1 nAVAX per initial staker (${config.initialStakers.length})`,
    );
}

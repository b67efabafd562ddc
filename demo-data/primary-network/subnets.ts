// Subnets and blockchains of one network: the primary network with its P, X and C chains, then
// permissioned subnets and L1s created over the network's life. IDs are the IDs of their
// CreateSubnetTx / CreateChainTx, so they are real cb58 transaction IDs.
import { evmAddress, pAddress, type PAddress } from '../accounts';
import { DAY, DEMO_NOW, NETWORKS, PRIMARY_NETWORK_ID, VM_IDS, type NetworkName } from '../constants';
import type { Random } from '../random';
import { cb58Encode } from '../../avalanche/cb58';
import type { ChainEvent, EventLog } from './events';
import { buildGenesis, upgradeConfig } from './genesis';
import { createChainTx, createSubnetTx, transferSubnetOwnershipTx, type TxContext } from './pchainTxs';

/** A blockchain to store. */
export type BlockchainPlan = {
  blockchainId: string;
  subnetId: string;
  name: string;
  vmId: string;
  evmChainId: bigint | null;
  genesis: Record<string, unknown> | null;
  /** Null for the genesis chains P, X and C. */
  createEvent: ChainEvent | null;
  createTime: number;
  upgrades: {
    position: number;
    precompileName: string;
    blockTimestamp: number;
    disable: boolean;
    config: Record<string, unknown>;
  }[];
};

/** A subnet to store; L1 details are filled in by the L1 planner. */
export type SubnetPlan = {
  subnetId: string;
  createEvent: ChainEvent | null;
  createTime: number;
  owners: PAddress[];
  threshold: number;
  isL1: boolean;
  /** When the L1 conversion happens (L1s only). */
  conversionTime?: number;
  /** Manager of an L1's validator set: chain and contract. */
  manager?: { blockchainId: string; address: string };
  /** Conversion transaction, set by the L1 planner. */
  conversionEvent?: ChainEvent;
  blockchains: BlockchainPlan[];
  /** Index of the indexed L1 (`kestrel`, `nimbus`) this subnet carries, if any. */
  indexedKey?: string;
};

/** An L1 whose EVM chain is indexed (EvmChain row and generated blocks). */
export type IndexedL1 = {
  key: string;
  blockchainName: string;
  evmChainId: bigint;
  createTime: number;
  /** Genesis allocation: address to wei. */
  balances: Map<string, bigint>;
  admin: string;
  fastFees: boolean;
};

const NAMES = [
  'Orchid',
  'Basalt',
  'Tundra',
  'Cobalt',
  'Lyra',
  'Meridian',
  'Quasar',
  'Sable',
  'Tessera',
  'Umbra',
  'Vesper',
  'Wren',
  'Zephyr',
  'Aster',
  'Boreal',
  'Cinder',
  'Drift',
  'Ember',
  'Fable',
  'Glint',
  'Halcyon',
  'Ion',
  'Jade',
  'Kite',
  'Lumen',
  'Mosaic',
  'Nova',
  'Onyx',
  'Pike',
  'Quill',
  'Rune',
  'Sprout',
  'Talon',
  'Vale',
  'Willow',
  'Yarrow',
];
const PRECOMPILES = ['feeManagerConfig', 'txAllowListConfig', 'contractNativeMinterConfig', 'rewardManagerConfig'];

/**
 * Plans the subnets and blockchains of a network and records their creation transactions.
 * @param network mainnet or fuji
 * @param count number of subnets besides the primary network
 * @param indexed L1s whose chains are indexed (created last, converted at once)
 * @param log event log of the network
 * @param rng random stream
 * @returns subnets, the primary network first
 * @example planSubnets('mainnet', 34, indexedL1s, log, rng)
 */
export function planSubnets(
  network: NetworkName,
  count: number,
  indexed: IndexedL1[],
  log: EventLog,
  rng: Random,
): SubnetPlan[] {
  const info = NETWORKS[network];
  const ctx: TxContext = { networkId: info.networkId, avaxAssetId: info.avaxAssetId, rng: rng.fork('txs') };
  const genesisChain = (
    blockchainId: string,
    name: string,
    vmId: string,
    evmChainId: bigint | null,
  ): BlockchainPlan => ({
    blockchainId,
    subnetId: PRIMARY_NETWORK_ID,
    name,
    vmId,
    evmChainId,
    genesis: null,
    createEvent: null,
    createTime: info.genesisTimestamp,
    upgrades: [],
  });
  const primary: SubnetPlan = {
    subnetId: PRIMARY_NETWORK_ID,
    createEvent: null,
    createTime: info.genesisTimestamp,
    owners: [],
    threshold: 0,
    isL1: false,
    blockchains: [
      genesisChain(PRIMARY_NETWORK_ID, 'P-Chain', VM_IDS.platformvm, null),
      genesisChain(info.xChainId, 'X-Chain', VM_IDS.avm, null),
      genesisChain(info.cChainId, 'C-Chain', VM_IDS.evm, info.cChainEvmId),
    ],
  };
  const plans: SubnetPlan[] = [primary];
  const first = info.genesisTimestamp + 150 * DAY;
  const last = DEMO_NOW - 45 * DAY;
  for (let i = 0; i < count; i++) {
    // Creation times spread over the network's life, denser in recent years as on mainnet.
    const createTime = Math.floor(first + (last - first) * Math.sqrt((i + rng.float()) / count));
    const l1 = createTime > info.etna - 200 * DAY && rng.chance(0.45);
    const conversionTime = l1 ? Math.max(createTime, info.etna) + rng.int(1, 60) * DAY : undefined;
    plans.push(
      planSubnet(network, ctx, log, rng, {
        createTime,
        name: NAMES[i % NAMES.length]!,
        l1,
        conversionTime: conversionTime && Math.min(conversionTime, DEMO_NOW - 40 * DAY),
      }),
    );
  }
  for (const l1 of indexed) {
    const plan = planSubnet(network, ctx, log, rng, {
      createTime: l1.createTime,
      name: l1.blockchainName,
      l1: true,
      conversionTime: l1.createTime + 3600,
      indexed: l1,
    });
    plans.push(plan);
  }
  return plans;
}

type SubnetOptions = { createTime: number; name: string; l1: boolean; conversionTime?: number; indexed?: IndexedL1 };

function planSubnet(
  network: NetworkName,
  ctx: TxContext,
  log: EventLog,
  rng: Random,
  options: SubnetOptions,
): SubnetPlan {
  const info = NETWORKS[network];
  const ownerBase = rng.int(0, 10_000);
  const multisig = rng.chance(0.3);
  let owners = (multisig ? [0, 1, 2] : [0]).map((k) => pAddress(network, 'subnet-owner', ownerBase + k));
  const threshold = multisig ? 2 : 1;
  const ownerFields = (list: PAddress[]) => ({ locktime: 0n, threshold, addresses: list.map((o) => o.bytes) });
  const createEvent = log.add(options.createTime, createSubnetTx(ctx, ownerFields(owners)));
  const subnetId = createEvent.tx.txId;

  // Ownership moved to a new key after Durango on some subnets; the row shows the current owner.
  if (options.createTime > info.durango - 100 * DAY && !options.indexed && rng.chance(0.2)) {
    owners = owners.map((_, k) => pAddress(network, 'subnet-owner', ownerBase + 100 + k));
    const at = Math.max(options.createTime, info.durango) + rng.int(1, 30) * DAY;
    log.add(Math.min(at, DEMO_NOW - DAY), transferSubnetOwnershipTx(ctx, subnetId, ownerFields(owners)));
  }

  const chainCount = options.indexed ? 1 : rng.weighted([1, 2], [85, 15]);
  const blockchains: BlockchainPlan[] = [];
  for (let c = 0; c < chainCount; c++) {
    const createTime = options.createTime + rng.int(600, 6 * 3600);
    const custom = !options.indexed && rng.chance(0.12);
    const name = options.indexed
      ? options.indexed.blockchainName
      : c === 0
        ? `${options.name} Chain`
        : `${options.name} ${rng.pick(['Testnet', 'Games', 'Data', 'Bridge'])}`;
    const evmChainId = options.indexed ? options.indexed.evmChainId : custom ? null : BigInt(rng.int(10_000, 990_000));
    const admin = options.indexed?.admin ?? evmAddress('subnet-admin', rng.int(0, 1_000_000));
    const genesis =
      evmChainId === null
        ? null
        : buildGenesis(
            {
              evmChainId: Number(evmChainId),
              timestamp: createTime,
              durango: info.durango,
              balances: options.indexed?.balances ?? new Map([[admin, 10n ** 24n * BigInt(rng.int(1, 500))]]),
              admin,
              validatorManager: options.l1
                ? {
                    proxy: '0xfacade0000000000000000000000000000000000',
                    implementation: '0x0c0deba5e0000000000000000000000000000000',
                    owner: admin,
                  }
                : undefined,
              permissioned: options.indexed ? options.indexed.key === 'nimbus' : rng.chance(0.4),
              allowFeeRecipients: rng.chance(0.2),
              fastFees: options.indexed ? options.indexed.fastFees : rng.chance(0.5),
            },
            rng,
          );
    const vmId = custom ? cb58Encode(rng.bytes(32)) : VM_IDS.subnetevm;
    const event = log.add(
      createTime,
      createChainTx(ctx, subnetId, name, vmId, new TextEncoder().encode(JSON.stringify(genesis ?? { custom: name }))),
    );
    blockchains.push({
      blockchainId: event.tx.txId,
      subnetId,
      name,
      vmId,
      evmChainId,
      genesis,
      createEvent: event,
      createTime,
      upgrades:
        evmChainId !== null && (options.indexed || rng.chance(0.25)) ? planUpgrades(createTime, admin, rng) : [],
    });
  }
  const main = blockchains[0]!;
  return {
    subnetId,
    createEvent,
    createTime: options.createTime,
    owners,
    threshold,
    isL1: options.l1,
    conversionTime: options.conversionTime,
    // Most L1s manage their validators from their own chain; a few from the C-Chain.
    manager: options.l1
      ? !options.indexed && rng.chance(0.25)
        ? { blockchainId: info.cChainId, address: evmAddress('validator-manager', rng.int(0, 1_000_000)) }
        : { blockchainId: main.blockchainId, address: '0xfacade0000000000000000000000000000000000' }
      : undefined,
    blockchains,
    indexedKey: options.indexed?.key,
  };
}

function planUpgrades(createTime: number, admin: string, rng: Random): BlockchainPlan['upgrades'] {
  const count = rng.int(1, 3);
  const upgrades: BlockchainPlan['upgrades'] = [];
  let time = createTime;
  for (let position = 0; position < count; position++) {
    time += rng.int(2, 12) * DAY;
    const name = PRECOMPILES[(position + rng.int(0, 3)) % PRECOMPILES.length]!;
    // Every second upgrade of the same precompile disables it again, as upgrade.json allows.
    const disable = upgrades.some((u) => u.precompileName === name && !u.disable);
    upgrades.push({
      position,
      precompileName: name,
      blockTimestamp: time,
      disable,
      config: upgradeConfig(name, time, admin, disable),
    });
  }
  return upgrades;
}

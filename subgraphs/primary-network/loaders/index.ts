import type { Blockchain, Prisma, Subnet, Validator } from '../../../prisma/generated/client';
import type { SubgraphDeps } from '../../shared/subgraph';
import { groupInKeyOrder, inKeyOrder, createLoader, whereNetworkKeys, type NetworkKey } from '../../shared/loaderKeys';
import type { BalanceSumRow } from '../queries/balancesSql';
import { loadActiveStakeOfSubnets, type ActiveStakeKey } from './activeStakeOfSubnets';
import { loadBalancesOfAddresses, type AddressBalancesKey } from './balancesOfAddresses';
import { loadValidatorsOfSubnets, type SubnetValidatorsKey } from './validatorsOfSubnets';

export type SubnetKey = NetworkKey<'subnetId'>;
export type BlockchainKey = NetworkKey<'blockchainId'>;
export type ValidatorKey = NetworkKey<'validationId'>;
export type { ActiveStakeKey, AddressBalancesKey, SubnetValidatorsKey };

const subnetId = (key: { network: string; subnetId: string }) => `${key.network}:${key.subnetId}`;
const blockchainId = (key: { network: string; blockchainId: string }) => `${key.network}:${key.blockchainId}`;
const validationId = (key: { network: string; validationId: string }) => `${key.network}:${key.validationId}`;

/** The primary-network subgraph's loaders; one set per request. */
export type PrimaryNetworkLoaders = ReturnType<typeof createLoaders>;

/**
 * Creates the per-request DataLoaders: each batch is one query (one per distinct set of
 * arguments for the loaders whose keys carry arguments).
 * @example const loaders = createLoaders({ prisma, pageTokens, clock })
 */
export function createLoaders({ prisma }: SubgraphDeps) {
  return {
    /** A subnet by (network, subnetId). */
    subnet: createLoader<SubnetKey, Subnet | null>(async (keys) => {
      const rows = await prisma.subnet.findMany({ where: whereNetworkKeys(keys, 'subnetId') });
      return inKeyOrder(keys, rows, subnetId, subnetId);
    }),

    /** A blockchain by (network, blockchainId). */
    blockchain: createLoader<BlockchainKey, Blockchain | null>(async (keys) => {
      const rows = await prisma.blockchain.findMany({ where: whereNetworkKeys(keys, 'blockchainId') });
      return inKeyOrder(keys, rows, blockchainId, blockchainId);
    }),

    /** The blockchains of a subnet, oldest first. */
    blockchainsOfSubnet: createLoader<SubnetKey, Blockchain[]>(async (keys) => {
      const rows = await prisma.blockchain.findMany({
        where: whereNetworkKeys(keys, 'subnetId'),
        orderBy: [{ createBlockTimestamp: 'asc' }, { blockchainId: 'asc' }],
      });
      return groupInKeyOrder(keys, rows, subnetId, subnetId);
    }),

    /** A validation by (network, validationId). */
    validator: createLoader<ValidatorKey, Validator | null>(async (keys) => {
      const rows = await prisma.validator.findMany({ where: whereNetworkKeys(keys, 'validationId') });
      return inKeyOrder(keys, rows, validationId, validationId);
    }),

    /** The stake of a subnet's validations active at an instant. */
    activeStakeOfSubnet: createLoader<ActiveStakeKey, Prisma.Decimal>((keys) => loadActiveStakeOfSubnets(prisma, keys)),

    /** The latest validations of a subnet (by block index), optionally with one status at an instant. */
    validatorsOfSubnet: createLoader<SubnetValidatorsKey, Validator[]>((keys) => loadValidatorsOfSubnets(prisma, keys)),

    /** Balances of one address on one chain at one instant: sums per asset and category. */
    balancesOfAddress: createLoader<AddressBalancesKey, BalanceSumRow[]>((keys) =>
      loadBalancesOfAddresses(prisma, keys),
    ),
  };
}

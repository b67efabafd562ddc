import type { Blockchain, Subnet } from '../../../prisma/generated/client';
import type { SubgraphDeps } from '../../shared/subgraph';
import {
  groupInKeyOrder,
  inKeyOrder,
  createLoader,
  whereNetworkKeys,
  type NetworkKey,
} from '../../shared/loaderKeys';

export type SubnetKey = NetworkKey<'subnetId'>;
export type BlockchainKey = NetworkKey<'blockchainId'>;

const subnetId = (key: { network: string; subnetId: string }) => `${key.network}:${key.subnetId}`;
const blockchainId = (key: { network: string; blockchainId: string }) => `${key.network}:${key.blockchainId}`;

/** The primary-network subgraph's loaders; one set per request. */
export type PrimaryNetworkLoaders = ReturnType<typeof createLoaders>;

/**
 * Creates the per-request DataLoaders: each batch is one Prisma query.
 * @example const loaders = createLoaders({ prisma, pageTokens })
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
  };
}

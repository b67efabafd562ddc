import type { Subnet as SubnetRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import { toSafeNumber } from '../../shared/scalars';
import type { Subnet } from '../types/subnet.type';

/** A subnet as served, without `blockchains` (a field resolver loads them). */
export type SubnetValue = Omit<Subnet, 'blockchains'>;

/**
 * Formats a stored subnet for the API (spec 2.4).
 * @example formatSubnet(await prisma.subnet.findFirstOrThrow())
 */
export function formatSubnet(row: SubnetRow): SubnetValue {
  const locktime = toSafeNumber(row.locktime);
  return {
    network: fromDbNetwork(row.network),
    createBlockTimestamp: toSafeNumber(row.createBlockTimestamp),
    createBlockIndex: row.createBlockIndex.toString(),
    subnetId: row.subnetId,
    ownerAddresses: row.ownerAddresses,
    threshold: row.threshold,
    locktime,
    subnetOwnershipInfo: { locktime, threshold: row.threshold, addresses: row.ownerAddresses },
    isL1: row.isL1,
    l1ConversionTransactionHash: row.l1ConversionTransactionHash ?? undefined,
    l1ValidatorManagerDetails:
      row.l1ValidatorManagerBlockchainId && row.l1ValidatorManagerAddress
        ? { blockchainId: row.l1ValidatorManagerBlockchainId, contractAddress: row.l1ValidatorManagerAddress }
        : undefined,
  };
}

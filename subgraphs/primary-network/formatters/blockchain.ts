import type { Blockchain as BlockchainRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import { toSafeNumber } from '../../shared/scalars';
import type { Blockchain } from '../types/blockchain.type';
import { formatGenesisData } from './genesisData';

/**
 * Formats a stored blockchain for the API (spec 2.4 Blockchain).
 * @example formatBlockchain(await prisma.blockchain.findFirstOrThrow())
 */
export function formatBlockchain(row: BlockchainRow): Blockchain {
  return {
    network: fromDbNetwork(row.network),
    createBlockTimestamp: toSafeNumber(row.createBlockTimestamp),
    createBlockNumber: row.createBlockNumber.toString(),
    blockchainId: row.blockchainId,
    vmId: row.vmId,
    subnetId: row.subnetId,
    blockchainName: row.blockchainName,
    evmChainId: row.evmChainId === null ? undefined : toSafeNumber(row.evmChainId),
    genesisData: formatGenesisData(row.genesisData),
  };
}

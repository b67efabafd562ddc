import type { PrimaryNetworkBlock as BlockRow } from '../../../prisma/generated/client';
import { toSafeNumber } from '../../shared/scalars';
import type { PrimaryNetworkBlock } from '../types/proposedBlock.type';

/**
 * Formats a P- or X-Chain block for the API (spec 2.15); `proposerDetails` when the block has a
 * proposervm wrapper.
 * @param row the stored block
 * @returns the API value
 * @example formatProposedBlock(await prisma.primaryNetworkBlock.findFirstOrThrow())
 */
export function formatProposedBlock(row: BlockRow): PrimaryNetworkBlock {
  const proposed = row.proposerId !== null && row.proposerParentId !== null && row.proposerNodeId !== null;
  return {
    blockNumber: row.blockNumber.toString(),
    blockHash: row.blockHash,
    parentHash: row.parentHash,
    blockType: row.blockType,
    blockTimestamp: toSafeNumber(row.blockTimestamp),
    txCount: row.txCount,
    transactions: row.transactions,
    blockSizeBytes: row.blockSizeBytes,
    l1ValidatorsAccruedFees: toSafeNumber(row.l1ValidatorsAccruedFees),
    activeL1Validators: row.activeL1Validators,
    currentSupply: row.currentSupply.toFixed(),
    proposerDetails: proposed
      ? {
          proposerId: row.proposerId!,
          proposerParentId: row.proposerParentId!,
          proposerNodeId: row.proposerNodeId!,
          proposerPChainHeight: toSafeNumber(row.proposerPChainHeight ?? 0n),
          proposerTimestamp: toSafeNumber(row.proposerTimestamp ?? row.blockTimestamp),
        }
      : undefined,
  };
}

import type { EvmBlock as EvmBlockRow } from '../../../prisma/rows';
import type { EvmBlock } from '../types/evmBlock.type';

/** The members of an answered block that its row does not hold. */
export type BlockFigures = {
  /** Wei its transactions paid, decimal. */
  feesSpent: string;
  /** Indexed transactions of the chain up to and including the block. */
  cumulativeTransactions: bigint;
};

/** The block columns the official block reads. */
type BlockRow = Pick<
  EvmBlockRow,
  | 'chainId'
  | 'number'
  | 'hash'
  | 'parentHash'
  | 'timestamp'
  | 'gasLimit'
  | 'gasUsed'
  | 'baseFeePerGas'
  | 'txCount'
  | 'blockGasCost'
  | 'timestampMilliseconds'
  | 'minDelayExcess'
>;

/**
 * A stored block as the official block operations answer it (EvmBlock).
 * @example formatEvmBlockDetails(row, { feesSpent: '21000000000000', cumulativeTransactions: 1234n })
 */
export function formatEvmBlockDetails(row: BlockRow, figures: BlockFigures): EvmBlock {
  return {
    chainId: row.chainId.toString(),
    blockNumber: row.number.toString(),
    blockTimestamp: Number(row.timestamp),
    blockTimestampMilliseconds: row.timestampMilliseconds === null ? undefined : Number(row.timestampMilliseconds),
    blockMinDelayExcess: row.minDelayExcess?.toNumber(),
    blockHash: row.hash,
    txCount: row.txCount,
    // A block before London has no base fee, and one of a chain without block fees no gas cost: 0.
    baseFee: row.baseFeePerGas?.toFixed() ?? '0',
    gasUsed: row.gasUsed.toFixed(),
    gasLimit: row.gasLimit.toFixed(),
    gasCost: row.blockGasCost?.toFixed() ?? '0',
    parentHash: row.parentHash,
    feesSpent: figures.feesSpent,
    cumulativeTransactions: figures.cumulativeTransactions.toString(),
  };
}

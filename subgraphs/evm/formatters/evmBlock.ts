import type { EvmBlock as EvmBlockRow } from '../../../prisma/rows';
import type { EvmBlockSummary } from '../types/evmAccount.type';

/**
 * A stored block for the GraphQL chain views.
 * @example formatEvmBlock(row) // { chainId: '43114', number: '71009999', ... }
 */
export function formatEvmBlock(row: EvmBlockRow): EvmBlockSummary {
  return {
    chainId: row.chainId.toString(),
    number: row.number.toString(),
    hash: row.hash,
    parentHash: row.parentHash,
    timestamp: Number(row.timestamp),
    txCount: row.txCount,
    gasUsed: row.gasUsed.toFixed(),
    gasLimit: row.gasLimit.toFixed(),
    baseFeePerGas: row.baseFeePerGas?.toFixed(),
  };
}

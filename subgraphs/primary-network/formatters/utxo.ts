import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { toSafeNumber } from '../../shared/scalars';
import type { UtxoListRow } from '../queries/listUtxosSql';
import type { Utxo } from '../types/utxo.type';

/**
 * Formats a UTXO for the API (spec 2.7). Consumption fields exist on spent UTXOs only, staking
 * fields on stakes only; `stakeableLocktime` and `staked` are P-Chain notions, absent elsewhere.
 * @param row the UTXO with its asset and owners
 * @returns the API value
 * @example formatUtxo(row)
 */
export function formatUtxo(row: UtxoListRow): Utxo {
  const onPChain = row.blockchainId === PRIMARY_NETWORK_ID;
  const amount = row.amount.toFixed();
  return {
    addresses: row.owners,
    asset: { assetId: row.assetId, name: row.assetName, symbol: row.assetSymbol, denomination: row.assetDenomination, type: row.assetType, amount },
    consumedOnChainId: row.consumedOnChainId ?? undefined,
    consumingTxHash: row.consumingTxHash ?? undefined,
    createdOnChainId: row.createdOnChainId,
    utxoId: row.utxoId,
    utxoBytes: row.utxoBytes,
    amount,
    assetId: row.assetId,
    blockNumber: row.blockNumber.toString(),
    blockTimestamp: toSafeNumber(row.blockTimestamp),
    consumingBlockNumber: row.consumingBlockNumber?.toString(),
    consumingBlockTimestamp: row.consumingBlockTimestamp === null ? undefined : toSafeNumber(row.consumingBlockTimestamp),
    platformLocktime: toSafeNumber(row.platformLocktime),
    outputIndex: row.outputIndex,
    rewardType: row.rewardType ?? undefined,
    stakeableLocktime: onPChain ? toSafeNumber(row.stakeableLocktime) : undefined,
    staked: onPChain ? row.staked : undefined,
    threshold: row.threshold,
    txHash: row.txHash,
    utxoEndTimestamp: row.utxoEndTimestamp === null ? undefined : toSafeNumber(row.utxoEndTimestamp),
    utxoStartTimestamp: row.utxoStartTimestamp === null ? undefined : toSafeNumber(row.utxoStartTimestamp),
    utxoType: row.utxoType,
  };
}

import { fromHex } from '../../../avalanche/bytes';
import { nftOutputFields } from '../../../avalanche/nftOutputFields';
import { toSafeNumber } from '../../shared/scalars';
import type { UtxoListRow } from '../queries/listUtxosSql';
import type { PrimaryNetworkAssetType, RewardType, UtxoType } from '../types/primaryEnums';
import type { PChainUtxo, Utxo } from '../types/utxo.type';

/** What a UTXO answers on every chain. */
function commonMembers(row: UtxoListRow) {
  const amount = row.amount.toFixed();
  return {
    addresses: row.owners,
    asset: {
      assetId: row.assetId,
      name: row.assetName,
      symbol: row.assetSymbol,
      denomination: row.assetDenomination,
      type: row.assetType as PrimaryNetworkAssetType,
      amount,
    },
    // While unspent, the chain whose state holds it is where it will be consumed.
    consumedOnChainId: row.consumedOnChainId ?? row.blockchainId,
    consumingTxHash: row.consumingTxHash ?? undefined,
    createdOnChainId: row.createdOnChainId,
    utxoId: row.utxoId,
    utxoBytes: row.utxoBytes,
    threshold: row.threshold,
    utxoType: row.utxoType as UtxoType,
  };
}

/**
 * Formats a P-Chain UTXO (official `PChainUtxo`): consumption members on spent UTXOs only, the
 * staking period on stakes only.
 * @param row the UTXO with its asset and owners
 * @returns the API value
 * @example formatPChainUtxo(row)
 */
export function formatPChainUtxo(row: UtxoListRow): PChainUtxo {
  const common = commonMembers(row);
  return {
    ...common,
    amount: common.asset.amount,
    assetId: row.assetId,
    blockNumber: row.blockNumber.toString(),
    blockTimestamp: toSafeNumber(row.blockTimestamp),
    consumingBlockNumber: row.consumingBlockNumber?.toString(),
    consumingBlockTimestamp:
      row.consumingBlockTimestamp === null ? undefined : toSafeNumber(row.consumingBlockTimestamp),
    platformLocktime: toSafeNumber(row.platformLocktime),
    outputIndex: row.outputIndex,
    rewardType: (row.rewardType as RewardType | null) ?? undefined,
    stakeableLocktime: toSafeNumber(row.stakeableLocktime),
    staked: row.staked,
    txHash: row.txHash,
    utxoEndTimestamp: row.utxoEndTimestamp === null ? undefined : toSafeNumber(row.utxoEndTimestamp),
    utxoStartTimestamp: row.utxoStartTimestamp === null ? undefined : toSafeNumber(row.utxoStartTimestamp),
  };
}

/**
 * Formats an X-Chain UTXO, or one in the C-Chain's atomic memory (official `Utxo`); an NFT
 * output with its group and payload.
 * @param row the UTXO with its asset and owners
 * @returns the API value
 * @example formatUtxo(row)
 */
export function formatUtxo(row: UtxoListRow): Utxo {
  return {
    ...commonMembers(row),
    ...(row.assetType === 'nft' ? nftOutputFields(fromHex(row.utxoBytes)) : undefined),
    consumingTxTimestamp: row.consumingBlockTimestamp === null ? undefined : toSafeNumber(row.consumingBlockTimestamp),
    creationTxHash: row.txHash,
    locktime: toSafeNumber(row.platformLocktime),
    outputIndex: String(row.outputIndex),
    timestamp: toSafeNumber(row.blockTimestamp),
  };
}

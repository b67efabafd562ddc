import { formatPrice } from '../../evm/formatters/money';
import type { CurrencyCode } from '../../evm/types/evmEnums';
import { toSafeNumber } from '../../shared/scalars';
import type { HistoricalRewardListRow } from '../queries/listHistoricalRewardsSql';
import type { HistoricalReward } from '../types/historicalReward.type';
import type { PrimaryNetworkAssetType, RewardType } from '../types/primaryEnums';

/**
 * Formats a paid reward (official `HistoricalReward`): the reward UTXO, the stake it rewards, and
 * AVAX's price in `currency` when it was paid, when the index holds one.
 * @param row the reward UTXO with its stake, asset and price
 * @param currency the requested currency
 * @returns the API value
 * @example formatHistoricalReward(row, CurrencyCode.usd).reward.historicalPrice // { currencyCode: 'usd', value: '24.1' }
 */
export function formatHistoricalReward(row: HistoricalRewardListRow, currency: CurrencyCode): HistoricalReward {
  return {
    addresses: row.owners,
    txHash: row.txHash,
    amountStaked: row.amountStaked.toFixed(),
    nodeId: row.nodeId,
    startTimestamp: toSafeNumber(row.startTimestamp),
    endTimestamp: toSafeNumber(row.endTimestamp),
    rewardType: row.rewardType as RewardType,
    utxoId: row.utxoId,
    outputIndex: row.outputIndex,
    reward: {
      assetId: row.assetId,
      name: row.assetName,
      symbol: row.assetSymbol,
      denomination: row.assetDenomination,
      type: row.assetType as PrimaryNetworkAssetType,
      amount: row.amount.toFixed(),
      historicalPrice: formatPrice(row.price, currency),
    },
    // The stake's row records the RewardValidatorTx together with the reward UTXOs it created.
    rewardTxHash: row.rewardTxHash ?? '',
  };
}

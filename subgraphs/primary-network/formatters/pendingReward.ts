import { stakingProgress } from '../../../domain';
import { toSafeNumber } from '../../shared/scalars';
import type { PendingRewardListRow } from '../queries/listPendingRewardsSql';
import type { PendingReward } from '../types/pendingReward.type';
import type { PrimaryNetworkAssetType, RewardType } from '../types/primaryEnums';

/**
 * Formats a pending reward for the API (spec 2.7a); `progress` is the share of the staking period
 * elapsed at the request's instant (domain/stakingProgress.ts).
 * @param row the reward with its asset and addresses
 * @param now the request's instant, Unix seconds
 * @returns the API value
 * @example formatPendingReward(row, context.clock())
 */
export function formatPendingReward(row: PendingRewardListRow, now: number): PendingReward {
  return {
    addresses: row.owners,
    txHash: row.txHash,
    amountStaked: row.amountStaked.toFixed(),
    nodeId: row.nodeId,
    startTimestamp: toSafeNumber(row.startTimestamp),
    endTimestamp: toSafeNumber(row.endTimestamp),
    rewardType: row.rewardType as RewardType,
    progress: stakingProgress(row.startTimestamp, row.endTimestamp, now),
    estimatedReward: {
      assetId: row.assetId,
      name: row.assetName,
      symbol: row.assetSymbol,
      denomination: row.assetDenomination,
      type: row.assetType as PrimaryNetworkAssetType,
      amount: row.estimatedRewardAmount.toFixed(),
    },
  };
}

import { PERCENT_DENOMINATOR, delegationFeeSplit, validationStatusAt } from '../../../domain';
import { toSafeNumber } from '../../shared/scalars';
import type { DelegatorListRow } from '../queries/listDelegatorsSql';
import { DelegationStatus } from '../types/delegator.args';
import type {
  ActiveDelegatorDetails,
  CompletedDelegatorDetails,
  Delegator,
  PendingDelegatorDetails,
} from '../types/delegator.type';

/** A delegator as served, in the variant of its status. */
export type DelegatorValue =
  | (Delegator & CompletedDelegatorDetails)
  | (Delegator & ActiveDelegatorDetails)
  | (Delegator & PendingDelegatorDetails);

/** A delegation fee in percent (four decimals) as avalanchego's shares, millionths. */
const sharesOf = (fee: DelegatorListRow['validatorFee']) => (fee === null ? 0n : BigInt(fee.times(10_000).toFixed(0)));

/**
 * The whole reward a delegator's paid reward came from: the potential reward when the node's split of
 * it gives what was paid, else the smallest reward whose split does (net × 1,000,000 / (1,000,000 −
 * shares), rounded up), for an index that does not know the potential reward.
 */
function grossOf(net: bigint, potential: bigint, shares: bigint): bigint {
  if (net === 0n) return 0n;
  if (potential > 0n && delegationFeeSplit(potential, shares).delegatorReward === net) return potential;
  const kept = PERCENT_DENOMINATOR - shares;
  return (net * PERCENT_DENOMINATOR + kept - 1n) / kept;
}

/**
 * Formats a delegation at the request's instant, in the variant of its status then. A completed one
 * carries what was paid: the delegator's reward (net) and the whole reward it came from (gross: the
 * P-Chain's potential reward of the delegation, which the node split with the validator's fee); both 0
 * when the delegation was not rewarded or its reward is not indexed yet (grossOf). Active and pending ones carry
 * the potential reward and the delegator's part of it after the fee (domain/delegationFeeSplit.ts).
 *
 * @param row the delegation with its validator's fee
 * @param now the request's instant, Unix seconds
 * @returns the API value
 * @example formatDelegator(row, context.clock()).delegationStatus // 'active'
 */
export function formatDelegator(row: DelegatorListRow, now: number): DelegatorValue {
  const status = validationStatusAt(row, now) as DelegationStatus;
  const common = {
    txHash: row.txHash,
    nodeId: row.nodeId,
    rewardAddresses: row.rewardAddresses,
    amountDelegated: row.amountDelegated.toFixed(),
    delegationFee: (row.validatorFee?.toFixed(4) ?? '0.0000') as string,
    startTimestamp: toSafeNumber(row.startTimestamp),
    endTimestamp: toSafeNumber(row.endTimestamp),
  };
  const shares = sharesOf(row.validatorFee);
  const potential = row.potentialReward === null ? 0n : BigInt(row.potentialReward.toFixed());
  if (status === DelegationStatus.completed) {
    const net = row.delegatorRewardAmount === null ? 0n : BigInt(row.delegatorRewardAmount.toFixed());
    return {
      ...common,
      delegationStatus: status,
      grossReward: grossOf(net, potential, shares).toString(),
      netReward: net.toString(),
    };
  }
  const gross = potential;
  return {
    ...common,
    delegationStatus: status,
    estimatedGrossReward: gross.toString(),
    estimatedNetReward: delegationFeeSplit(gross, shares).delegatorReward.toString(),
  };
}

// How a delegator's reward is shared with the validator it delegates to.
import { PERCENT_DENOMINATOR } from './stakingParameters';

const MAX_UINT64 = (1n << 64n) - 1n;

/** The two parts of a delegation reward. */
export type DelegationRewardSplit = {
  /** The validator's delegation fee (`VALIDATOR_FEE` reward). */
  validatorFee: bigint;
  /** What the delegator receives (`DELEGATOR` reward). */
  delegatorReward: bigint;
};

/**
 * Splits a delegation's reward as avalanchego's `reward.Split` does: the delegator's part is
 * `(1,000,000 − shares) × reward / 1,000,000` rounded down, the validator keeps the rest, so rounding
 * favours the validator. When that product does not fit in 64 bits the node divides first
 * (`(1,000,000 − shares) × (reward / 1,000,000)`), and so does this function, to give the same amounts.
 * @param reward the delegation's whole reward, nAVAX (a uint64)
 * @param shares the validator's delegation fee in millionths (2 % = 20,000); percent × 10,000
 * @returns the validator's fee and the delegator's reward; they add up to `reward`
 * @throws RangeError when `shares` is outside 0..1,000,000 or `reward` outside uint64
 * @example delegationFeeSplit(1_000n, 20_000) // { validatorFee: 20n, delegatorReward: 980n }
 */
export function delegationFeeSplit(reward: bigint, shares: number | bigint): DelegationRewardSplit {
  const share = BigInt(shares);
  if (share < 0n || share > PERCENT_DENOMINATOR)
    throw new RangeError(`delegation fee shares ${share}, expected 0 to 1000000`);
  if (reward < 0n || reward > MAX_UINT64) throw new RangeError(`reward ${reward}, expected a uint64`);
  const remainderShares = PERCENT_DENOMINATOR - share;
  const product = remainderShares * reward;
  const delegatorReward =
    product <= MAX_UINT64 ? product / PERCENT_DENOMINATOR : remainderShares * (reward / PERCENT_DENOMINATOR);
  return { validatorFee: reward - delegatorReward, delegatorReward };
}

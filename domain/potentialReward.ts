// The P-Chain's potential reward of a stake, as avalanchego's reward calculator computes it
// (vms/platformvm/reward/calculator.go). Implemented here from its documented formula:
//
//   remaining  = supplyCap − currentSupply
//   rate       = minRate + (maxRate − minRate) × duration / mintingPeriod
//   reward     = remaining × (stake / currentSupply) × rate × (duration / mintingPeriod)
//
// in integer arithmetic with one rounding down at the end, capped at `remaining`. The node counts
// durations in nanoseconds and this function in seconds: the 10⁹ factors cancel exactly, so the
// result is the same to the nAVAX. (avalanchego also lowers the minimum rate after the Helicon
// upgrade, ACP-285; Helicon is not scheduled on mainnet or Fuji, so the formula above is the rule.)
import { PERCENT_DENOMINATOR, type RewardConfig } from './stakingParameters';

const MAX_UINT64 = (1n << 64n) - 1n;

/** What the reward depends on. */
export type PotentialRewardInput = {
  /** Staked amount, nAVAX. */
  stakedAmount: bigint;
  /** Staking duration (end − start), seconds. */
  stakedDuration: bigint | number;
  /** P-Chain current supply when the staker entered the current set, nAVAX. */
  currentSupply: bigint;
};

/**
 * The reward the P-Chain promises a validator or delegator for its whole staking period (paid in
 * full if the uptime requirement is met, else nothing). For a delegation, split it with
 * `delegationFeeSplit`.
 * @param input staked amount, duration and current supply
 * @param config the network's reward configuration (`STAKING_PARAMETERS[network].reward`)
 * @returns nAVAX
 * @example
 * // 1M AVAX staked for a year when 360M AVAX exist: (720M − 360M) × 1/360 × 12 % = 120,000 AVAX
 * potentialReward({ stakedAmount: 1_000_000n * AVAX, stakedDuration: 365 * 86_400, currentSupply: 360_000_000n * AVAX }, STAKING_PARAMETERS.mainnet.reward)
 */
export function potentialReward(input: PotentialRewardInput, config: RewardConfig): bigint {
  const duration = BigInt(input.stakedDuration);
  if (input.currentSupply <= 0n || duration <= 0n || input.stakedAmount <= 0n) return 0n;
  const remaining = config.supplyCap > input.currentSupply ? config.supplyCap - input.currentSupply : 0n;
  const rateNumerator =
    (config.maxConsumptionRate - config.minConsumptionRate) * duration +
    config.minConsumptionRate * config.mintingPeriod;
  const rateDenominator = config.mintingPeriod * PERCENT_DENOMINATOR;
  let reward = remaining * rateNumerator * input.stakedAmount * duration;
  reward /= rateDenominator;
  reward /= input.currentSupply;
  reward /= config.mintingPeriod;
  // The node returns what remains of the supply when the result overflows a uint64 or exceeds it.
  if (reward > MAX_UINT64) return remaining;
  return reward < remaining ? reward : remaining;
}

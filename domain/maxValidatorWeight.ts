// How much weight a primary-network validator may carry, delegations included.
import type { StakingParameters } from './stakingParameters';

/**
 * The largest weight (own stake plus delegations) a validator may reach: min(5 × own stake, the
 * network's maximum validator stake), as avalanchego's delegator verification caps it.
 * @param ownStake the validator's own stake, nAVAX
 * @param parameters the network's staking parameters
 * @returns nAVAX
 * @example maxValidatorWeight(2_000n * AVAX, STAKING_PARAMETERS.mainnet) // 10,000 AVAX
 */
export function maxValidatorWeight(ownStake: bigint, parameters: StakingParameters): bigint {
  const multiple = ownStake * parameters.maxValidatorWeightFactor;
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
  return multiple < parameters.maxValidatorStake ? multiple : parameters.maxValidatorStake;
}

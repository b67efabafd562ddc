// What a primary-network validator can still accept in delegations.
import { maxValidatorWeight } from './maxValidatorWeight';
import type { StakingParameters } from './stakingParameters';
import type { ValidationStatus } from './validationStatusAt';

/** What {@link delegationCapacity} reads of a validation. */
export type CapacityInput = {
  /** Own stake, nAVAX. */
  amountStaked: bigint;
  /** Sum of its delegations, nAVAX. */
  amountDelegated: bigint;
  /** Its status at the instant of the question (`validationStatusAt`). */
  status: ValidationStatus;
};

/**
 * Delegation capacity: max weight − own stake − delegated, never below 0, while the validation is
 * active or pending; 0 once it is completed or removed (a delegation must fit inside a current or
 * future validation).
 *
 * The Validator table stores the capacity as while accepting (status `active`), which does not
 * change with time; readers apply the status at their own instant with this function.
 * @param validation own stake, delegated amount and status
 * @param parameters the network's staking parameters
 * @returns nAVAX
 * @example delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 500n * AVAX, status: 'active' }, STAKING_PARAMETERS.mainnet) // 7,500 AVAX
 */
export function delegationCapacity(validation: CapacityInput, parameters: StakingParameters): bigint {
  if (validation.status !== 'active' && validation.status !== 'pending') return 0n;
  const room =
    maxValidatorWeight(validation.amountStaked, parameters) - validation.amountStaked - validation.amountDelegated;
  return room > 0n ? room : 0n;
}

import { Prisma } from '../../../prisma/generated/client';
import type { ActiveDelegationsRow, ValidatorsByVersionRow } from '../queries/networkDetailsSql';
import type { GetNetworkDetailsResponse } from '../types/network.type';

/** Version shown for validator nodes the indexing node never saw among its peers. */
export const UNKNOWN_VERSION = 'unknown';

/** Decimal places of `stakingRatio`. */
const RATIO_PLACES = 6;

/**
 * The staking figures of a network from its active validations (per version), active delegations
 * and current supply.
 * @param validators the active validations per avalanchego version
 * @param delegations the active delegations
 * @param currentSupply the P-Chain's current supply; null before the first indexed block
 * @returns the API value
 * @example formatNetworkDetails(versionRows, delegationRow, supply)
 */
export function formatNetworkDetails(
  validators: readonly ValidatorsByVersionRow[],
  delegations: ActiveDelegationsRow,
  currentSupply: Prisma.Decimal | null,
): GetNetworkDetailsResponse {
  const zero = new Prisma.Decimal(0);
  const validatorStake = validators.reduce((sum, row) => sum.plus(row.amountStaked), zero);
  const rewards = validators.reduce((sum, row) => sum.plus(row.potentialReward), delegations.potentialReward);
  const activeStake = validatorStake.plus(delegations.amountDelegated);
  const ratio = currentSupply?.gt(0) ? activeStake.div(currentSupply).toDecimalPlaces(RATIO_PLACES) : zero;
  return {
    validatorDetails: {
      validatorCount: validators.reduce((sum, row) => sum + row.validatorCount, 0),
      totalAmountStaked: validatorStake.toFixed(),
      estimatedAnnualStakingReward: rewards.toFixed(),
      stakingDistributionByVersion: validators.map((row) => ({
        version: row.version ?? UNKNOWN_VERSION,
        amountStaked: row.amountStaked.toFixed(),
        validatorCount: row.validatorCount,
      })),
      stakingRatio: ratio.toFixed(),
    },
    delegatorDetails: {
      delegatorCount: delegations.delegatorCount,
      totalAmountStaked: delegations.amountDelegated.toFixed(),
    },
  };
}

import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { timeRemaining, validationStatusAt } from '../../../domain';
import type { Validator as ValidatorRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import { toSafeNumber } from '../../shared/scalars';
import { ValidationStatus } from '../types/validator.args';
import type { Validator } from '../types/validator.type';

/** A validator as served, without the joins its resolver loads (`subnet`, `rewardOwners`). */
export type ValidatorValue = Omit<Validator, 'subnet' | 'rewardOwners'> & { rewardAddresses: string[] };

/**
 * Formats a stored validation for the API (spec 2.5) at the request's instant: its status, its
 * delegation capacity (the stored capacity while it is active or pending, else 0) and time
 * remaining follow from the domain rules. Fee, delegations and rewards exist on the primary
 * network only; elsewhere they are absent.
 *
 * @param row the stored validation
 * @param now the request's instant, Unix seconds
 * @returns the API value
 * @example formatValidator(row, context.clock())
 */
export function formatValidator(row: ValidatorRow, now: number): ValidatorValue {
  const status = validationStatusAt(row, now) as ValidationStatus;
  const primary = row.subnetId === PRIMARY_NETWORK_ID;
  const inSet = status === ValidationStatus.active || status === ValidationStatus.pending;
  return {
    txHash: row.txHash,
    nodeId: row.nodeId,
    subnetId: row.subnetId,
    amountStaked: row.amountStaked.toFixed(),
    delegationFee: row.delegationFee === null ? undefined : row.delegationFee.toFixed(4),
    startTimestamp: toSafeNumber(row.startTimestamp),
    endTimestamp: row.endTimestamp === null ? undefined : toSafeNumber(row.endTimestamp),
    blsCredentials:
      row.blsPublicKey && row.blsProofOfPossession ? { publicKey: row.blsPublicKey, proofOfPossession: row.blsProofOfPossession } : undefined,
    delegatorCount: primary ? row.delegatorCount : undefined,
    amountDelegated: primary ? row.amountDelegated.toFixed() : undefined,
    rewards: primary
      ? {
          validationRewardAmount: row.validationRewardAmount?.toFixed() ?? '0',
          delegationRewardAmount: row.delegationRewardAmount?.toFixed() ?? '0',
          rewardAddresses: row.rewardAddresses,
          rewardTxHash: row.rewardTxHash ?? undefined,
        }
      : undefined,
    validationStatus: status,
    network: fromDbNetwork(row.network),
    validationId: row.validationId,
    delegationCapacity: inSet ? row.delegationCapacity.toFixed() : '0',
    timeRemaining: timeRemaining(row, now) ?? undefined,
    uptimePerformance: row.uptimePercentage.toNumber(),
    rewardAddresses: row.rewardAddresses,
  };
}

import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { timeRemaining, validationStatusAt } from '../../../domain';
import type { Validator as ValidatorRow } from '../../../prisma/generated/client';
import { fromDbNetwork } from '../../shared/network';
import { toSafeNumber } from '../../shared/scalars';
import { ValidationStatus } from '../types/validator.args';
import type {
  ActiveValidatorDetails,
  CompletedValidatorDetails,
  PendingValidatorDetails,
  RemovedValidatorDetails,
  Validator,
  ValidatorHealthDetails,
  ValidatorRewards,
} from '../types/validator.type';

/** What every variant's resolvers need beside its fields: the reward addresses (`rewardOwners`). */
type Joins = { rewardAddresses: string[] };
type Served<T> = Omit<Validator, 'validationStatus'> & Omit<T, 'subnet' | 'rewardOwners' | 'stakePercentage'> & Joins;

/** A validator as served, in the variant of its status, without what its resolvers add (`subnet`, `rewardOwners`, `stakePercentage`). */
export type ValidatorValue =
  | Served<ActiveValidatorDetails>
  | Served<PendingValidatorDetails>
  | Served<CompletedValidatorDetails>
  | Served<RemovedValidatorDetails>;

/**
 * Formats a stored validation at the request's instant, in the variant of its status then:
 * active ones with their potential rewards, uptime, capacity and the indexing node's view of
 * their node; completed ones with what they were paid; removed ones with their removal.
 * Delegations, fees and rewards exist on the primary network only: a subnet validation has no
 * fee, 0 delegations and rewards of 0 (the P-Chain pays subnet validators nothing).
 *
 * @param row the stored validation; not an L1 validation, which has no end (callers leave those out)
 * @param now the request's instant, Unix seconds
 * @returns the API value
 * @example formatValidator(row, context.clock()).validationStatus // 'active'
 */
export function formatValidator(row: ValidatorRow, now: number): ValidatorValue {
  const status = validationStatusAt(row, now) as ValidationStatus;
  const primary = row.subnetId === PRIMARY_NETWORK_ID;
  const inSet = status === ValidationStatus.active || status === ValidationStatus.pending;
  const common = {
    txHash: row.txHash,
    nodeId: row.nodeId,
    subnetId: row.subnetId,
    amountStaked: row.amountStaked.toFixed(),
    delegationFee: row.delegationFee === null ? undefined : row.delegationFee.toFixed(4),
    startTimestamp: toSafeNumber(row.startTimestamp),
    endTimestamp: toSafeNumber(row.endTimestamp!),
    blsCredentials:
      row.blsPublicKey && row.blsProofOfPossession
        ? { publicKey: row.blsPublicKey, proofOfPossession: row.blsProofOfPossession }
        : undefined,
    network: fromDbNetwork(row.network),
    validationId: row.validationId,
    delegationCapacity: inSet ? row.delegationCapacity.toFixed() : '0',
    timeRemaining: timeRemaining(row, now) ?? 0,
    uptimePerformance: row.uptimePercentage.toNumber(),
    rewardAddresses: row.rewardAddresses,
  };
  const delegations = {
    delegatorCount: primary ? row.delegatorCount : 0,
    amountDelegated: primary ? row.amountDelegated.toFixed() : undefined,
  };
  const rewards: ValidatorRewards = {
    validationRewardAmount: primary ? (row.validationRewardAmount?.toFixed() ?? '0') : '0',
    delegationRewardAmount: primary ? (row.delegationRewardAmount?.toFixed() ?? '0') : '0',
    rewardAddresses: row.rewardAddresses,
    rewardTxHash: row.rewardTxHash ?? undefined,
  };
  switch (status) {
    case ValidationStatus.active:
      return {
        ...common,
        validationStatus: status,
        ...delegations,
        avalancheGoVersion: row.avalancheGoVersion ?? undefined,
        potentialRewards: rewards,
        validatorHealth: validatorHealth(row),
        geolocation: null,
      };
    case ValidationStatus.pending:
      return { ...common, validationStatus: status };
    case ValidationStatus.completed:
      return { ...common, validationStatus: status, ...delegations, rewards };
    case ValidationStatus.removed:
      return {
        ...common,
        validationStatus: status,
        // Empty for a removal written before its transaction was kept (indexing the chain again fills it).
        removeTxHash: row.removeTxHash ?? '',
        removeTimestamp: toSafeNumber(row.removedTimestamp!),
      };
  }
}

/**
 * The indexing node's view of a validator's node at its last look: reachable when connected,
 * and on each primary-network chain wholly benched or not. A node it never saw is unreachable
 * and benched nowhere.
 */
function validatorHealth(row: ValidatorRow): ValidatorHealthDetails {
  const chains = PUBLIC_NETWORKS[row.network].chains;
  const benched = (chain: keyof typeof chains) => (row.benchedChainIds.includes(chains[chain]) ? 100 : 0);
  return {
    reachabilityPercent: row.isConnected ? 100 : 0,
    benchedPChainRequestsPercent: benched('p-chain'),
    benchedXChainRequestsPercent: benched('x-chain'),
    benchedCChainRequestsPercent: benched('c-chain'),
  };
}

import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { BadRequestError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { ValidatorSortBy, type ListValidatorsArgs, type ValidationStatus } from '../types/validator.args';

/** Defaults of 4.5 that fill in the other end of a fee or uptime range when one end is given. */
export const FEE_RANGE = { min: 2, max: 100 } as const;
export const UPTIME_RANGE = { min: 90, max: 100 } as const;

/** The filters of 4.5, checked and with defaults applied. */
export type ValidatorFilter = {
  network: DbNetwork;
  subnetId?: string;
  /** Parts of node IDs; a validation matches when its node ID contains one. */
  nodeIdParts?: string[];
  /** One whole node ID (getSingleValidatorDetails): the validations of that node. */
  nodeId?: string;
  status?: ValidationStatus;
  capacity: { min?: bigint; max?: bigint };
  timeRemaining: { min?: number; max?: number };
  /** Set when a fee bound is given: subnet and L1 validations (no fee) are then excluded. */
  fee?: { min: number; max: number };
  /** Set when an uptime bound is given. */
  uptime?: { min: number; max: number };
};

/**
 * Reads the filters of a list-validators request: range ends in order, the fee and uptime defaults
 * applied to a range with one end given, and `sortBy=delegationFee` only where fees exist (mainnet,
 * primary network).
 * @param args the validated arguments
 * @returns the filter the query applies
 * @throws BadRequestError naming the parameter of a broken rule
 * @example validatorFilter({ network: 'mainnet', minFeePercentage: 5 }) // fee: { min: 5, max: 100 }
 */
export function validatorFilter(args: ListValidatorsArgs): ValidatorFilter {
  inOrder('DelegationCapacity', args.minDelegationCapacity, args.maxDelegationCapacity);
  inOrder('TimeRemaining', args.minTimeRemaining, args.maxTimeRemaining);
  inOrder('FeePercentage', args.minFeePercentage, args.maxFeePercentage);
  inOrder('UptimePerformance', args.minUptimePerformance, args.maxUptimePerformance);
  const network = toDbNetwork(args.network);
  if (
    args.sortBy === ValidatorSortBy.delegationFee &&
    (network !== 'MAINNET' || args.subnetId !== PRIMARY_NETWORK_ID)
  ) {
    throw new BadRequestError(
      `sortBy must not be delegationFee unless network is mainnet and subnetId is the primary network (${PRIMARY_NETWORK_ID}): only primary-network validations on mainnet are sorted by fee`,
    );
  }
  const range = (min: number | undefined, max: number | undefined, defaults: { min: number; max: number }) =>
    min === undefined && max === undefined ? undefined : { min: min ?? defaults.min, max: max ?? defaults.max };
  const fee = range(args.minFeePercentage, args.maxFeePercentage, FEE_RANGE);
  const uptime = range(args.minUptimePerformance, args.maxUptimePerformance, UPTIME_RANGE);
  // A default end may cross a given one (maxUptimePerformance=50 with the default minimum 90);
  // fee defaults are the ends of the fee bounds, so they cannot.
  if (uptime && uptime.min > uptime.max) {
    throw new BadRequestError(
      `maxUptimePerformance must be at least ${UPTIME_RANGE.min} when minUptimePerformance is omitted (its default)`,
    );
  }
  return {
    network,
    subnetId: args.subnetId,
    nodeIdParts: args.nodeIds,
    status: args.validationStatus,
    capacity: { min: args.minDelegationCapacity, max: args.maxDelegationCapacity },
    timeRemaining: { min: args.minTimeRemaining, max: args.maxTimeRemaining },
    fee,
    uptime,
  };
}

function inOrder(name: string, min: number | bigint | undefined, max: number | bigint | undefined): void {
  if (min !== undefined && max !== undefined && min > max)
    throw new BadRequestError(`min${name} must not be greater than max${name}`);
}

import { IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, Int, registerEnumType } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { BigIntRange } from '../../shared/params/bigIntRange';
import { Cb58Id } from '../../shared/params/cb58Id';
import { NodeId, NodeIdFilter } from '../../shared/params/nodeId';
import { Amount } from '../../shared/params/numbers';
import { SafeInt } from '../../shared/scalars';

/** `sortBy` of 4.5 (the enumerations note). */
export enum ValidatorSortBy {
  blockIndex = 'blockIndex',
  delegationCapacity = 'delegationCapacity',
  timeRemaining = 'timeRemaining',
  delegationFee = 'delegationFee',
  uptimePerformance = 'uptimePerformance',
}

registerEnumType(ValidatorSortBy, {
  name: 'ValidatorSortBy',
  description:
    'Order of list validators: blockIndex (default), delegationCapacity, timeRemaining, delegationFee, uptimePerformance.',
});

/** `validationStatus` of spec 2.5, as a filter and as a field. */
export enum ValidationStatus {
  completed = 'completed',
  active = 'active',
  pending = 'pending',
  removed = 'removed',
}

registerEnumType(ValidationStatus, {
  name: 'ValidationStatus',
  description: 'completed, active, pending or removed, at the time of the request.',
});

/** Largest delegation capacity filter of 4.5: 720,000,000 AVAX in nAVAX. */
export const maxDelegationCapacityFilter = 720_000_000_000_000_000n;
/** Largest time-remaining filter of 4.5, seconds. */
export const maxTimeRemainingFilter = 2_147_483_647;

const capacityRule = `must be from 0 to ${maxDelegationCapacityFilter}`;
const timeRule = `must be an integer from 0 to ${maxTimeRemainingFilter}`;

/**
 * Arguments of 4.5 list validators. The fee and uptime bounds have defaults (fee 2 to 100, uptime
 * 90 to 100) that fill in the other end of a range when one end is given; a range neither of
 * whose ends is given filters nothing (docs/api-decisions.md).
 */
@ArgsType()
export class ListValidatorsArgs extends PageArgs('validators') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => NodeIdFilter, {
    nullable: true,
    description: 'Comma-separated node IDs or parts of them; a validation matches when its node ID contains one.',
  })
  nodeIds?: string[];

  @Field(() => ValidatorSortBy, {
    nullable: true,
    description: "blockIndex when omitted. delegationFee needs network mainnet and the primary network's subnetId.",
  })
  sortBy?: ValidatorSortBy;

  @Field(() => SortOrder, { nullable: true, description: 'desc (largest first) when omitted.' })
  sortOrder?: SortOrder;

  @Field(() => ValidationStatus, {
    nullable: true,
    description: 'Only validations with this status at the time of the request.',
  })
  validationStatus?: ValidationStatus;

  @Field(() => Amount, {
    nullable: true,
    description: 'Smallest delegation capacity (nAVAX, 0 to 720000000000000000): what the validator can still accept.',
  })
  @BigIntRange(0n, maxDelegationCapacityFilter, { message: `minDelegationCapacity ${capacityRule}` })
  minDelegationCapacity?: bigint;

  @Field(() => Amount, { nullable: true, description: 'Largest delegation capacity (nAVAX, 0 to 720000000000000000).' })
  @BigIntRange(0n, maxDelegationCapacityFilter, { message: `maxDelegationCapacity ${capacityRule}` })
  maxDelegationCapacity?: bigint;

  // SafeInt rather than Int: a value past 2^31 is then this parameter's range error, not a 32-bit overflow.
  @Field(() => SafeInt, {
    nullable: true,
    description: 'Smallest time remaining (end − now), seconds, 0 to 2147483647.',
  })
  @IsOptional()
  @IsInt({ message: `minTimeRemaining ${timeRule}` })
  @Min(0, { message: `minTimeRemaining ${timeRule}` })
  @Max(maxTimeRemainingFilter, { message: `minTimeRemaining ${timeRule}` })
  minTimeRemaining?: number;

  @Field(() => SafeInt, {
    nullable: true,
    description: 'Largest time remaining (end − now), seconds, 0 to 2147483647.',
  })
  @IsOptional()
  @IsInt({ message: `maxTimeRemaining ${timeRule}` })
  @Min(0, { message: `maxTimeRemaining ${timeRule}` })
  @Max(maxTimeRemainingFilter, { message: `maxTimeRemaining ${timeRule}` })
  maxTimeRemaining?: number;

  @Field(() => Float, {
    nullable: true,
    description:
      'Smallest delegation fee, percent, 2 to 100 (2 when only maxFeePercentage is given). Excludes subnet and L1 validations.',
  })
  @IsOptional()
  @IsNumber({}, { message: 'minFeePercentage must be a number from 2 to 100' })
  @Min(2, { message: 'minFeePercentage must be a number from 2 to 100' })
  @Max(100, { message: 'minFeePercentage must be a number from 2 to 100' })
  minFeePercentage?: number;

  @Field(() => Float, {
    nullable: true,
    description:
      'Largest delegation fee, percent, 2 to 100 (100 when only minFeePercentage is given). Excludes subnet and L1 validations.',
  })
  @IsOptional()
  @IsNumber({}, { message: 'maxFeePercentage must be a number from 2 to 100' })
  @Min(2, { message: 'maxFeePercentage must be a number from 2 to 100' })
  @Max(100, { message: 'maxFeePercentage must be a number from 2 to 100' })
  maxFeePercentage?: number;

  @Field(() => Float, {
    nullable: true,
    description: 'Smallest uptime, percent, 0 to 100 (90 when only maxUptimePerformance is given).',
  })
  @IsOptional()
  @IsNumber({}, { message: 'minUptimePerformance must be a number from 0 to 100' })
  @Min(0, { message: 'minUptimePerformance must be a number from 0 to 100' })
  @Max(100, { message: 'minUptimePerformance must be a number from 0 to 100' })
  minUptimePerformance?: number;

  @Field(() => Float, {
    nullable: true,
    description: 'Largest uptime, percent, 0 to 100 (100 when only minUptimePerformance is given).',
  })
  @IsOptional()
  @IsNumber({}, { message: 'maxUptimePerformance must be a number from 0 to 100' })
  @Min(0, { message: 'maxUptimePerformance must be a number from 0 to 100' })
  @Max(100, { message: 'maxUptimePerformance must be a number from 0 to 100' })
  maxUptimePerformance?: number;

  @Field(() => Cb58Id, {
    nullable: true,
    description:
      'Only validations of this subnet or L1 (the primary network is 11111111111111111111111111111111LpoYY); all when omitted.',
  })
  subnetId?: string;
}

/** Arguments of `Subnet.validators` (GraphQL only). */
@ArgsType()
export class SubnetValidatorsArgs {
  @Field(() => ValidationStatus, {
    nullable: true,
    description: 'Only validations with this status now; all when omitted.',
  })
  validationStatus?: ValidationStatus;

  @Field(() => Int, {
    nullable: true,
    defaultValue: 100,
    description: 'The most recent validations to return, 1 to 1000 (newest first by block index).',
  })
  @IsInt({ message: 'first must be an integer from 1 to 1000' })
  @Min(1, { message: 'first must be an integer from 1 to 1000' })
  @Max(1000, { message: 'first must be an integer from 1 to 1000' })
  first: number = 100;
}

/** Arguments of getSingleValidatorDetails: every validation of one node, by block index. */
@ArgsType()
export class GetSingleValidatorDetailsArgs extends PageArgs('validatorDetails') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => NodeId, { description: 'The node: NodeID- followed by cb58.' })
  nodeId!: string;

  @Field(() => ValidationStatus, {
    nullable: true,
    description: 'Only validations with this status at the time of the request.',
  })
  validationStatus?: ValidationStatus;

  @Field(() => SortOrder, {
    nullable: true,
    description: 'By block index (the time the validation was added); desc (latest first) when omitted.',
  })
  sortOrder?: SortOrder;
}

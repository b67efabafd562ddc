import { Directive, Field, Float, Int, InterfaceType, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { SafeInt } from '../../shared/scalars';
import { Address } from './address.type';
import { Subnet } from './subnet.type';
import { ValidationStatus } from './validator.args';

/** BLS key of a validator (`blsCredentials`). */
@ObjectType({ simpleResolvers: true })
export class BlsCredentials {
  @Field() publicKey!: string;
  @Field() proofOfPossession!: string;
}

/** Reward amounts of a validation (official `Rewards`): paid once completed, potential while active. */
@ObjectType('Rewards', { simpleResolvers: true })
export class ValidatorRewards {
  @Field({ description: 'nAVAX for the validation itself.' }) validationRewardAmount!: string;
  @Field({ description: 'nAVAX of delegation fees.' }) delegationRewardAmount!: string;
  @Field(() => [String]) rewardAddresses!: string[];
  @Field({ nullable: true, description: 'The RewardValidatorTx, once the validation completed.' })
  rewardTxHash?: string;
}

/** How the indexing node sees a validator's node at its last look (info.peers, platform.getCurrentValidators). */
@ObjectType({ simpleResolvers: true })
export class ValidatorHealthDetails {
  @Field(() => Float, { description: 'Percent of requests answered at the last look: 100 connected, 0 not.' })
  reachabilityPercent!: number;
  @Field(() => Float, {
    description: 'Percent of P-Chain requests benched at the last look: 100 while the node is benched there, else 0.',
  })
  benchedPChainRequestsPercent!: number;
  @Field(() => Float, { description: 'Likewise on the X-Chain.' })
  benchedXChainRequestsPercent!: number;
  @Field(() => Float, { description: 'Likewise on the C-Chain.' })
  benchedCChainRequestsPercent!: number;
}

/** Where a validator's node is (the official shape; this service geolocates no one, so it is always null). */
@ObjectType({ simpleResolvers: true })
export class Geolocation {
  @Field() city!: string;
  @Field() country!: string;
  @Field() countryCode!: string;
  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
}

/** The variant of a validation by its status at the request's instant. */
const variants: Record<ValidationStatus, string> = {
  active: 'ActiveValidatorDetails',
  pending: 'PendingValidatorDetails',
  completed: 'CompletedValidatorDetails',
  removed: 'RemovedValidatorDetails',
};

/**
 * The variant of a validator value, by its status (the subgraph's `__resolveType` of Validator).
 * @example resolveValidatorType({ validationStatus: ValidationStatus.active }) // 'ActiveValidatorDetails'
 */
export function resolveValidatorType(value: { validationStatus: ValidationStatus }): string {
  return variants[value.validationStatus];
}

/**
 * One validation of the primary network or of a permissioned subnet, in the variant of its status
 * at the request's instant (the official `oneOf`, discriminated by `validationStatus`). L1
 * validations (ACP-77), which have no end time, are not validators of this list. Entity.
 */
@InterfaceType({
  description: 'A validation of the primary network or of a permissioned subnet, in the variant of its status now.',
  resolveType: resolveValidatorType,
})
@Directive('@key(fields: "network validationId")')
@Directive('@rest(discriminator: "validationStatus")')
export abstract class Validator {
  @Field() txHash!: string;
  @Field() nodeId!: string;
  @Field() subnetId!: string;
  @Field({ description: 'Stake (primary network, nAVAX) or weight (subnets).' })
  amountStaked!: string;
  @Field({
    nullable: true,
    description: 'Percent of delegators’ rewards the validator keeps; primary-network validations only.',
  })
  delegationFee?: string;
  @Field(() => SafeInt) startTimestamp!: number;
  @Field(() => SafeInt) endTimestamp!: number;
  @Field(() => BlsCredentials, { nullable: true }) blsCredentials?: BlsCredentials;
  @Field(() => ValidationStatus) validationStatus!: ValidationStatus;

  @Field(() => Network, { description: 'The network of the validation.' })
  @Directive('@rest(omit: true)')
  network!: Network;
  @Field({ description: 'The validation ID (the transaction that added it).' })
  @Directive('@rest(omit: true)')
  validationId!: string;
  @Field({
    description:
      'What the validator can still accept in delegations now, nAVAX (0 once completed or removed, and for subnet validations).',
  })
  @Directive('@rest(omit: true)')
  delegationCapacity!: string;
  @Field(() => SafeInt, { description: 'Seconds until the validation leaves the set (0 once it has).' })
  @Directive('@rest(omit: true)')
  timeRemaining!: number;
  @Field(() => Float, { description: 'Uptime observed by the indexing node, percent.' })
  @Directive('@rest(omit: true)')
  uptimePerformance!: number;
  /** Resolved through the subnet loader by ValidatorResolver. */
  @Field(() => Subnet, { nullable: true, description: 'The subnet validated.' })
  @Directive('@rest(omit: true)')
  subnet?: Subnet;
  /** Built from the reward addresses by ValidatorResolver. */
  @Field(() => [Address], { description: 'The reward addresses, with their balances.' })
  @Directive('@rest(omit: true)')
  rewardOwners?: Address[];
}

// Each variant declares the members it has beyond the interface's or serves differently (the
// interface's other members are inherited by type-graphql from `implements`).

/** A validation in the set now. */
@ObjectType({ implements: Validator, simpleResolvers: true })
@Directive('@key(fields: "network validationId")')
export class ActiveValidatorDetails {
  @Field(() => ValidationStatus)
  @Directive('@rest(enum: ["active"])')
  validationStatus!: ValidationStatus;
  /** Resolved per request by ActiveValidatorResolver (the subnet's active stake, batched). */
  @Field(() => Float, {
    description: "This validation's share of the stake (weight) of its subnet's active validations, percent.",
  })
  stakePercentage!: number;
  @Field(() => Int, { description: 'Delegations to the validation (0 on subnets).' })
  delegatorCount!: number;
  @Field({ nullable: true, description: 'nAVAX delegated; primary-network validations only.' })
  amountDelegated?: string;
  @Field(() => Float, { description: 'Uptime observed by the indexing node, percent.' })
  uptimePerformance!: number;
  @Field({ nullable: true, description: 'The software of the node, as the indexing node last saw it.' })
  avalancheGoVersion?: string;
  @Field({ description: 'What the validator can still accept in delegations, nAVAX (0 on subnets).' })
  delegationCapacity!: string;
  @Field(() => ValidatorRewards, {
    description: 'What the validation earns if it completes with enough uptime (0 on subnets).',
  })
  potentialRewards!: ValidatorRewards;
  @Field(() => ValidatorHealthDetails)
  validatorHealth!: ValidatorHealthDetails;
  @Field(() => Geolocation, { nullable: true, description: 'Always null: this service geolocates no one.' })
  @Directive('@rest(nullable: true)')
  geolocation?: Geolocation | null;
}

/** A validation whose start is still ahead. */
@ObjectType({ implements: Validator, simpleResolvers: true })
@Directive('@key(fields: "network validationId")')
export class PendingValidatorDetails {
  @Field(() => ValidationStatus)
  @Directive('@rest(enum: ["pending"])')
  validationStatus!: ValidationStatus;
}

/** A validation that reached its end. */
@ObjectType({ implements: Validator, simpleResolvers: true })
@Directive('@key(fields: "network validationId")')
export class CompletedValidatorDetails {
  @Field(() => ValidationStatus)
  @Directive('@rest(enum: ["completed"])')
  validationStatus!: ValidationStatus;
  @Field(() => Int, { description: 'Delegations the validation had (0 on subnets).' })
  delegatorCount!: number;
  @Field({ nullable: true, description: 'nAVAX delegated; primary-network validations only.' })
  amountDelegated?: string;
  @Field(() => ValidatorRewards, { description: 'What the validation was paid (0 when not rewarded, and on subnets).' })
  rewards!: ValidatorRewards;
}

/** A permissioned subnet validation removed before its end (RemoveSubnetValidatorTx). */
@ObjectType({ implements: Validator, simpleResolvers: true })
@Directive('@key(fields: "network validationId")')
export class RemovedValidatorDetails {
  @Field(() => ValidationStatus)
  @Directive('@rest(enum: ["removed"])')
  validationStatus!: ValidationStatus;
  @Field({ description: 'The transaction that removed the validation.' })
  removeTxHash!: string;
  @Field(() => SafeInt, { description: 'When it was removed, Unix seconds.' })
  removeTimestamp!: number;
}

/** A page of validators. */
@ObjectType('ListValidatorDetailsResponse', { simpleResolvers: true })
export class ListValidatorsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Validator]) validators!: Validator[];
}

/** Every variant of Validator, for the schema (none is named by a field). */
export const validatorVariants = [
  ActiveValidatorDetails,
  PendingValidatorDetails,
  CompletedValidatorDetails,
  RemovedValidatorDetails,
];

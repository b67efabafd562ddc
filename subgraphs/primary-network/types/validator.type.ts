import { Directive, Field, Float, Int, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { SafeInt } from '../../shared/scalars';
import { Address } from './address.type';
import { Subnet } from './subnet.type';
import { ValidationStatus } from './validator.args';

/** BLS key of a validator (2.5 `blsCredentials`). */
@ObjectType({ simpleResolvers: true })
export class BlsCredentials {
  @Field() publicKey!: string;
  @Field() proofOfPossession!: string;
}

/** Rewards of a primary-network validation: paid once completed, potential while it runs (2.5 `rewards`). */
@ObjectType({ simpleResolvers: true })
export class ValidatorRewards {
  @Field() validationRewardAmount!: string;
  @Field() delegationRewardAmount!: string;
  @Field(() => [String]) rewardAddresses!: string[];
  @Field({ nullable: true, description: 'The RewardValidatorTx, once the validation completed.' })
  rewardTxHash?: string;
}

/** One validation (spec 2.5): of the primary network, a subnet or an L1. Entity. */
@ObjectType({ simpleResolvers: true, description: 'A validation of the primary network, of a permissioned subnet, or of an L1.' })
@Directive('@key(fields: "network validationId")')
export class Validator {
  @Field() txHash!: string;
  @Field() nodeId!: string;
  @Field() subnetId!: string;
  @Field({ description: 'Stake (primary network, nAVAX) or weight (subnets and L1s).' })
  amountStaked!: string;
  @Field({ nullable: true, description: 'Percent; primary-network validations only.' })
  delegationFee?: string;
  @Field(() => SafeInt) startTimestamp!: number;
  @Field(() => SafeInt, { nullable: true, description: 'Absent for L1 validators, which have no end time.' })
  endTimestamp?: number;
  @Field(() => BlsCredentials, { nullable: true }) blsCredentials?: BlsCredentials;
  @Field(() => Int, { nullable: true, description: 'Primary-network validations only.' })
  delegatorCount?: number;
  @Field({ nullable: true, description: 'nAVAX; primary-network validations only.' })
  amountDelegated?: string;
  @Field(() => ValidatorRewards, { nullable: true, description: 'Primary-network validations only.' })
  rewards?: ValidatorRewards;
  @Field(() => ValidationStatus) validationStatus!: ValidationStatus;

  @Field(() => Network, { description: '[GraphQL only] The network of the validation.' })
  network!: Network;
  @Field({ description: '[GraphQL only] The validation ID: the L1 validation ID, or txHash for other validations.' })
  validationId!: string;
  @Field({ description: '[GraphQL only] What the validator can still accept in delegations now, nAVAX (0 once completed or removed, and for subnet and L1 validations).' })
  delegationCapacity!: string;
  @Field(() => SafeInt, { nullable: true, description: '[GraphQL only] Seconds until the validation leaves the set (0 once it has); null for an L1 validator without end.' })
  timeRemaining?: number;
  @Field(() => Float, { description: '[GraphQL only] Uptime observed by the indexing node, percent.' })
  uptimePerformance!: number;
  /** Resolved through the subnet loader by ValidatorResolver. */
  @Field(() => Subnet, { nullable: true, description: '[GraphQL only] The subnet or L1 validated.' })
  subnet?: Subnet;
  /** Built from rewardAddresses by ValidatorResolver (optional here only because formatters leave it to the resolver). */
  @Field(() => [Address], { description: '[GraphQL only] The reward addresses, with their balances.' })
  rewardOwners?: Address[];
}

/** A page of validators (4.5). */
@ObjectType({ simpleResolvers: true })
export class ListValidatorsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Validator]) validators!: Validator[];
}

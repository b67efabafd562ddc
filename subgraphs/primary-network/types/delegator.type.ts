import { Directive, Field, InterfaceType, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { DelegationStatus } from './delegator.args';

/** The variant of a delegation by its status at the request's instant. */
const variants: Record<DelegationStatus, string> = {
  active: 'ActiveDelegatorDetails',
  pending: 'PendingDelegatorDetails',
  completed: 'CompletedDelegatorDetails',
};

/**
 * The variant of a delegator value, by its status (the subgraph's `__resolveType` of Delegator).
 * @example resolveDelegatorType({ delegationStatus: DelegationStatus.active }) // 'ActiveDelegatorDetails'
 */
export function resolveDelegatorType(value: { delegationStatus: DelegationStatus }): string {
  return variants[value.delegationStatus];
}

/** A delegation to a primary-network validator, in the variant of its status at the request's instant (the official `oneOf`). */
@InterfaceType({
  description: 'A delegation to a primary-network validator, in the variant of its status now.',
  resolveType: resolveDelegatorType,
})
@Directive('@rest(discriminator: "delegationStatus")')
export abstract class Delegator {
  @Field({ description: 'The AddDelegatorTx or AddPermissionlessDelegatorTx.' }) txHash!: string;
  @Field() nodeId!: string;
  @Field(() => [String]) rewardAddresses!: string[];
  @Field({ description: 'nAVAX delegated.' }) amountDelegated!: string;
  @Field({ description: "The validator's delegation fee, percent with four decimals." }) delegationFee!: string;
  @Field(() => SafeInt) startTimestamp!: number;
  @Field(() => SafeInt) endTimestamp!: number;
  @Field(() => DelegationStatus) delegationStatus!: DelegationStatus;
}

/** A delegation whose period ended. */
@ObjectType({ implements: Delegator, simpleResolvers: true })
export class CompletedDelegatorDetails {
  @Field(() => DelegationStatus)
  @Directive('@rest(enum: ["completed"])')
  delegationStatus!: DelegationStatus;
  @Field({
    description:
      "The delegation's whole reward, nAVAX (the delegator's part plus the validator's fee); 0 when not rewarded.",
  })
  grossReward!: string;
  @Field({ description: 'What the delegator was paid, nAVAX; 0 when not rewarded.' })
  netReward!: string;
}

/** A delegation in its period. */
@ObjectType({ implements: Delegator, simpleResolvers: true })
export class ActiveDelegatorDetails {
  @Field(() => DelegationStatus)
  @Directive('@rest(enum: ["active"])')
  delegationStatus!: DelegationStatus;
  @Field({ description: "The P-Chain's potential reward of the delegation, nAVAX (0 when the index cannot know it)." })
  estimatedGrossReward!: string;
  @Field({ description: "The delegator's part of it, after the validator's fee, nAVAX." })
  estimatedNetReward!: string;
}

/** A delegation whose period has not started. */
@ObjectType({ implements: Delegator, simpleResolvers: true })
export class PendingDelegatorDetails {
  @Field(() => DelegationStatus)
  @Directive('@rest(enum: ["pending"])')
  delegationStatus!: DelegationStatus;
  @Field({ description: "The P-Chain's potential reward of the delegation, nAVAX (0 when the index cannot know it)." })
  estimatedGrossReward!: string;
  @Field({ description: "The delegator's part of it, after the validator's fee, nAVAX." })
  estimatedNetReward!: string;
}

/** A page of delegators. */
@ObjectType('ListDelegatorDetailsResponse', { simpleResolvers: true })
export class ListDelegatorsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Delegator]) delegators!: Delegator[];
}

/** Every variant of Delegator, for the schema. */
export const delegatorVariants = [CompletedDelegatorDetails, ActiveDelegatorDetails, PendingDelegatorDetails];

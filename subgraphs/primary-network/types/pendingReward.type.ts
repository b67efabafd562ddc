import { Field, Float, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkAssetAmount } from './primaryAsset.type';
import { RewardType } from './primaryEnums';

/** A reward the P-Chain will pay when a staking period ends (spec 2.7a). */
@ObjectType({ simpleResolvers: true })
export class PendingReward {
  @Field(() => [String], { description: 'The addresses the reward goes to.' }) addresses!: string[];
  @Field() txHash!: string;
  @Field() amountStaked!: string;
  @Field() nodeId!: string;
  @Field(() => SafeInt) startTimestamp!: number;
  @Field(() => SafeInt) endTimestamp!: number;
  @Field(() => RewardType) rewardType!: RewardType;
  @Field(() => Float, { description: 'Percent of the staking period elapsed at the time of the request.' })
  progress!: number;
  @Field(() => PrimaryNetworkAssetAmount) estimatedReward!: PrimaryNetworkAssetAmount;
}

/** A page of pending rewards (4.14). */
@ObjectType({ simpleResolvers: true })
export class ListPendingRewardsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [PendingReward]) pendingRewards!: PendingReward[];
}

import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { Price } from '../../evm/types/token.type';
import { PrimaryNetworkAssetType, RewardType } from './primaryEnums';

/** A reward's asset and amount, with the asset's price when paid (official `AssetWithPriceInfo`). */
@ObjectType('AssetWithPriceInfo', { simpleResolvers: true })
export class AssetWithPriceInfo {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field(() => PrimaryNetworkAssetType) type!: PrimaryNetworkAssetType;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
  @Field(() => Price, {
    nullable: true,
    description:
      "One whole token's price in the requested currency when the reward was paid; absent without an indexed price.",
  })
  historicalPrice?: Price;
}

/** A reward the P-Chain paid (official `HistoricalReward`): one reward UTXO of a RewardValidatorTx. */
@ObjectType({ simpleResolvers: true })
export class HistoricalReward {
  @Field(() => [String], { description: 'The addresses the reward UTXO pays.' }) addresses!: string[];
  @Field({ description: 'The staking transaction rewarded.' }) txHash!: string;
  @Field({ description: 'nAVAX staked by that transaction.' }) amountStaked!: string;
  @Field() nodeId!: string;
  @Field(() => SafeInt) startTimestamp!: number;
  @Field(() => SafeInt) endTimestamp!: number;
  @Field(() => RewardType) rewardType!: RewardType;
  @Field() utxoId!: string;
  @Field(() => Int) outputIndex!: number;
  @Field(() => AssetWithPriceInfo) reward!: AssetWithPriceInfo;
  @Field({ description: 'The RewardValidatorTx that paid it.' }) rewardTxHash!: string;
}

/** A page of historical rewards. */
@ObjectType('ListHistoricalRewardsResponse', { simpleResolvers: true })
export class ListHistoricalRewardsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [HistoricalReward]) historicalRewards!: HistoricalReward[];
}

import { Field, ObjectType } from 'type-graphql';
import { AtomicMemoryAssetBalance, PrimaryNetworkAssetBalance, PrimaryNetworkChainInfo } from './primaryAsset.type';

/** The eight balance categories of spec 2.6; on the C-Chain only the atomic-memory ones. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkBalances {
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  unlockedUnstaked?: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  unlockedStaked?: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  lockedPlatform?: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  lockedStakeable?: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  lockedStaked?: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { nullable: true, description: 'Absent on the C-Chain.' })
  pendingStaked?: PrimaryNetworkAssetBalance[];
  @Field(() => [AtomicMemoryAssetBalance]) atomicMemoryUnlocked!: AtomicMemoryAssetBalance[];
  @Field(() => [AtomicMemoryAssetBalance]) atomicMemoryLocked!: AtomicMemoryAssetBalance[];
}

/** Balances of a set of addresses on one chain at one time (4.6). */
@ObjectType({ simpleResolvers: true })
export class GetBalancesResponse {
  @Field(() => PrimaryNetworkBalances) balances!: PrimaryNetworkBalances;
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

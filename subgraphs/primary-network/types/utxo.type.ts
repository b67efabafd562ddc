import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkAssetAmount, PrimaryNetworkChainInfo } from './primaryAsset.type';

/** A P-, X- or C-Chain (atomic memory) UTXO (spec 2.7). */
@ObjectType({ simpleResolvers: true })
export class Utxo {
  @Field(() => [String], { description: 'Owner addresses (bech32, without chain prefix).' }) addresses!: string[];
  @Field(() => PrimaryNetworkAssetAmount) asset!: PrimaryNetworkAssetAmount;
  @Field({ nullable: true, description: 'Spent UTXOs: the chain whose transaction consumed it.' }) consumedOnChainId?: string;
  @Field({ nullable: true, description: 'Spent UTXOs: the consuming transaction.' }) consumingTxHash?: string;
  @Field() createdOnChainId!: string;
  @Field() utxoId!: string;
  @Field({ description: 'The serialized output, hex.' }) utxoBytes!: string;
  @Field() amount!: string;
  @Field() assetId!: string;
  @Field() blockNumber!: string;
  @Field(() => SafeInt) blockTimestamp!: number;
  @Field({ nullable: true, description: 'Spent UTXOs only.' }) consumingBlockNumber?: string;
  @Field(() => SafeInt, { nullable: true, description: 'Spent UTXOs only.' }) consumingBlockTimestamp?: number;
  @Field(() => SafeInt, { description: 'The output locktime (0 when unlocked).' }) platformLocktime!: number;
  @Field(() => Int) outputIndex!: number;
  @Field({ nullable: true, description: 'VALIDATOR, DELEGATOR or VALIDATOR_FEE for reward outputs.' }) rewardType?: string;
  @Field(() => SafeInt, { nullable: true, description: 'P-Chain only: stakeable.LockOut locktime (0 when none).' }) stakeableLocktime?: number;
  @Field({ nullable: true, description: 'P-Chain only: whether the output is a stake.' }) staked?: boolean;
  @Field(() => Int) threshold!: number;
  @Field() txHash!: string;
  @Field(() => SafeInt, { nullable: true, description: 'Stakes only: end of the staking period.' }) utxoEndTimestamp?: number;
  @Field(() => SafeInt, { nullable: true, description: 'Stakes only: start of the staking period.' }) utxoStartTimestamp?: number;
  @Field({ description: 'STAKE or TRANSFER.' }) utxoType!: string;
}

/** A page of UTXOs (4.7). */
@ObjectType({ simpleResolvers: true })
export class ListUtxosResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Utxo]) utxos!: Utxo[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

import { createUnionType, Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkAssetAmount, PrimaryNetworkChainInfo } from './primaryAsset.type';
import { RewardType, UtxoType } from './primaryEnums';

/** A P-Chain UTXO (official `PChainUtxo`). */
@ObjectType('PChainUtxo', { simpleResolvers: true })
export class PChainUtxo {
  @Field(() => [String], { description: 'Owner addresses (bech32, without chain prefix).' }) addresses!: string[];
  @Field(() => PrimaryNetworkAssetAmount) asset!: PrimaryNetworkAssetAmount;
  @Field({ description: 'The chain whose transaction consumed it; while unspent, the chain that holds it.' })
  consumedOnChainId!: string;
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
  @Field(() => RewardType, { nullable: true, description: 'Reward outputs only.' }) rewardType?: RewardType;
  @Field(() => SafeInt, { description: 'stakeable.LockOut locktime (0 when none).' }) stakeableLocktime!: number;
  @Field({ description: 'Whether the output is a stake.' }) staked!: boolean;
  @Field(() => Int) threshold!: number;
  @Field() txHash!: string;
  @Field(() => SafeInt, { nullable: true, description: 'Stakes only: end of the staking period.' })
  utxoEndTimestamp?: number;
  @Field(() => SafeInt, { nullable: true, description: 'Stakes only: start of the staking period.' })
  utxoStartTimestamp?: number;
  @Field(() => UtxoType) utxoType!: UtxoType;
}

/** An X-Chain UTXO, or one in the C-Chain's atomic memory (official `Utxo`). */
@ObjectType('Utxo', { simpleResolvers: true })
export class Utxo {
  @Field(() => [String], { description: 'Owner addresses (bech32, without chain prefix).' }) addresses!: string[];
  @Field(() => PrimaryNetworkAssetAmount) asset!: PrimaryNetworkAssetAmount;
  @Field({ description: 'The chain whose transaction consumed it; while unspent, the chain that holds it.' })
  consumedOnChainId!: string;
  @Field({ nullable: true, description: 'Spent UTXOs: the consuming transaction.' }) consumingTxHash?: string;
  @Field() createdOnChainId!: string;
  @Field() utxoId!: string;
  @Field({ description: 'The serialized output, hex.' }) utxoBytes!: string;
  @Field(() => SafeInt, {
    nullable: true,
    description: 'Spent UTXOs: when the consuming transaction was accepted, Unix seconds.',
  })
  consumingTxTimestamp?: number;
  @Field({ description: 'The transaction that created it.' }) creationTxHash!: string;
  @Field(() => SafeInt, { description: 'The output locktime (0 when unlocked).' }) locktime!: number;
  @Field({ description: 'Its index among the outputs of its transaction, as text.' }) outputIndex!: string;
  @Field(() => Int, { nullable: true, description: 'NFT outputs: the group of the family the output mints or holds.' })
  groupId?: number;
  @Field({ nullable: true, description: "NFT transfer outputs: the token's data, hex." }) payload?: string;
  @Field(() => Int) threshold!: number;
  @Field(() => SafeInt, { description: 'When it was created, Unix seconds.' }) timestamp!: number;
  @Field(() => UtxoType) utxoType!: UtxoType;
}

/** A page of P-Chain UTXOs. */
@ObjectType('ListPChainUtxosResponse', { simpleResolvers: true })
export class ListPChainUtxosResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [PChainUtxo]) utxos!: PChainUtxo[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** A page of X-Chain (or C-Chain atomic memory) UTXOs. */
@ObjectType('ListUtxosResponse', { simpleResolvers: true })
export class ListUtxosResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Utxo]) utxos!: Utxo[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** A page of UTXOs in the shape of their chain (the official `oneOf`). */
export const GetUtxosResponse = createUnionType({
  name: 'GetUtxosResponse',
  description: 'UTXOs in the shape of their chain: P-Chain UTXOs, or X-Chain and C-Chain (atomic memory) UTXOs.',
  types: () => [ListPChainUtxosResponse, ListUtxosResponse] as const,
  resolveType: resolveUtxosType,
});

/**
 * The shape of a UTXO page, by its chain (the subgraph's `__resolveType` of GetUtxosResponse).
 * @example resolveUtxosType({ chainInfo: { chainName: 'p-chain' } }) // 'ListPChainUtxosResponse'
 */
export function resolveUtxosType(value: { chainInfo: { chainName: string } }): string {
  return value.chainInfo.chainName === 'p-chain' ? 'ListPChainUtxosResponse' : 'ListUtxosResponse';
}

/** A value of {@link GetUtxosResponse}. */
export type GetUtxosResponse = ListPChainUtxosResponse | ListUtxosResponse;

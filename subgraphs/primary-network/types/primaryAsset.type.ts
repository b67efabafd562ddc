import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';
import { PrimaryNetworkAssetType } from './primaryEnums';

/** `chainInfo` of the primary-network chain endpoints: the resolved chain and network. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkChainInfo {
  @Field({ description: 'p-chain, x-chain or c-chain.' })
  @Directive('@rest(enum: ["p-chain", "x-chain", "c-chain"])')
  chainName!: string;
  @Field(() => Network, { description: 'mainnet or fuji (the test network is named fuji).' }) network!: Network;
}

/** An amount of a primary-network asset (official `AssetAmount`: a UTXO's `asset`, a reward's `estimatedReward`). */
@ObjectType('AssetAmount', { simpleResolvers: true })
export class PrimaryNetworkAssetAmount {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field(() => PrimaryNetworkAssetType) type!: PrimaryNetworkAssetType;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
}

/** A balance of one asset in one category (official `AggregatedAssetAmount`). */
@ObjectType('AggregatedAssetAmount', { simpleResolvers: true })
export class PrimaryNetworkAssetBalance {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field(() => PrimaryNetworkAssetType) type!: PrimaryNetworkAssetType;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
  @Field(() => Int) utxoCount!: number;
}

/** A balance of one asset in an X- or C-Chain's atomic memory, per chain it was exported from. */
@ObjectType('SharedAssetBalance', { simpleResolvers: true })
export class SharedAssetBalance extends PrimaryNetworkAssetBalance {
  @Field({ description: "The chain that exported the UTXOs into this chain's shared memory." })
  sharedWithChainId!: string;
}

/** A balance of one asset in the P-Chain's atomic memory, per chain it was exported from (official `PChainSharedAsset`). */
@ObjectType('PChainSharedAsset', { simpleResolvers: true })
export class AtomicMemoryAssetBalance extends SharedAssetBalance {
  @Field({ description: 'pendingImport: exported to this chain, not imported yet.' }) status!: string;
}

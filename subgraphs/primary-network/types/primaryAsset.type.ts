import { Field, Int, ObjectType } from 'type-graphql';
import { Network } from '../../shared/network';

/** `chainInfo` of the primary-network chain endpoints (2.1): the resolved chain and network. */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkChainInfo {
  @Field({ description: 'p-chain, x-chain or c-chain.' }) chainName!: string;
  @Field(() => Network, { description: 'mainnet or fuji (the test network is named fuji).' }) network!: Network;
}

/** An amount of a primary-network asset (2.7 `asset`, 2.7a `estimatedReward`). */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkAssetAmount {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field({ description: 'secp256k1 or nft.' }) type!: string;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
}

/** A balance of one asset in one category (2.6). */
@ObjectType({ simpleResolvers: true })
export class PrimaryNetworkAssetBalance {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field({ description: 'secp256k1 or nft.' }) type!: string;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
  @Field(() => Int) utxoCount!: number;
}

/** A balance of one asset in atomic memory, per chain it was exported from (2.6 atomicMemory*). */
@ObjectType({ simpleResolvers: true })
export class AtomicMemoryAssetBalance {
  @Field() assetId!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int, { description: 'Decimal places.' }) denomination!: number;
  @Field({ description: 'secp256k1 or nft.' }) type!: string;
  @Field({ description: 'Integer amount in the smallest unit.' }) amount!: string;
  @Field(() => Int) utxoCount!: number;
  @Field({ description: 'The chain that exported the UTXOs into this chain\'s shared memory.' }) sharedWithChainId!: string;
  @Field({ description: 'pendingImport: exported to this chain, not imported yet.' }) status!: string;
}

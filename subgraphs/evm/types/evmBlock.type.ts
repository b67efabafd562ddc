import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** An indexed EVM block as the official block operations describe it (EvmBlock). */
@ObjectType({ simpleResolvers: true, description: 'An indexed block of an EVM chain.' })
export class EvmBlock {
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field() blockNumber!: string;
  @Field(() => SafeInt, { description: 'Unix seconds.' }) blockTimestamp!: number;
  @Field(() => SafeInt, {
    nullable: true,
    description: "The block's time in milliseconds, from Granite on (as the node's block gives it).",
  })
  blockTimestampMilliseconds?: number;
  @Field(() => SafeInt, {
    nullable: true,
    description: "The block's minimum delay excess, from Granite on (as the node's block gives it).",
  })
  blockMinDelayExcess?: number;
  @Field() blockHash!: string;
  @Field(() => Int) txCount!: number;
  @Field({ description: 'Base fee per gas, wei; 0 for a block without one.' }) baseFee!: string;
  @Field() gasUsed!: string;
  @Field() gasLimit!: string;
  @Field({
    description: 'The block gas cost (blockGasCost of coreth and subnet-evm), wei; 0 where the block has none.',
  })
  gasCost!: string;
  @Field() parentHash!: string;
  @Field({ description: 'Fees its transactions paid, wei: the sum of gas used times effective gas price.' })
  feesSpent!: string;
  @Field({ description: 'Indexed transactions of the chain up to and including this block.' })
  cumulativeTransactions!: string;
}

/** getBlock: one block. */
@ObjectType({ simpleResolvers: true, description: 'An indexed block of an EVM chain.' })
export class GetEvmBlockResponse extends EvmBlock {}

/** A page of blocks, newest first. */
@ObjectType({ description: 'A page of indexed blocks, newest first.' })
export class ListEvmBlocksResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [EvmBlock]) blocks!: EvmBlock[];
}

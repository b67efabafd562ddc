import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { InternalTxType } from './evmEnums';
import { Erc1155Token, Erc20TokenDetails, Erc721Token, EvmAccountReference } from './token.type';

// List items of 4.8–4.11 (2.9): where the transfer happened, then what it moved.

/** What every transfer and internal transaction starts with: its block, transaction and parties. */
@ObjectType({ simpleResolvers: true })
abstract class TransferInBlock {
  @Field() blockNumber!: string;
  @Field(() => SafeInt) blockTimestamp!: number;
  @Field() blockHash!: string;
  @Field() txHash!: string;
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
}

/** An ERC-20 transfer of 4.10. */
@ObjectType({ simpleResolvers: true })
export class Erc20Transfer extends TransferInBlock {
  @Field(() => Int) logIndex!: number;
  @Field({ description: "Amount in the token's smallest unit." }) value!: string;
  @Field(() => Erc20TokenDetails) erc20Token!: Erc20TokenDetails;
}

/** An ERC-721 transfer of 4.8. */
@ObjectType({ simpleResolvers: true })
export class Erc721Transfer extends TransferInBlock {
  @Field(() => Int) logIndex!: number;
  @Field(() => Erc721Token) erc721Token!: Erc721Token;
}

/** An ERC-1155 transfer of 4.9 (one item of a TransferSingle or TransferBatch log). */
@ObjectType({ simpleResolvers: true })
export class Erc1155Transfer extends TransferInBlock {
  @Field(() => Int) logIndex!: number;
  @Field() value!: string;
  @Field(() => Erc1155Token) erc1155Token!: Erc1155Token;
}

/** An internal transaction of 4.11: a call frame below the top-level call. */
@ObjectType({ simpleResolvers: true })
export class InternalTransaction extends TransferInBlock {
  @Field(() => InternalTxType) internalTxType!: InternalTxType;
  @Field({ description: 'Native value, wei.' }) value!: string;
  @Field({ description: 'Whether the frame was reverted (its transaction failed).' }) isReverted!: boolean;
  @Field() gasUsed!: string;
  @Field() gasLimit!: string;
}

/** A page of ERC-20 transfers (4.10). */
@ObjectType({ simpleResolvers: true })
export class ListErc20TransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Erc20Transfer]) transactions!: Erc20Transfer[];
}

/** A page of ERC-721 transfers (4.8). */
@ObjectType({ simpleResolvers: true })
export class ListErc721TransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Erc721Transfer]) transactions!: Erc721Transfer[];
}

/** A page of ERC-1155 transfers (4.9). */
@ObjectType({ simpleResolvers: true })
export class ListErc1155TransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [Erc1155Transfer]) transactions!: Erc1155Transfer[];
}

/** A page of internal transactions (4.11). */
@ObjectType({ simpleResolvers: true })
export class ListInternalTransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [InternalTransaction]) transactions!: InternalTransaction[];
}

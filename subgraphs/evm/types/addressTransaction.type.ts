import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { TokenReputation } from './evmEnums';
import { EvmAccountReference, Price } from './token.type';
import {
  Erc1155TransferDetails,
  Erc20TransferDetails,
  Erc721TransferDetails,
  InternalTransactionDetails,
  NativeTransaction,
} from './transaction.type';

/**
 * A transaction of an address's combined list (TransactionDetails): the transaction, and of its
 * transfers and listed internal transactions those the address sent or received.
 */
@ObjectType({ simpleResolvers: true })
export class TransactionDetails {
  @Field(() => NativeTransaction, { description: 'The native (top-level) transaction.' })
  nativeTransaction!: NativeTransaction;
  @Field(() => [Erc20TransferDetails], { description: 'ERC-20 transfers the address sent or received, in log order.' })
  erc20Transfers!: Erc20TransferDetails[];
  @Field(() => [Erc721TransferDetails], {
    description: 'ERC-721 transfers the address sent or received, in log order.',
  })
  erc721Transfers!: Erc721TransferDetails[];
  @Field(() => [Erc1155TransferDetails], {
    description: 'ERC-1155 transfers the address sent or received, in log order.',
  })
  erc1155Transfers!: Erc1155TransferDetails[];
  @Field(() => [InternalTransactionDetails], {
    description:
      'Internal transactions the address sent or received, in trace order: CALL and CALLCODE frames with a non-zero value, CREATE, CREATE2 and CREATE3 frames.',
  })
  internalTransactions!: InternalTransactionDetails[];
}

/** An ERC-20 token with its reputation (Erc20TokenV2). */
@ObjectType({ simpleResolvers: true })
export class Erc20TokenV2 {
  @Field() address!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int) decimals!: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field({ description: 'ERC-20.' })
  @Directive('@rest(enum: ["ERC-20"])')
  ercType!: 'ERC-20';
  @Field(() => Price, { nullable: true, description: 'Current price in usd, when the token has a market price.' })
  price?: Price;
  @Field(() => TokenReputation, { nullable: true, description: 'Malicious or Benign; null when unknown.' })
  @Directive('@rest(nullable: true)')
  tokenReputation!: TokenReputation | null;
}

/** An ERC-20 transfer of one transaction, its token with its reputation (Erc20TransferDetailsV2). */
@ObjectType({ simpleResolvers: true })
export class Erc20TransferDetailsV2 {
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
  @Field(() => Int) logIndex!: number;
  @Field() value!: string;
  @Field(() => Erc20TokenV2) erc20Token!: Erc20TokenV2;
}

/** A transaction of listTransactionsV2 (TransactionDetailsV2): ERC-20 tokens carry their reputation. */
@ObjectType({ simpleResolvers: true })
export class TransactionDetailsV2 {
  @Field(() => NativeTransaction, { description: 'The native (top-level) transaction.' })
  nativeTransaction!: NativeTransaction;
  @Field(() => [Erc20TransferDetailsV2], {
    description: 'ERC-20 transfers the address sent or received, in log order.',
  })
  erc20Transfers!: Erc20TransferDetailsV2[];
  @Field(() => [Erc721TransferDetails], {
    description: 'ERC-721 transfers the address sent or received, in log order.',
  })
  erc721Transfers!: Erc721TransferDetails[];
  @Field(() => [Erc1155TransferDetails], {
    description: 'ERC-1155 transfers the address sent or received, in log order.',
  })
  erc1155Transfers!: Erc1155TransferDetails[];
  @Field(() => [InternalTransactionDetails], {
    description:
      'Internal transactions the address sent or received, in trace order: CALL and CALLCODE frames with a non-zero value, CREATE, CREATE2 and CREATE3 frames.',
  })
  internalTransactions!: InternalTransactionDetails[];
}

/** A page of an address's transactions (ListTransactionDetailsResponse). */
@ObjectType({ simpleResolvers: true })
export class ListTransactionDetailsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [TransactionDetails]) transactions!: TransactionDetails[];
}

/** A page of an address's transactions with token reputations (ListTransactionDetailsResponseV2). */
@ObjectType({ simpleResolvers: true })
export class ListTransactionDetailsResponseV2 {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [TransactionDetailsV2]) transactions!: TransactionDetailsV2[];
}

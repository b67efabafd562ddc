import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { CallType, InternalTxType, TeleporterDirection } from './evmEnums';
import { NetworkToken } from './evmChain.type';
import { Erc1155Token, Erc20TokenDetails, Erc721Token, EvmAccountReference, Price } from './token.type';

/** What a transaction calls (2.12 method). */
@ObjectType({ simpleResolvers: true })
export class TransactionMethod {
  @Field(() => CallType) callType!: CallType;
  @Field({ description: 'The 4-byte selector (0x…) of a contract call; empty for native transfers and creations.' })
  methodHash!: string;
  @Field({ nullable: true, description: 'Text signature of the selector, when known.' }) methodName?: string;
}

/** A transaction of a block (4.13 item, 2.12). */
@ObjectType({ simpleResolvers: true })
export class NativeTransaction {
  @Field() blockNumber!: string;
  @Field(() => SafeInt) blockTimestamp!: number;
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
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field(() => Int, { description: 'Position in the block.' }) blockIndex!: number;
  @Field() txHash!: string;
  @Field({ description: 'Receipt status: "1" success, "0" failed.' }) txStatus!: string;
  @Field(() => Int) txType!: number;
  @Field() gasLimit!: string;
  @Field() gasUsed!: string;
  @Field({ description: 'Effective gas price, wei.' }) gasPrice!: string;
  @Field() nonce!: string;
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference, {
    description: 'The callee; of a contract creation, the address it creates (failed or not).',
  })
  to!: EvmAccountReference;
  @Field(() => TransactionMethod) method!: TransactionMethod;
  @Field({ description: 'Native value, wei.' }) value!: string;
}

/** The transaction of 4.16 (2.12 plus input and fee fields). */
@ObjectType({ simpleResolvers: true })
export class NativeTransactionDetails {
  @Field() blockNumber!: string;
  @Field(() => SafeInt) blockTimestamp!: number;
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
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field(() => Int) blockIndex!: number;
  @Field() txHash!: string;
  @Field({ description: 'Receipt status: "1" success, "0" failed.' }) txStatus!: string;
  @Field(() => Int) txType!: number;
  @Field() gasLimit!: string;
  @Field() gasUsed!: string;
  @Field() gasPrice!: string;
  @Field() nonce!: string;
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference, {
    description: 'The callee; of a contract creation, the address it creates (failed or not).',
  })
  to!: EvmAccountReference;
  @Field(() => TransactionMethod) method!: TransactionMethod;
  @Field() value!: string;
  @Field({ description: 'Calldata (or creation code), 0x-prefixed hex.' }) input!: string;
  @Field({ description: 'The block\'s base fee, wei; "0" for a block before the chain had one.' })
  baseFeePerGas!: string;
  @Field({ nullable: true }) maxFeePerGas?: string;
  @Field({ nullable: true }) maxPriorityFeePerGas?: string;
}

/** An ERC-20 transfer of one transaction (2.13). */
@ObjectType({ simpleResolvers: true })
export class Erc20TransferDetails {
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
  @Field(() => Int) logIndex!: number;
  @Field() value!: string;
  @Field(() => Erc20TokenDetails) erc20Token!: Erc20TokenDetails;
}

/** An ERC-721 transfer of one transaction (2.13). */
@ObjectType({ simpleResolvers: true })
export class Erc721TransferDetails {
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
  @Field(() => Int) logIndex!: number;
  @Field(() => Erc721Token) erc721Token!: Erc721Token;
}

/** An ERC-1155 transfer of one transaction (2.13). */
@ObjectType({ simpleResolvers: true })
export class Erc1155TransferDetails {
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
  @Field(() => Int) logIndex!: number;
  @Field() value!: string;
  @Field(() => Erc1155Token) erc1155Token!: Erc1155Token;
}

/** A call frame of one transaction (2.13). */
@ObjectType({ simpleResolvers: true })
export class InternalTransactionDetails {
  @Field(() => EvmAccountReference) from!: EvmAccountReference;
  @Field(() => EvmAccountReference) to!: EvmAccountReference;
  @Field(() => InternalTxType) internalTxType!: InternalTxType;
  @Field() value!: string;
  @Field() isReverted!: boolean;
  @Field() gasUsed!: string;
  @Field() gasLimit!: string;
}

/** The chain's native token and its price now and at the transaction (2.13). */
@ObjectType({ simpleResolvers: true })
export class NetworkTokenDetails {
  @Field(() => NetworkToken) networkToken!: NetworkToken;
  @Field(() => Price, { nullable: true, description: 'Price now, in usd.' }) currentPrice?: Price;
  @Field(() => Price, { nullable: true, description: "Price at the transaction's block time, in usd." })
  historicalPrice?: Price;
}

/** The Teleporter (ICM) message a transaction sent or delivered (2.13). */
@ObjectType({ simpleResolvers: true })
export class TeleporterMessageInfo {
  @Field() teleporterMessageId!: string;
  @Field(() => TeleporterDirection) direction!: TeleporterDirection;
  @Field({ description: 'Blockchain ID (cb58) of the sending chain.' }) sourceChainId!: string;
  @Field({ description: 'Blockchain ID (cb58) of the receiving chain.' }) destinationChainId!: string;
}

/** One transaction with everything it did (4.16, 2.13). */
@ObjectType({ simpleResolvers: true })
export class GetTransactionResponse {
  @Field(() => [Erc20TransferDetails]) erc20Transfers!: Erc20TransferDetails[];
  @Field(() => [Erc721TransferDetails]) erc721Transfers!: Erc721TransferDetails[];
  @Field(() => [Erc1155TransferDetails]) erc1155Transfers!: Erc1155TransferDetails[];
  @Field(() => [InternalTransactionDetails], { description: 'Every call frame of the trace below the top-level call.' })
  internalTransactions!: InternalTransactionDetails[];
  @Field(() => NetworkTokenDetails) networkTokenDetails!: NetworkTokenDetails;
  @Field(() => NativeTransactionDetails) nativeTransaction!: NativeTransactionDetails;
  @Field(() => TeleporterMessageInfo, {
    nullable: true,
    description: 'The Teleporter message this transaction sent or delivered, if any.',
  })
  teleporterMessageInfo?: TeleporterMessageInfo;
}

/** A page of native transactions: a block's (4.13), an address's, a chain's latest. */
@ObjectType({ simpleResolvers: true })
export class ListNativeTransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [NativeTransaction]) transactions!: NativeTransaction[];
}

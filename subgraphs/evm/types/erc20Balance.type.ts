import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { TokenReputation } from './evmEnums';
import { Price } from './token.type';

/** The native token balance of 4.12 (2.11 nativeTokenBalance). */
@ObjectType({ simpleResolvers: true })
export class NativeTokenBalance {
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int) decimals!: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field(() => Price, { nullable: true, description: 'Price of one whole token, when it has a market price.' })
  price?: Price;
  @Field({ description: 'Balance in the smallest unit (wei).' }) balance!: string;
  @Field(() => Price, { nullable: true, description: 'balance × price.' }) balanceValue?: Price;
}

/** An ERC-20 balance of 4.12 (2.11 erc20TokenBalances item). */
@ObjectType({ simpleResolvers: true })
export class Erc20TokenBalance {
  @Field() address!: string;
  @Field() name!: string;
  @Field() symbol!: string;
  @Field(() => Int) decimals!: number;
  @Field({ nullable: true }) logoUri?: string;
  @Field({ description: 'ERC-20.' })
  @Directive('@rest(enum: ["ERC-20"])')
  ercType!: 'ERC-20';
  @Field(() => Price, { nullable: true, description: 'Price of one whole token, when it has a market price.' })
  price?: Price;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field({ description: "Balance in the token's smallest unit." }) balance!: string;
  @Field(() => Price, { nullable: true, description: 'balance × price.' }) balanceValue?: Price;
  @Field(() => TokenReputation, { nullable: true, description: 'Malicious or Benign; null when unknown.' })
  @Directive('@rest(nullable: true)')
  tokenReputation!: TokenReputation | null;
}

/** A page of ERC-20 balances with the native balance (4.12, 2.11). */
@ObjectType({ simpleResolvers: true })
export class ListErc20BalancesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => NativeTokenBalance) nativeTokenBalance!: NativeTokenBalance;
  @Field(() => [Erc20TokenBalance]) erc20TokenBalances!: Erc20TokenBalance[];
}

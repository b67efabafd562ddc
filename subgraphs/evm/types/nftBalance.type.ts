import { Directive, Field, InterfaceType, ObjectType } from 'type-graphql';
import { NativeTokenBalance } from './erc20Balance.type';
import { Erc1155TokenMetadata, Erc721TokenMetadata } from './token.type';

/** The native balance of an address, alone (getNativeBalance). */
@ObjectType({ simpleResolvers: true })
export class GetNativeBalanceResponse {
  @Field(() => NativeTokenBalance) nativeTokenBalance!: NativeTokenBalance;
}

/** The variant of a collectible balance by its ercType. */
const collectibleVariants: Record<'ERC-721' | 'ERC-1155', string> = {
  'ERC-721': 'Erc721TokenBalance',
  'ERC-1155': 'Erc1155TokenBalance',
};

/**
 * The variant of a collectible balance value, by its ercType (the subgraph's `__resolveType` of CollectibleBalance).
 * @example resolveCollectibleBalanceType({ ercType: 'ERC-1155' }) // 'Erc1155TokenBalance'
 */
export function resolveCollectibleBalanceType(value: { ercType: 'ERC-721' | 'ERC-1155' }): string {
  return collectibleVariants[value.ercType];
}

/** A holding of listCollectibleBalances: the official `Erc721TokenBalance | Erc1155TokenBalance`, told apart by ercType. */
@InterfaceType({
  description: 'An NFT an address holds: an Erc721TokenBalance or an Erc1155TokenBalance, told apart by ercType.',
  resolveType: resolveCollectibleBalanceType,
})
@Directive('@rest(discriminator: "ercType")')
export abstract class CollectibleBalance {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'ERC-721 or ERC-1155.' }) ercType!: string;
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
}

/** An ERC-721 token an address owns (listErc721Balances, listCollectibleBalances). Members in the official order. */
@ObjectType({
  implements: CollectibleBalance,
  simpleResolvers: true,
  description: 'An ERC-721 token an address owns, with its collection, URI and fetched metadata.',
})
export class Erc721TokenBalance implements CollectibleBalance {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'Name of the collection; empty when not known.' }) name!: string;
  @Field({ description: 'Symbol of the collection; empty when not known.' }) symbol!: string;
  @Field({ description: 'ERC-721.' })
  @Directive('@rest(enum: ["ERC-721"])')
  ercType!: 'ERC-721';
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
  @Field(() => Erc721TokenMetadata) metadata!: Erc721TokenMetadata;
  @Field({ nullable: true, description: 'The owner: the address asked about.' }) ownerAddress?: string;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
}

/** An ERC-1155 token ID an address holds a positive balance of (listErc1155Balances, listCollectibleBalances). */
@ObjectType({
  implements: CollectibleBalance,
  simpleResolvers: true,
  description: 'An ERC-1155 token an address holds, with its balance, URI and fetched metadata.',
})
export class Erc1155TokenBalance implements CollectibleBalance {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field({ description: 'ERC-1155.' })
  @Directive('@rest(enum: ["ERC-1155"])')
  ercType!: 'ERC-1155';
  @Field() tokenId!: string;
  @Field({ description: 'The token URI; empty when the token has none or it is not known yet.' }) tokenUri!: string;
  @Field(() => Erc1155TokenMetadata) metadata!: Erc1155TokenMetadata;
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field({ description: 'How many of the token the address holds.' }) balance!: string;
}

/** A page of ERC-721 holdings with the native balance (listErc721Balances). */
@ObjectType({ simpleResolvers: true })
export class ListErc721BalancesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => NativeTokenBalance) nativeTokenBalance!: NativeTokenBalance;
  @Field(() => [Erc721TokenBalance]) erc721TokenBalances!: Erc721TokenBalance[];
}

/** A page of ERC-1155 holdings with the native balance (listErc1155Balances). */
@ObjectType({ simpleResolvers: true })
export class ListErc1155BalancesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => NativeTokenBalance) nativeTokenBalance!: NativeTokenBalance;
  @Field(() => [Erc1155TokenBalance]) erc1155TokenBalances!: Erc1155TokenBalance[];
}

/** A page of ERC-721 and ERC-1155 holdings together (listCollectibleBalances). */
@ObjectType({ simpleResolvers: true })
export class ListCollectibleBalancesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [CollectibleBalance]) collectibleBalances!: (Erc721TokenBalance | Erc1155TokenBalance)[];
}

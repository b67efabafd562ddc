import { Directive, Field, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** One holder of a collection and how many of its NFTs it holds. */
@ObjectType({ simpleResolvers: true })
export class NftHolder {
  @Field({ description: 'The holder, lower case.' }) address!: string;

  @Field({
    description:
      "The number of the collection's NFTs the holder holds, as text (the official type): its ERC-721 tokens, or the sum of its ERC-1155 balances.",
  })
  sortKey!: string;
}

/** A page of a collection's holders, in address order, with the collection's totals. */
@ObjectType({ simpleResolvers: true })
export class NftHoldersResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [NftHolder]) addresses!: NftHolder[];

  @Field(() => [String], { description: "The collection's name: one item, or none when the index does not know it." })
  nftCollectionName!: string[];

  @Field(() => [String], { description: "The collection's symbol: one item, or none when the index does not know it." })
  nftSymbol!: string[];

  @Field(() => SafeInt, { description: 'The number of addresses holding at least one of its NFTs.' })
  totalHolders!: number;

  @Field({
    description:
      "The number of its NFTs held: its ERC-721 tokens not burnt, or the sum of its ERC-1155 balances (exact text in GraphQL, a number in REST); the sum of every holder's count.",
  })
  @Directive('@rest(number: true)')
  totalTokens!: string;
}

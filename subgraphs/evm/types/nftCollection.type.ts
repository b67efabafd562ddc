import { Field, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { NftToken } from './token.type';

/** A page of a collection's tokens (listTokens, the official ListNftTokens). */
@ObjectType({ simpleResolvers: true })
export class ListNftTokens {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [NftToken], { description: 'Erc721Token or Erc1155Token items, by token ID.' })
  tokens!: NftToken[];
}

/** A queued metadata refetch of one NFT (reindexNft; REST answers 201 without a body). */
@ObjectType({ simpleResolvers: true, description: 'A metadata refetch of one NFT, queued for the indexer.' })
export class NftReindexRequest {
  @Field({ description: 'The collection contract.' }) address!: string;
  @Field() tokenId!: string;
  @Field(() => SafeInt, { description: 'When it was queued, Unix seconds.' }) requestedAt!: number;
  @Field(() => SafeInt, { description: 'The earliest time the token may be reindexed again, Unix seconds.' })
  nextAllowedAt!: number;
}

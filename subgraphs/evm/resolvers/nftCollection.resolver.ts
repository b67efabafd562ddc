import { Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { EvmContext } from '../context';
import { getContractMetadata } from '../queries/getContractMetadata';
import { listTokens } from '../queries/listTokens';
import { reindexNft } from '../queries/reindexNft';
import { resolveChain } from '../resolveChain';
import {
  DeployedContract,
  Erc1155Contract,
  Erc721Contract,
  type Erc20Contract,
  type UnknownContract,
} from '../types/contract.type';
import {
  GetContractMetadataArgs,
  ListTokensArgs,
  NftTokensPageArgs,
  ReindexNftArgs,
} from '../types/nftCollection.args';
import { ListNftTokens, NftReindexRequest } from '../types/nftCollection.type';

/** Contract metadata, a collection's tokens, and NFT metadata refetches. */
@Resolver()
export class NftCollectionResolver {
  @Query(() => DeployedContract, {
    description:
      'The contract at an address with its profile: an Erc20Contract, Erc721Contract, Erc1155Contract or UnknownContract. Not found for an address that is no contract this service knows.',
  })
  async getContractMetadata(
    @Args() args: GetContractMetadataArgs,
    @Ctx() context: EvmContext,
  ): Promise<Erc20Contract | Erc721Contract | Erc1155Contract | UnknownContract> {
    const chain = await resolveChain(context, args.chainId);
    return getContractMetadata(context, { chain, address: args.address });
  }

  @Query(() => ListNftTokens, {
    description: "A collection's tokens with their metadata, by token ID ascending.",
  })
  async listTokens(@Args() args: ListTokensArgs, @Ctx() context: EvmContext): Promise<ListNftTokens> {
    const chain = await resolveChain(context, args.chainId);
    return listTokens(context, { chain, address: args.address, pageSize: args.pageSize, pageToken: args.pageToken });
  }

  @Mutation(() => NftReindexRequest, {
    description:
      "Queues a refetch of an NFT's metadata by the indexer. At most once an hour per token: a second request within the hour is refused (429).",
  })
  async reindexNft(@Args() args: ReindexNftArgs, @Ctx() context: EvmContext): Promise<NftReindexRequest> {
    const chain = await resolveChain(context, args.chainId);
    return reindexNft(context, { chain, address: args.address, tokenId: args.tokenId });
  }
}

/** A collection's tokens: its chain (set by the contract formatter) and address. */
async function collectionTokens(
  collection: Erc721Contract | Erc1155Contract,
  args: NftTokensPageArgs,
  context: EvmContext,
): Promise<ListNftTokens> {
  const chain = await resolveChain(context, { evmChainId: collection.chainId! });
  return listTokens(context, {
    chain,
    address: collection.address,
    pageSize: args.pageSize,
    pageToken: args.pageToken,
  });
}

/** An ERC-721 collection's tokens (GraphQL only), as listTokens pages them. */
@Resolver(() => Erc721Contract)
export class Erc721CollectionResolver {
  @FieldResolver(() => ListNftTokens, { description: "The collection's tokens, as listTokens." })
  @Directive('@rest(omit: true)')
  tokens(
    @Root() collection: Erc721Contract,
    @Args() args: NftTokensPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNftTokens> {
    return collectionTokens(collection, args, context);
  }
}

/** An ERC-1155 collection's tokens (GraphQL only), as listTokens pages them. */
@Resolver(() => Erc1155Contract)
export class Erc1155CollectionResolver {
  @FieldResolver(() => ListNftTokens, { description: "The collection's tokens, as listTokens." })
  @Directive('@rest(omit: true)')
  tokens(
    @Root() collection: Erc1155Contract,
    @Args() args: NftTokensPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNftTokens> {
    return collectionTokens(collection, args, context);
  }
}

import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { getTokenDetails } from '../queries/getTokenDetails';
import { resolveChain } from '../resolveChain';
import { GetTokenDetailsArgs } from '../types/nftToken.args';
import { NftToken, type Erc1155Token, type Erc721Token } from '../types/token.type';

/** One NFT (4.20). */
@Resolver()
export class NftTokenResolver {
  @Query(() => NftToken, {
    description: 'One NFT of a collection with its metadata and indexStatus (4.20): an Erc721Token or an Erc1155Token.',
  })
  async getTokenDetails(
    @Args() args: GetTokenDetailsArgs,
    @Ctx() context: EvmContext,
  ): Promise<Erc721Token | Erc1155Token> {
    const chain = await resolveChain(context, args.chainId);
    return getTokenDetails(context, { chain, address: args.address, tokenId: args.tokenId });
  }
}

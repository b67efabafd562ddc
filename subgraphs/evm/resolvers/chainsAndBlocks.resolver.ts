import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { getBlock, listChainBlocks, listLatestBlocksAllChains } from '../queries/listBlocks';
import { getChainInfo, listAddressChains, supportedChains } from '../queries/listChains';
import { resolveChain } from '../resolveChain';
import {
  GetBlockArgs,
  GetChainInfoArgs,
  GetLatestBlocksArgs,
  ListAddressChainsArgs,
  ListLatestBlocksAllChainsArgs,
  SupportedChainsArgs,
} from '../types/chainsAndBlocks.args';
import { GetChainResponse, ListAddressChainsResponse, ListChainsResponse } from '../types/chainInfo.type';
import { GetEvmBlockResponse, ListEvmBlocksResponse } from '../types/evmBlock.type';

/** The chain and block operations of the Data API: chains, a chain's blocks, latest blocks across chains. */
@Resolver()
export class ChainsAndBlocksResolver {
  @Query(() => ListChainsResponse, { description: 'The EVM chains this service indexes, by EVM chain ID.' })
  async supportedChains(@Args() args: SupportedChainsArgs, @Ctx() context: EvmContext): Promise<ListChainsResponse> {
    return { chains: await supportedChains(context, args) };
  }

  @Query(() => GetChainResponse, { description: 'One EVM chain this service indexes.' })
  async getChainInfo(@Args() args: GetChainInfoArgs, @Ctx() context: EvmContext): Promise<GetChainResponse> {
    return getChainInfo(context, await resolveChain(context, args.chainId));
  }

  @Query(() => ListAddressChainsResponse, {
    description:
      'The indexed EVM chains where an address sent or received a transaction, a token transfer or an internal transaction.',
  })
  async listAddressChains(
    @Args() args: ListAddressChainsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListAddressChainsResponse> {
    return { indexedChains: await listAddressChains(context, args.address) };
  }

  @Query(() => ListEvmBlocksResponse, { description: "A chain's indexed blocks, newest first." })
  async getLatestBlocks(@Args() args: GetLatestBlocksArgs, @Ctx() context: EvmContext): Promise<ListEvmBlocksResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listChainBlocks(context, { chain, pageSize: args.pageSize, pageToken: args.pageToken });
  }

  @Query(() => GetEvmBlockResponse, { description: 'One indexed block, by number or hash.' })
  async getBlock(@Args() args: GetBlockArgs, @Ctx() context: EvmContext): Promise<GetEvmBlockResponse> {
    const chain = await resolveChain(context, args.chainId);
    return getBlock(context, { chain, blockId: args.blockId });
  }

  @Query(() => ListEvmBlocksResponse, {
    description:
      'The latest indexed blocks of every indexed chain (of a network), newest first; ties by EVM chain ID, then block number, descending.',
  })
  async listLatestBlocksAllChains(
    @Args() args: ListLatestBlocksAllChainsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListEvmBlocksResponse> {
    return listLatestBlocksAllChains(context, {
      network: args.network,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { listCollectibleBalances, listErc1155Balances, listErc721Balances } from '../queries/listNftBalances';
import { getNativeBalance } from '../queries/nativeTokenBalance';
import { resolveChain } from '../resolveChain';
import {
  GetNativeBalanceArgs,
  ListCollectibleBalancesArgs,
  ListErc1155BalancesArgs,
  ListErc721BalancesArgs,
} from '../types/nftBalance.args';
import {
  GetNativeBalanceResponse,
  ListCollectibleBalancesResponse,
  ListErc1155BalancesResponse,
  ListErc721BalancesResponse,
} from '../types/nftBalance.type';

/** The native balance and the NFT holdings of an address (EVM Balances). */
@Resolver()
export class NftBalanceResolver {
  @Query(() => GetNativeBalanceResponse, {
    description:
      'The native balance of an address after a block (the latest indexed block by default), with its value in a currency.',
  })
  async getNativeBalance(
    @Args() args: GetNativeBalanceArgs,
    @Ctx() context: EvmContext,
  ): Promise<GetNativeBalanceResponse> {
    const chain = await resolveChain(context, args.chainId);
    return getNativeBalance(context, {
      chain,
      address: args.address,
      blockNumber: args.blockNumber,
      currency: args.currency,
    });
  }

  @Query(() => ListErc721BalancesResponse, {
    description: 'The ERC-721 tokens an address owns, in (collection, token ID) order, with its native balance.',
  })
  async listErc721Balances(
    @Args() args: ListErc721BalancesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc721BalancesResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listErc721Balances(context, {
      chain,
      address: args.address,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @Query(() => ListErc1155BalancesResponse, {
    description:
      'The ERC-1155 tokens an address holds after a block (the latest indexed block by default), in (collection, token ID) order, with its native balance.',
  })
  async listErc1155Balances(
    @Args() args: ListErc1155BalancesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc1155BalancesResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listErc1155Balances(context, {
      chain,
      address: args.address,
      blockNumber: args.blockNumber,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @Query(() => ListCollectibleBalancesResponse, {
    description: 'The ERC-721 and ERC-1155 tokens an address holds, together, in (collection, token ID) order.',
  })
  async listCollectibleBalances(
    @Args() args: ListCollectibleBalancesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListCollectibleBalancesResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listCollectibleBalances(context, {
      chain,
      address: args.address,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

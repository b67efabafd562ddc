import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { EvmContext } from '../context';
import { listCollectibleBalances, listErc1155Balances, listErc721Balances } from '../queries/listNftBalances';
import { getNativeBalance } from '../queries/nativeTokenBalance';
import { EvmAccountOnChain } from '../types/evmAccount.type';
import {
  CollectibleBalancesPageArgs,
  Erc1155BalancesPageArgs,
  Erc721BalancesPageArgs,
  NativeTokenBalanceArgs,
} from '../types/nftBalance.args';
import { NativeTokenBalance } from '../types/erc20Balance.type';
import {
  ListCollectibleBalancesResponse,
  ListErc1155BalancesResponse,
  ListErc721BalancesResponse,
} from '../types/nftBalance.type';

/**
 * The native balance with its value, and the NFT holdings, as fields of an address on a chain
 * (GraphQL only). Same queries, pages and tokens as the root fields (a token from one works in the other).
 */
@Resolver(() => EvmAccountOnChain)
export class EvmAccountOnChainBalancesResolver {
  @FieldResolver(() => NativeTokenBalance, { description: 'As getNativeBalance.' })
  async nativeTokenBalance(
    @Root() account: EvmAccountOnChain,
    @Args() args: NativeTokenBalanceArgs,
    @Ctx() context: EvmContext,
  ): Promise<NativeTokenBalance> {
    return (
      await getNativeBalance(context, {
        chain: account.chain,
        address: account.address,
        blockNumber: args.blockNumber,
        currency: args.currency,
      })
    ).nativeTokenBalance;
  }

  @FieldResolver(() => ListErc721BalancesResponse, { description: 'As listErc721Balances.' })
  async erc721Balances(
    @Root() account: EvmAccountOnChain,
    @Args() args: Erc721BalancesPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc721BalancesResponse> {
    return listErc721Balances(context, {
      chain: account.chain,
      address: account.address,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @FieldResolver(() => ListErc1155BalancesResponse, { description: 'As listErc1155Balances.' })
  async erc1155Balances(
    @Root() account: EvmAccountOnChain,
    @Args() args: Erc1155BalancesPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc1155BalancesResponse> {
    return listErc1155Balances(context, {
      chain: account.chain,
      address: account.address,
      blockNumber: args.blockNumber,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @FieldResolver(() => ListCollectibleBalancesResponse, { description: 'As listCollectibleBalances.' })
  async collectibleBalances(
    @Root() account: EvmAccountOnChain,
    @Args() args: CollectibleBalancesPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListCollectibleBalancesResponse> {
    return listCollectibleBalances(context, {
      chain: account.chain,
      address: account.address,
      contractAddress: args.contractAddress,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

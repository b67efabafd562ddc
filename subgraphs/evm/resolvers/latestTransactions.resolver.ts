import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { listLatestTransactions, listLatestTransactionsAllChains } from '../queries/listLatestTransactions';
import { resolveChain } from '../resolveChain';
import { ListLatestTransactionsAllChainsArgs, ListLatestTransactionsArgs } from '../types/latestTransactions.args';
import { ListNativeTransactionsResponse } from '../types/transaction.type';

/** The latest transactions of a chain, and of every indexed chain (of a network, or all). */
@Resolver()
export class LatestTransactionsResolver {
  @Query(() => ListNativeTransactionsResponse, {
    description: "A chain's latest transactions, newest first (block, then position), optionally of one status.",
  })
  async listLatestTransactions(
    @Args() args: ListLatestTransactionsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listLatestTransactions(context, {
      chain,
      status: args.status,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @Query(() => ListNativeTransactionsResponse, {
    description:
      'The latest transactions of the indexed EVM chains (of one network, or all), newest block time first (then larger chain ID, block, position), optionally of one status.',
  })
  async listLatestTransactionsAllChains(
    @Args() args: ListLatestTransactionsAllChainsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    return listLatestTransactionsAllChains(context, {
      network: args.network,
      status: args.status,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { EvmContext } from '../context';
import { listLatestTransactions } from '../queries/listLatestTransactions';
import { LatestTransactionsPageArgs } from '../types/latestTransactions.args';
import { EvmChain } from '../types/evmChain.type';
import { ListNativeTransactionsResponse } from '../types/transaction.type';

/** A chain's latest transactions as a field of the chain (GraphQL only): the pages and tokens of listLatestTransactions. */
@Resolver(() => EvmChain)
export class EvmChainTransactionsResolver {
  @FieldResolver(() => ListNativeTransactionsResponse, {
    description: 'The latest transactions, newest first, optionally of one status (as listLatestTransactions).',
  })
  async transactions(
    @Root() chain: EvmChain,
    @Args() args: LatestTransactionsPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    const row = await context.loaders.evmChain.load(BigInt(chain.chainId));
    if (!row) throw new Error(`chain ${chain.chainId} vanished while answering`);
    return listLatestTransactions(context, {
      chain: row,
      status: args.status,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

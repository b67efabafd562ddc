import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { getTransaction } from '../queries/getTransaction';
import { getTransactionsForBlock } from '../queries/getTransactionsForBlock';
import { resolveChain } from '../resolveChain';
import { GetTransactionArgs, GetTransactionsForBlockArgs } from '../types/transaction.args';
import { GetTransactionResponse, ListNativeTransactionsResponse } from '../types/transaction.type';

/** Transactions of a block (4.13) and one transaction (4.16). */
@Resolver()
export class TransactionResolver {
  @Query(() => ListNativeTransactionsResponse, {
    description:
      'The transactions of a block, by number or hash (4.13), in block order. pageSize 0 (the default): the whole block, up to 10,000.',
  })
  async getTransactionsForBlock(
    @Args() args: GetTransactionsForBlockArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    const chain = await resolveChain(context, args.chainId);
    return getTransactionsForBlock(context, {
      chain,
      blockId: args.blockId,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @Query(() => GetTransactionResponse, {
    description:
      'One transaction with its transfers, internal transactions, native token prices and Teleporter message (4.16).',
  })
  async getTransaction(@Args() args: GetTransactionArgs, @Ctx() context: EvmContext): Promise<GetTransactionResponse> {
    const chain = await resolveChain(context, args.chainId);
    return getTransaction(context, { chain, txHash: args.txHash });
  }
}

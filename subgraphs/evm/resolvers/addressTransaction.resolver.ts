import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import type { AccountListRequest } from '../queries/accountRange';
import { listNativeTransactions, listTransactions, listTransactionsV2 } from '../queries/listAddressTransactions';
import { resolveChain } from '../resolveChain';
import {
  ListNativeTransactionsArgs,
  ListTransactionsArgs,
  ListTransactionsV2Args,
} from '../types/addressTransaction.args';
import { ListTransactionDetailsResponse, ListTransactionDetailsResponseV2 } from '../types/addressTransaction.type';
import { ListNativeTransactionsResponse } from '../types/transaction.type';

/** The account list request of an address's transaction list, with the chain resolved. */
async function requestOf(args: ListNativeTransactionsArgs, context: EvmContext): Promise<AccountListRequest> {
  const chain = await resolveChain(context, args.chainId);
  return {
    chain,
    address: args.address,
    startBlock: args.startBlock,
    endBlock: args.endBlock,
    pageSize: args.pageSize,
    pageToken: args.pageToken,
  };
}

/** An address's transactions: the combined view (v1, v2) and the native transactions. */
@Resolver()
export class AddressTransactionResolver {
  @Query(() => ListTransactionDetailsResponse, {
    description:
      'Transactions an address took part in: sent, received, or through an ERC-20/721/1155 transfer or an internal transaction it sent or received; each with those of its transfers and internal transactions. By block and position, newest first unless sortOrder is asc; startBlock inclusive, endBlock exclusive.',
  })
  async listTransactions(
    @Args() args: ListTransactionsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListTransactionDetailsResponse> {
    return listTransactions(context, await requestOf(args, context), { sortOrder: args.sortOrder });
  }

  @Query(() => ListTransactionDetailsResponseV2, {
    description:
      "As listTransactions, with each ERC-20 token's reputation; filterSpamTokens (default true) leaves out ERC-20 transfers of tokens of Malicious reputation.",
  })
  async listTransactionsV2(
    @Args() args: ListTransactionsV2Args,
    @Ctx() context: EvmContext,
  ): Promise<ListTransactionDetailsResponseV2> {
    return listTransactionsV2(context, await requestOf(args, context), {
      sortOrder: args.sortOrder,
      filterSpamTokens: args.filterSpamTokens,
    });
  }

  @Query(() => ListNativeTransactionsResponse, {
    description: 'Transactions an address sent or received, newest first; startBlock inclusive, endBlock exclusive.',
  })
  async listNativeTransactions(
    @Args() args: ListNativeTransactionsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    return listNativeTransactions(context, await requestOf(args, context));
  }
}

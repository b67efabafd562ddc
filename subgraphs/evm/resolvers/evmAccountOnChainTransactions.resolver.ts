import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { EvmContext } from '../context';
import { listNativeTransactions, listTransactions, listTransactionsV2 } from '../queries/listAddressTransactions';
import {
  AddressTransactionsPageArgs,
  AddressTransactionsV2PageArgs,
  NativeTransactionsPageArgs,
} from '../types/addressTransaction.args';
import { ListTransactionDetailsResponse, ListTransactionDetailsResponseV2 } from '../types/addressTransaction.type';
import { EvmAccountOnChain } from '../types/evmAccount.type';
import { ListNativeTransactionsResponse } from '../types/transaction.type';

const listRequest = (account: EvmAccountOnChain, args: NativeTransactionsPageArgs) => ({
  chain: account.chain,
  address: account.address,
  startBlock: args.startBlock,
  endBlock: args.endBlock,
  pageSize: args.pageSize,
  pageToken: args.pageToken,
});

/**
 * An address's transaction lists as fields of the address on a chain (GraphQL only). Same
 * queries, pages and tokens as the root fields listTransactions, listTransactionsV2 and
 * listNativeTransactions.
 */
@Resolver(() => EvmAccountOnChain)
export class EvmAccountOnChainTransactionsResolver {
  @FieldResolver(() => ListTransactionDetailsResponse, { description: 'As listTransactions.' })
  async transactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: AddressTransactionsPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListTransactionDetailsResponse> {
    return listTransactions(context, listRequest(account, args), { sortOrder: args.sortOrder });
  }

  @FieldResolver(() => ListTransactionDetailsResponseV2, { description: 'As listTransactionsV2.' })
  async transactionsV2(
    @Root() account: EvmAccountOnChain,
    @Args() args: AddressTransactionsV2PageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListTransactionDetailsResponseV2> {
    return listTransactionsV2(context, listRequest(account, args), {
      sortOrder: args.sortOrder,
      filterSpamTokens: args.filterSpamTokens,
    });
  }

  @FieldResolver(() => ListNativeTransactionsResponse, { description: 'As listNativeTransactions.' })
  async nativeTransactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: NativeTransactionsPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListNativeTransactionsResponse> {
    return listNativeTransactions(context, listRequest(account, args));
  }
}

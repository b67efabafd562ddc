import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { listErc1155Transactions } from '../queries/listErc1155Transactions';
import { listErc20Transactions } from '../queries/listErc20Transactions';
import { listErc721Transactions } from '../queries/listErc721Transactions';
import { listInternalTransactions } from '../queries/listInternalTransactions';
import type { AccountListRequest } from '../queries/accountRange';
import { resolveChain } from '../resolveChain';
import { ListTransfersArgs } from '../types/transfer.args';
import {
  ListErc1155TransactionsResponse,
  ListErc20TransactionsResponse,
  ListErc721TransactionsResponse,
  ListInternalTransactionsResponse,
} from '../types/transfer.type';

/** The list request of 4.8–4.11 arguments, with the chain resolved. */
async function requestOf(args: ListTransfersArgs, context: EvmContext): Promise<AccountListRequest> {
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

/** Transfers and internal transactions of an address (4.8–4.11). */
@Resolver()
export class TransferResolver {
  @Query(() => ListErc721TransactionsResponse, {
    description:
      'ERC-721 transfers an address sent or received (4.8), newest first; startBlock inclusive, endBlock exclusive.',
  })
  async listErc721Transactions(
    @Args() args: ListTransfersArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc721TransactionsResponse> {
    return listErc721Transactions(context, await requestOf(args, context));
  }

  @Query(() => ListErc1155TransactionsResponse, {
    description:
      'ERC-1155 transfers an address sent or received (4.9), newest first; startBlock inclusive, endBlock exclusive.',
  })
  async listErc1155Transactions(
    @Args() args: ListTransfersArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc1155TransactionsResponse> {
    return listErc1155Transactions(context, await requestOf(args, context));
  }

  @Query(() => ListErc20TransactionsResponse, {
    description:
      'ERC-20 transfers an address sent or received (4.10), newest first; startBlock inclusive, endBlock exclusive.',
  })
  async listErc20Transactions(
    @Args() args: ListTransfersArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc20TransactionsResponse> {
    return listErc20Transactions(context, await requestOf(args, context));
  }

  @Query(() => ListInternalTransactionsResponse, {
    description:
      'Internal transactions an address sent or received (4.11): CALL and CALLCODE frames with a non-zero value, CREATE, CREATE2 and CREATE3 frames; newest first.',
  })
  async listInternalTransactions(
    @Args() args: ListTransfersArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListInternalTransactionsResponse> {
    return listInternalTransactions(context, await requestOf(args, context));
  }
}

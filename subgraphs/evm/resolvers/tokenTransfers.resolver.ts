import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { getDeploymentTransaction } from '../queries/getDeploymentTransaction';
import { listTokenTransfers } from '../queries/listTokenTransfers';
import { resolveChain } from '../resolveChain';
import { GetDeploymentTransactionArgs, ListTokenTransfersArgs } from '../types/tokenTransfers.args';
import { ListTransfersResponse } from '../types/tokenTransfers.type';
import { GetTransactionResponse } from '../types/transaction.type';

/** Every transfer of one token contract, and the transaction that deployed a contract. */
@Resolver()
export class TokenTransfersResolver {
  @Query(() => ListTransfersResponse, {
    description:
      'Every transfer of one token contract (ERC-20, ERC-721 or ERC-1155), newest first; startBlock inclusive, endBlock exclusive.',
  })
  async listTransfers(
    @Args() args: ListTokenTransfersArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListTransfersResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listTokenTransfers(context, {
      chain,
      address: args.address,
      startBlock: args.startBlock,
      endBlock: args.endBlock,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @Query(() => GetTransactionResponse, {
    description:
      'The transaction that deployed a contract, as getTransaction answers it, with native token prices in a currency.',
  })
  async getDeploymentTransaction(
    @Args() args: GetDeploymentTransactionArgs,
    @Ctx() context: EvmContext,
  ): Promise<GetTransactionResponse> {
    const chain = await resolveChain(context, args.chainId);
    return getDeploymentTransaction(context, { chain, address: args.address, currency: args.currency });
  }
}

import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { listErc20Balances } from '../queries/listErc20Balances';
import { resolveChain } from '../resolveChain';
import { ListErc20BalancesArgs } from '../types/erc20Balance.args';
import { ListErc20BalancesResponse } from '../types/erc20Balance.type';

/** ERC-20 and native balances of an address (4.12). */
@Resolver()
export class Erc20BalanceResolver {
  @Query(() => ListErc20BalancesResponse, {
    description:
      'ERC-20 balances of an address after a block (4.12; the latest block by default), in token address order, with the native balance and values in a currency.',
  })
  async listErc20Balances(
    @Args() args: ListErc20BalancesArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc20BalancesResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listErc20Balances(context, {
      chain,
      address: args.address,
      blockNumber: args.blockNumber,
      filterSpamTokens: args.filterSpamTokens,
      contractAddresses: args.contractAddresses,
      currency: args.currency,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

import { Arg, Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { BlockNumber } from '../../shared/params/numbers';
import type { EvmContext } from '../context';
import { formatEvmChain } from '../formatters/evmChain';
import { listContractDeployments } from '../queries/listContractDeployments';
import { listErc1155Transactions } from '../queries/listErc1155Transactions';
import { listErc20Balances } from '../queries/listErc20Balances';
import { listErc20Transactions } from '../queries/listErc20Transactions';
import { listErc721Transactions } from '../queries/listErc721Transactions';
import { listInternalTransactions } from '../queries/listInternalTransactions';
import { DeploymentsPageArgs } from '../types/contract.args';
import { ListContractDeploymentsResponse } from '../types/contract.type';
import { Erc20BalancesPageArgs } from '../types/erc20Balance.args';
import { ListErc20BalancesResponse } from '../types/erc20Balance.type';
import { EvmAccountOnChain } from '../types/evmAccount.type';
import { EvmChain } from '../types/evmChain.type';
import { BlockRangePageArgs } from '../types/transfer.args';
import {
  ListErc1155TransactionsResponse,
  ListErc20TransactionsResponse,
  ListErc721TransactionsResponse,
  ListInternalTransactionsResponse,
} from '../types/transfer.type';

const listRequest = (account: EvmAccountOnChain, args: BlockRangePageArgs) => ({
  chain: account.chain,
  address: account.address,
  startBlock: args.startBlock,
  endBlock: args.endBlock,
  pageSize: args.pageSize,
  pageToken: args.pageToken,
});

/**
 * The lists of 4.8–4.12 and 4.15 as fields of an address on a chain (GraphQL only), so one query
 * can go from a validator's L1 to that L1's EVM activity. Same queries, pages and tokens as the
 * root fields (a token from one works in the other).
 */
@Resolver(() => EvmAccountOnChain)
export class EvmAccountOnChainResolver {
  @FieldResolver(() => EvmChain)
  evmChain(@Root() account: EvmAccountOnChain): EvmChain {
    return formatEvmChain(account.chain);
  }

  @FieldResolver(() => String, {
    description: 'Native balance in wei after a block (the latest indexed block by default).',
  })
  async nativeBalance(
    @Root() account: EvmAccountOnChain,
    @Arg('blockNumber', () => BlockNumber, { nullable: true }) blockNumber: bigint | undefined,
    @Ctx() context: EvmContext,
  ): Promise<string> {
    const at = blockNumber ?? (await context.loaders.latestBlock.load(account.chain.chainId))?.number ?? 0n;
    return (
      await context.loaders.nativeBalance.load({
        chainId: account.chain.chainId,
        address: account.address,
        blockNumber: at,
      })
    ).toString();
  }

  @FieldResolver(() => ListErc20BalancesResponse, { description: 'As 4.12.' })
  async erc20Balances(
    @Root() account: EvmAccountOnChain,
    @Args() args: Erc20BalancesPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc20BalancesResponse> {
    return listErc20Balances(context, {
      chain: account.chain,
      address: account.address,
      blockNumber: args.blockNumber,
      filterSpamTokens: args.filterSpamTokens,
      contractAddresses: args.contractAddresses,
      currency: args.currency,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }

  @FieldResolver(() => ListErc20TransactionsResponse, { description: 'As 4.10.' })
  async erc20Transactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: BlockRangePageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc20TransactionsResponse> {
    return listErc20Transactions(context, listRequest(account, args));
  }

  @FieldResolver(() => ListErc721TransactionsResponse, { description: 'As 4.8.' })
  async erc721Transactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: BlockRangePageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc721TransactionsResponse> {
    return listErc721Transactions(context, listRequest(account, args));
  }

  @FieldResolver(() => ListErc1155TransactionsResponse, { description: 'As 4.9.' })
  async erc1155Transactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: BlockRangePageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListErc1155TransactionsResponse> {
    return listErc1155Transactions(context, listRequest(account, args));
  }

  @FieldResolver(() => ListInternalTransactionsResponse, { description: 'As 4.11.' })
  async internalTransactions(
    @Root() account: EvmAccountOnChain,
    @Args() args: BlockRangePageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListInternalTransactionsResponse> {
    return listInternalTransactions(context, listRequest(account, args));
  }

  @FieldResolver(() => ListContractDeploymentsResponse, { description: 'As 4.15.' })
  async contractDeployments(
    @Root() account: EvmAccountOnChain,
    @Args() args: DeploymentsPageArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListContractDeploymentsResponse> {
    return listContractDeployments(context, {
      chain: account.chain,
      address: account.address,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

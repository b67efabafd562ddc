import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { EvmContext } from '../context';
import { listContractDeployments } from '../queries/listContractDeployments';
import { resolveChain } from '../resolveChain';
import { ListContractDeploymentsArgs } from '../types/contract.args';
import { ListContractDeploymentsResponse } from '../types/contract.type';

/** Contracts deployed by an address (4.15). */
@Resolver()
export class ContractResolver {
  @Query(() => ListContractDeploymentsResponse, {
    description:
      'Contracts an address deployed, directly or through a factory, or that a factory at the address created (4.15); newest first.',
  })
  async listContractDeployments(
    @Args() args: ListContractDeploymentsArgs,
    @Ctx() context: EvmContext,
  ): Promise<ListContractDeploymentsResponse> {
    const chain = await resolveChain(context, args.chainId);
    return listContractDeployments(context, {
      chain,
      address: args.address,
      pageSize: args.pageSize,
      pageToken: args.pageToken,
    });
  }
}

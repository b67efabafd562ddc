import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { getMetricsChain, listMetricsChains } from '../queries/listMetricsChains';
import { GetMetricsChainArgs, ListMetricsChainsArgs } from '../types/chain.args';
import { MetricsChain, MetricsListChainsResponse } from '../types/chain.type';

@Resolver()
export class ChainResolver {
  @Query(() => MetricsListChainsResponse, {
    description: 'The EVM chains this service has metrics of, by EVM chain ID (pages of up to 10000 chains).',
  })
  async listChains(
    @Args() args: ListMetricsChainsArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsListChainsResponse> {
    return listMetricsChains(context, args);
  }

  @Query(() => MetricsChain, { description: 'One EVM chain this service has metrics of.' })
  async getChain(@Args() args: GetMetricsChainArgs, @Ctx() context: SubgraphDeps): Promise<MetricsChain> {
    const chain = await getMetricsChain(context, args.chainId);
    if (!chain) throw new NotFoundError(`chain ${args.chainId} is not indexed by this service`);
    return chain;
  }
}

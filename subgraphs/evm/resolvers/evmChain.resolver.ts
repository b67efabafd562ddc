import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import type { EvmContext } from '../context';
import { formatEvmChain } from '../formatters/evmChain';
import { ListEvmChainsArgs } from '../types/evmChain.args';
import { EvmChain } from '../types/evmChain.type';

@Resolver(() => EvmChain)
export class EvmChainResolver {
  @Query(() => [EvmChain], { description: 'The EVM chains this service indexes, by chain ID.' })
  async listEvmChains(@Args() args: ListEvmChainsArgs, @Ctx() context: EvmContext): Promise<EvmChain[]> {
    const rows = await context.prisma.evmChain.findMany({
      where: args.network ? { network: toDbNetwork(args.network) } : {},
      orderBy: { chainId: 'asc' },
    });
    return rows.map(formatEvmChain);
  }
}

import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import { EvmAddress } from '../../shared/params/evmAddress';
import type { EvmContext } from '../context';
import { formatEvmBlock } from '../formatters/evmBlock';
import { formatEvmChain } from '../formatters/evmChain';
import { ListEvmChainsArgs } from '../types/evmChain.args';
import { EvmChain } from '../types/evmChain.type';
import { EvmAccountOnChain, EvmBlockSummary } from '../types/evmAccount.type';

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

  @FieldResolver(() => EvmBlockSummary, { nullable: true, description: 'The latest indexed block.' })
  async latestBlock(@Root() chain: EvmChain, @Ctx() context: EvmContext): Promise<EvmBlockSummary | undefined> {
    const row = await context.loaders.latestBlock.load(BigInt(chain.chainId));
    return row ? formatEvmBlock(row) : undefined;
  }

  @FieldResolver(() => String, { description: 'Number of indexed blocks (counted on request).' })
  async blockCount(@Root() chain: EvmChain, @Ctx() context: EvmContext): Promise<string> {
    return (await context.loaders.chainCounts.load(BigInt(chain.chainId))).blocks.toString();
  }

  @FieldResolver(() => String, { description: 'Number of indexed transactions (counted on request).' })
  async transactionCount(@Root() chain: EvmChain, @Ctx() context: EvmContext): Promise<string> {
    return (await context.loaders.chainCounts.load(BigInt(chain.chainId))).transactions.toString();
  }

  @FieldResolver(() => EvmAccountOnChain, {
    description: 'An address on this chain: its balances, transfers and deployments.',
  })
  async account(
    @Root() chain: EvmChain,
    @Arg('address', () => EvmAddress) address: string,
    @Ctx() context: EvmContext,
  ): Promise<EvmAccountOnChain> {
    const row = await context.loaders.evmChain.load(BigInt(chain.chainId));
    if (!row) throw new Error(`chain ${chain.chainId} vanished while answering`);
    return { address, chainId: chain.chainId, chain: row };
  }
}

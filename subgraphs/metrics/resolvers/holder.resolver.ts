import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listHolders } from '../queries/listHolders';
import { GetAddressesByBalanceOverTimeArgs } from '../types/holder.args';
import { HoldersResponse } from '../types/holder.type';

@Resolver()
export class HolderResolver {
  @Query(() => HoldersResponse, {
    description:
      'Addresses whose balance of an ERC-20 was above the threshold at some time in the window (4.19), in address order, with their latest balance in the window.',
  })
  async getAddressesByBalanceOverTime(
    @Args() args: GetAddressesByBalanceOverTimeArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<HoldersResponse> {
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    const chain = await context.prisma.evmChain.findUnique({
      where: { chainId: args.chainId },
      select: { chainId: true },
    });
    if (!chain) throw new NotFoundError(`chain ${args.chainId} is not indexed by this service`);
    return listHolders(context, args);
  }
}

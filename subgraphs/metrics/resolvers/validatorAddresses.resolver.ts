import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { Network, toDbNetwork } from '../../shared/network';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listValidatorAddresses } from '../queries/listValidatorAddresses';
import { GetValidatorsByDateRangeArgs } from '../types/validatorAddresses.args';
import { PChainLookingGlassResponse } from '../types/validatorAddresses.type';

@Resolver()
export class ValidatorAddressesResolver {
  @Query(() => PChainLookingGlassResponse, {
    description:
      "The reward addresses and start times of a subnet's validations in the set at some time of the frame, newest first.",
  })
  async getValidatorsByDateRange(
    @Args() args: GetValidatorsByDateRangeArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<PChainLookingGlassResponse> {
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    const name = args.network ?? Network.mainnet;
    const network = toDbNetwork(name);
    const subnet = await context.prisma.subnet.findUnique({
      where: { network_subnetId: { network, subnetId: args.subnetId } },
      select: { subnetId: true },
    });
    if (!subnet) throw new NotFoundError(`subnet ${args.subnetId} is not indexed on ${name}`);
    return listValidatorAddresses(context, { args, network });
  }
}

import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listStakingPoints } from '../queries/listStakingPoints';
import { GetStakingMetricsArgs } from '../types/staking.args';
import { MetricsResponse } from '../types/metric.type';
import { NetworkMetric } from '../types/staking.type';

@Resolver()
export class StakingResolver {
  @Query(() => MetricsResponse, {
    description:
      "Daily staking metrics of a subnet (the primary network when omitted), newest first: the validations or delegations in the set during each day's last second, counted or weighed. Data points have startTimestamp <= timestamp <= endTimestamp.",
  })
  async getStakingMetrics(@Args() args: GetStakingMetricsArgs, @Ctx() context: SubgraphDeps): Promise<MetricsResponse> {
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    const network = toDbNetwork(args.network);
    const subnetId = args.subnetId ?? PRIMARY_NETWORK_ID;
    const subnet = await context.prisma.subnet.findUnique({
      where: { network_subnetId: { network, subnetId } },
      select: { isL1: true },
    });
    if (!subnet) throw new NotFoundError(`subnet ${subnetId} is not indexed on ${args.network}`);
    if (subnet.isL1 && args.metric === NetworkMetric.validatorWeight) {
      // The index keeps an L1 validation's current weight, not the weights it had over time.
      throw new BadRequestError(`metric validatorWeight is not kept for the L1 ${subnetId}`);
    }
    return listStakingPoints(context, { args, network, subnetId, now: context.clock() });
  }
}

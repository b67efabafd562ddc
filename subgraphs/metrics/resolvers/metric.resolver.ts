import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listMetricPoints } from '../queries/listMetricPoints';
import { GetEvmChainMetricsArgs } from '../types/metric.args';
import { isDailyOnly, MetricsResponse, TimeInterval } from '../types/metric.type';

@Resolver()
export class MetricResolver {
  @Query(() => MetricsResponse, {
    description:
      'Time series of an EVM chain metric (4.3), newest first. Data points have startTimestamp <= timestamp <= endTimestamp.',
  })
  async getEvmChainMetrics(
    @Args() args: GetEvmChainMetricsArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<MetricsResponse> {
    const timeInterval = args.timeInterval ?? TimeInterval.day;
    if (isDailyOnly(args.metric) && timeInterval !== TimeInterval.day) {
      throw new BadRequestError(`timeInterval must be day for metric ${args.metric}, which is computed per day only`);
    }
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    let scope: string;
    if ('evmChainId' in args.chainId) {
      const chain = await context.prisma.evmChain.findUnique({
        where: { chainId: args.chainId.evmChainId },
        select: { chainId: true },
      });
      if (!chain) throw new NotFoundError(`chain ${args.chainId.evmChainId} is not indexed by this service`);
      scope = args.chainId.evmChainId.toString();
    } else {
      scope = args.chainId.scope;
    }
    return listMetricPoints(context, { args, scope, metric: args.metric, interval: timeInterval });
  }
}

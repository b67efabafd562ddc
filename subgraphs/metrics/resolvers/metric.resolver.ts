import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { MetricsChain } from '../../shared/params/chainId';
import { listMetricPoints } from '../queries/listMetricPoints';
import { rollingWindowMetrics } from '../queries/rollingWindowMetrics';
import { GetEvmChainMetricsArgs, GetEvmChainRollingWindowMetricsArgs } from '../types/metric.args';
import { isDailyOnly, MetricsResponse, RollingWindowMetricsApiResponse, TimeInterval } from '../types/metric.type';

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
    const scope = await metricScope(context, args.chainId);
    return listMetricPoints(context, { args, scope, metric: args.metric, interval: timeInterval });
  }

  @Query(() => RollingWindowMetricsApiResponse, {
    description:
      'A chain metric over the last hour, day, week, month, 90 days, year and all time, up to now; active addresses and senders over the last hour, day and week only.',
  })
  async getEvmChainRollingWindowMetrics(
    @Args() args: GetEvmChainRollingWindowMetricsArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<RollingWindowMetricsApiResponse> {
    const scope = await metricScope(context, args.chainId);
    return { result: await rollingWindowMetrics(context, scope, args.metric) };
  }
}

/** The rollup scope of a `chainId`: an indexed chain's ID (404 otherwise), or total, mainnet, testnet. */
async function metricScope(context: SubgraphDeps, chainId: MetricsChain): Promise<string> {
  if (!('evmChainId' in chainId)) return chainId.scope;
  const chain = await context.prisma.evmChain.findUnique({
    where: { chainId: chainId.evmChainId },
    select: { chainId: true },
  });
  if (!chain) throw new NotFoundError(`chain ${chainId.evmChainId} is not indexed by this service`);
  return chainId.evmChainId.toString();
}

import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { ChainMetric } from '../../../prisma/generated/client';
import { TimeInterval as DbTimeInterval } from '../../../prisma/generated/enums';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { bigintKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import { GetEvmChainMetricsArgs } from '../types/metric.args';
import { isDailyOnly, MetricsResponse, TimeInterval } from '../types/metric.type';

const dbInterval: Record<TimeInterval, DbTimeInterval> = {
  hour: DbTimeInterval.HOUR,
  day: DbTimeInterval.DAY,
  week: DbTimeInterval.WEEK,
  month: DbTimeInterval.MONTH,
};

/** Data points are unique per scope, metric and interval by timestamp (the table's primary key). */
const metricOrder = [sortKey<ChainMetric>('timestamp', bigintKey)];

@Resolver()
export class MetricResolver {
  @Query(() => MetricsResponse, {
    description:
      'Time series of an EVM chain metric (4.3), newest first. Data points have startTimestamp <= timestamp <= endTimestamp.',
  })
  async getEvmChainMetrics(@Args() args: GetEvmChainMetricsArgs, @Ctx() context: SubgraphDeps): Promise<MetricsResponse> {
    const timeInterval = args.timeInterval ?? TimeInterval.day;
    if (isDailyOnly(args.metric) && timeInterval !== TimeInterval.day) {
      throw new BadRequestError(`timeInterval must be day for metric ${args.metric}, which is computed per day only`);
    }
    if (args.startTimestamp !== undefined && args.endTimestamp !== undefined && args.startTimestamp > args.endTimestamp) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    let scope: string;
    if ('evmChainId' in args.chainId) {
      const chain = await context.prisma.evmChain.findUnique({ where: { chainId: args.chainId.evmChainId }, select: { chainId: true } });
      if (!chain) throw new NotFoundError(`chain ${args.chainId.evmChainId} is not indexed by this service`);
      scope = args.chainId.evmChainId.toString();
    } else {
      scope = args.chainId.scope;
    }
    const timestamp = {
      ...(args.startTimestamp !== undefined ? { gte: BigInt(args.startTimestamp) } : {}),
      ...(args.endTimestamp !== undefined ? { lte: BigInt(args.endTimestamp) } : {}),
    };
    const page = await paginate(
      { list: 'metrics', args, signer: context.pageTokens, order: 'desc', keys: metricOrder },
      { scope, metric: args.metric, timeInterval: dbInterval[timeInterval], timestamp },
      (query) => context.prisma.chainMetric.findMany(query),
    );
    return {
      nextPageToken: page.nextPageToken,
      results: page.items.map((row) => ({ value: row.value.toNumber(), timestamp: Number(row.timestamp) })),
    };
  }
}

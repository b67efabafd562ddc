import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { TimeInterval as DbTimeInterval } from '../../../prisma/generated/enums';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { cutPage, decodePageToken, encodePageToken } from '../../shared/paging';
import type { SubgraphDeps } from '../../shared/subgraph';
import { GetEvmChainMetricsArgs } from '../types/metric.args';
import { isDailyOnly, MetricsResponse, TimeInterval } from '../types/metric.type';

const dbInterval: Record<TimeInterval, DbTimeInterval> = {
  hour: DbTimeInterval.HOUR,
  day: DbTimeInterval.DAY,
  week: DbTimeInterval.WEEK,
  month: DbTimeInterval.MONTH,
};

@Resolver()
export class MetricResolver {
  @Query(() => MetricsResponse, {
    description:
      'Time series of an EVM chain metric (4.3), newest first. Data points have startTimestamp <= timestamp <= endTimestamp.',
  })
  async getEvmChainMetrics(@Args() args: GetEvmChainMetricsArgs, @Ctx() context: SubgraphDeps): Promise<MetricsResponse> {
    const timeInterval = args.timeInterval ?? TimeInterval.day;
    if (isDailyOnly(args.metric) && timeInterval !== TimeInterval.day) {
      throw new BadRequestError(`${args.metric} supports only timeInterval=day`);
    }
    if (args.startTimestamp !== undefined && args.endTimestamp !== undefined && args.startTimestamp > args.endTimestamp) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    if (/^\d+$/.test(args.chainId)) {
      const chain = await context.prisma.evmChain.findUnique({ where: { chainId: BigInt(args.chainId) } });
      if (!chain) throw new NotFoundError(`chain ${args.chainId} is not indexed by this service`);
    }
    const scope = `metrics|${args.chainId}|${args.metric}|${timeInterval}|${args.startTimestamp ?? ''}|${args.endTimestamp ?? ''}`;
    const after = args.pageToken ? decodePageToken(context.pageTokens, scope, args.pageToken, ['string']) : undefined;
    const timestamp = {
      ...(args.startTimestamp !== undefined ? { gte: BigInt(args.startTimestamp) } : {}),
      ...(args.endTimestamp !== undefined ? { lte: BigInt(args.endTimestamp) } : {}),
    };
    const rows = await context.prisma.chainMetric.findMany({
      where: {
        scope: args.chainId,
        metric: args.metric,
        timeInterval: dbInterval[timeInterval],
        AND: [{ timestamp }, after ? { timestamp: { lt: BigInt(after[0] as string) } } : {}],
      },
      orderBy: { timestamp: 'desc' },
      take: args.pageSize + 1,
    });
    const page = cutPage(
      rows,
      args.pageSize,
      (row) => [row.timestamp.toString()],
      (key) => encodePageToken(context.pageTokens, scope, key),
    );
    return {
      nextPageToken: page.nextPageToken,
      results: page.items.map((row) => ({ value: row.value.toNumber(), timestamp: Number(row.timestamp) })),
    };
  }
}

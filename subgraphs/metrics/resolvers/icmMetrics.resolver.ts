import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { icmSummary } from '../queries/icmSummary';
import { listIcmMetricPoints } from '../queries/listIcmMetricPoints';
import { GetICMSummaryArgs, GetICMTimeseriesArgs } from '../types/icmMetrics.args';
import { IcmMetricsResponse, IcmSummaryResponse } from '../types/icmMetrics.type';

/** ICM message counts from the rollups of metrics/icmMessageCounts.ts. */
@Resolver()
export class IcmMetricsResolver {
  @Query(() => IcmMetricsResponse, {
    description:
      'ICM messages sent per period, in total or per source, destination or pair, newest first. Data points have startTimestamp <= timestamp <= endTimestamp.',
  })
  async getICMTimeseries(
    @Args() args: GetICMTimeseriesArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<IcmMetricsResponse> {
    if (
      args.startTimestamp !== undefined &&
      args.endTimestamp !== undefined &&
      args.startTimestamp > args.endTimestamp
    ) {
      throw new BadRequestError('startTimestamp must not be after endTimestamp');
    }
    return listIcmMetricPoints(context, args);
  }

  @Query(() => IcmSummaryResponse, {
    description:
      'ICM messages sent in the last hour, day, week, month (30 days), 90 days and year (365 days), each from the start of its first hour, and in all.',
  })
  async getICMSummary(@Args() args: GetICMSummaryArgs, @Ctx() context: SubgraphDeps): Promise<IcmSummaryResponse> {
    return icmSummary(context, args);
  }
}

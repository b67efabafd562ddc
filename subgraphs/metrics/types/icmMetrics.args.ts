import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { Cb58Id } from '../../shared/params/cb58Id';
import { UnixSeconds } from '../../shared/params/numbers';
import { type IcmGroupBy, IcmGroupByScalar } from '../../shared/params/icmGroupBy';
import { TimeInterval } from './metric.type';

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes any constructor arguments
type ArgsClass = abstract new (...args: any[]) => object;

/** The filters and grouping both ICM operations take, added to a base args class. */
function withIcmFilters<Base extends ArgsClass>(Base: Base) {
  @ArgsType()
  abstract class IcmFilterArgs extends Base {
    @Field(() => Cb58Id, {
      nullable: true,
      description: 'Only messages sent from this chain: its blockchain ID (cb58, or hex).',
    })
    srcBlockchainId?: string;

    @Field(() => Cb58Id, {
      nullable: true,
      description: 'Only messages sent to this chain: its blockchain ID (cb58, or hex).',
    })
    destBlockchainId?: string;

    @Field(() => Network, {
      nullable: true,
      description: "Only messages of this network (the source chain's): mainnet, or fuji / testnet.",
    })
    network?: Network;

    @Field(() => IcmGroupByScalar, {
      nullable: true,
      description:
        'Count per source chain, per destination chain, or per pair (srcBlockchainId,destBlockchainId); in total when omitted.',
    })
    groupBy?: IcmGroupBy;
  }
  return IcmFilterArgs;
}

/** Arguments of getICMTimeseries. */
@ArgsType()
export class GetICMTimeseriesArgs extends withIcmFilters(PageArgs('icmMetrics')) {
  @Field(() => UnixSeconds, { nullable: true, description: 'Only data points at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only data points at or before this time (Unix seconds).' })
  endTimestamp?: number;

  @Field(() => TimeInterval, { nullable: true, description: 'hour, day, week or month; day when omitted.' })
  timeInterval?: TimeInterval;
}

/** Arguments of getICMSummary. */
@ArgsType()
export class GetICMSummaryArgs extends withIcmFilters(class {}) {}

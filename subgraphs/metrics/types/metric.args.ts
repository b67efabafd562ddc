import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { MetricsChainId, type MetricsChain } from '../../shared/params/chainId';
import { UnixSeconds } from '../../shared/params/numbers';
import { ChainRollingWindowMetric, EvmChainMetric, TimeInterval } from './metric.type';

/** Arguments of 4.3 chain metrics. */
@ArgsType()
export class GetEvmChainMetricsArgs extends PageArgs('metrics') {
  @Field(() => MetricsChainId, { description: 'A supported EVM chain ID, or total, mainnet, testnet.' })
  chainId!: MetricsChain;

  @Field(() => EvmChainMetric, {
    description: 'The metric: activity counts, throughput, gas and fees, or a cumulative count.',
  })
  metric!: EvmChainMetric;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only data points at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only data points at or before this time (Unix seconds).' })
  endTimestamp?: number;

  @Field(() => TimeInterval, { nullable: true, description: 'hour, day, week or month; day when omitted.' })
  timeInterval?: TimeInterval;
}

/** Arguments of the rolling windows of a chain metric. */
@ArgsType()
export class GetEvmChainRollingWindowMetricsArgs {
  @Field(() => MetricsChainId, { description: 'A supported EVM chain ID, or total, mainnet, testnet.' })
  chainId!: MetricsChain;

  @Field(() => ChainRollingWindowMetric, {
    description: 'The metric: activity counts, throughput, gas and fees.',
  })
  metric!: ChainRollingWindowMetric;
}

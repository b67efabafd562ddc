import { ArgsType, Field } from 'type-graphql';
import { IsInt, IsOptional, Matches, Min } from 'class-validator';
import { PageArgs } from '../../shared/pageArgs';
import { SafeInt } from '../../shared/scalars';
import { EvmChainMetric, TimeInterval } from './metric.type';

/** Arguments of 4.3 chain metrics. */
@ArgsType()
export class GetEvmChainMetricsArgs extends PageArgs('metrics') {
  @Field({ description: 'A supported EVM chain ID, or total, mainnet, testnet.' })
  @Matches(/^(\d{1,20}|total|mainnet|testnet)$/, { message: 'chainId must be an EVM chain ID, total, mainnet or testnet' })
  chainId!: string;

  @Field(() => EvmChainMetric)
  metric!: EvmChainMetric;

  @Field(() => SafeInt, { nullable: true, description: 'Only data points at or after this time (Unix seconds).' })
  @IsOptional()
  @IsInt({ message: 'startTimestamp must be an integer' })
  @Min(0, { message: 'startTimestamp must be at least 0' })
  startTimestamp?: number;

  @Field(() => SafeInt, { nullable: true, description: 'Only data points before this time (Unix seconds).' })
  @IsOptional()
  @IsInt({ message: 'endTimestamp must be an integer' })
  @Min(0, { message: 'endTimestamp must be at least 0' })
  endTimestamp?: number;

  @Field(() => TimeInterval, { nullable: true, description: 'hour, day, week or month; day when omitted.' })
  timeInterval?: TimeInterval;
}

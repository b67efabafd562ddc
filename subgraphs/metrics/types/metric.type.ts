import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** The metrics of 4.3. */
export enum EvmChainMetric {
  activeAddresses = 'activeAddresses',
  activeSenders = 'activeSenders',
  cumulativeTxCount = 'cumulativeTxCount',
  cumulativeAddresses = 'cumulativeAddresses',
  cumulativeContracts = 'cumulativeContracts',
  cumulativeDeployers = 'cumulativeDeployers',
  contracts = 'contracts',
  deployers = 'deployers',
  gasUsed = 'gasUsed',
  txCount = 'txCount',
  avgGps = 'avgGps',
  maxGps = 'maxGps',
  avgTps = 'avgTps',
  maxTps = 'maxTps',
  avgGasPrice = 'avgGasPrice',
  maxGasPrice = 'maxGasPrice',
  feesPaid = 'feesPaid',
}
registerEnumType(EvmChainMetric, { name: 'EvmChainMetric' });

/** Length of the period a data point covers. */
export enum TimeInterval {
  hour = 'hour',
  day = 'day',
  week = 'week',
  month = 'month',
}
registerEnumType(TimeInterval, { name: 'TimeInterval' });

/**
 * Metrics that exist only per day (4.3): cumulative, max and avg metrics, contracts and deployers.
 * @example isDailyOnly(EvmChainMetric.maxTps) // true
 */
export function isDailyOnly(metric: EvmChainMetric): boolean {
  return /^(cumulative|max|avg)/.test(metric) || metric === 'contracts' || metric === 'deployers';
}

/** One data point (2.3). */
@ObjectType({ simpleResolvers: true })
export class MetricDataPoint {
  @Field(() => Float) value!: number;
  @Field(() => SafeInt, { description: 'Start of the period, Unix seconds.' }) timestamp!: number;
}

/** A page of data points. */
@ObjectType({ simpleResolvers: true })
export class MetricsResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [MetricDataPoint]) results!: MetricDataPoint[];
}

/** The metrics with rolling windows (the official `ChainRollingWindowMetric`). */
export enum ChainRollingWindowMetric {
  gasUsed = 'gasUsed',
  txCount = 'txCount',
  avgGps = 'avgGps',
  maxGps = 'maxGps',
  avgTps = 'avgTps',
  maxTps = 'maxTps',
  avgGasPrice = 'avgGasPrice',
  maxGasPrice = 'maxGasPrice',
  feesPaid = 'feesPaid',
  contracts = 'contracts',
  deployers = 'deployers',
  activeAddresses = 'activeAddresses',
  activeSenders = 'activeSenders',
}
registerEnumType(ChainRollingWindowMetric, { name: 'ChainRollingWindowMetric' });

/** A metric's value over each rolling window up to now; a window without a value is absent. */
@ObjectType({ simpleResolvers: true })
export class ChainRollingWindowMetricsValue {
  @Field(() => Float, { nullable: true, description: 'From the start of the previous hour to now.' }) lastHour?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'From the start of the hour 24 hours before the current one to now.',
  })
  lastDay?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'From the start of the hour 7 days before the current one to now.',
  })
  lastWeek?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'From the start of the hour 30 days before the current one to now.',
  })
  lastMonth?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'From the start of the hour 90 days before the current one to now.',
  })
  last90Days?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'From the start of the hour 365 days before the current one to now.',
  })
  lastYear?: number;
  @Field(() => Float, { nullable: true, description: 'Everything indexed.' }) allTime?: number;
}

/** The rolling windows of a metric. */
@ObjectType({ simpleResolvers: true })
export class RollingWindowMetricsApiResponse {
  @Field(() => ChainRollingWindowMetricsValue) result!: ChainRollingWindowMetricsValue;
}

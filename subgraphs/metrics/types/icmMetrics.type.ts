import { Field, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** The messages of one period: of a pair, of one end, or of every message the filters select. */
@ObjectType({ simpleResolvers: true })
export class IcmMetricPoint {
  @Field(() => SafeInt, { description: 'Messages sent in the period.' }) value!: number;
  @Field(() => SafeInt, { description: 'Start of the period, Unix seconds.' }) timestamp!: number;
  @Field({ description: 'The source chain (blockchain ID), or all when the counts are not by source.' })
  srcBlockchainId!: string;
  @Field({ description: 'The destination chain (blockchain ID), or all when the counts are not by destination.' })
  destBlockchainId!: string;
}

/** A page of ICM data points. */
@ObjectType({ simpleResolvers: true })
export class IcmMetricsResponse {
  @Field({ nullable: true }) nextPageToken?: string;
  @Field(() => [IcmMetricPoint]) results!: IcmMetricPoint[];
}

/** Messages sent in each rolling window that ends now. */
@ObjectType({ simpleResolvers: true })
export class IcmRollingWindowCounts {
  @Field(() => SafeInt, { description: 'Messages sent since the start of the hour before the current one.' })
  lastHour!: number;
  @Field(() => SafeInt, { description: 'Messages of the last 24 hours (from the hour they start in).' })
  lastDay!: number;
  @Field(() => SafeInt, { description: 'Messages of the last 7 days (from the hour they start in).' })
  lastWeek!: number;
  @Field(() => SafeInt, { description: 'Messages of the last 30 days (from the hour they start in).' })
  lastMonth!: number;
  @Field(() => SafeInt, { description: 'Messages of the last 90 days (from the hour they start in).' })
  last90Days!: number;
  @Field(() => SafeInt, { description: 'Messages of the last 365 days (from the hour they start in).' })
  lastYear!: number;
  @Field(() => SafeInt, { description: 'Every message indexed.' })
  allTime!: number;
  @Field({ description: 'The source chain filtered on (blockchain ID), or all.' })
  srcBlockchainId!: string;
  @Field({ description: 'The destination chain filtered on (blockchain ID), or all.' })
  destBlockchainId!: string;
}

/** The ICM summary. */
@ObjectType({ simpleResolvers: true })
export class IcmSummaryResponse {
  @Field(() => IcmRollingWindowCounts) result!: IcmRollingWindowCounts;
}

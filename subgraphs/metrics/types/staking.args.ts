import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { Cb58Id } from '../../shared/params/cb58Id';
import { UnixSeconds } from '../../shared/params/numbers';
import { NetworkMetric } from './staking.type';

/** Arguments of getStakingMetrics. */
@ArgsType()
export class GetStakingMetricsArgs extends PageArgs('metrics') {
  @Field(() => Network, { description: 'Either mainnet or testnet/fuji.' })
  network!: Network;

  @Field(() => NetworkMetric, {
    description:
      "The metric: validations or delegations in the set during each day's last second, or their stake (weight on subnets).",
  })
  metric!: NetworkMetric;

  @Field(() => Cb58Id, {
    nullable: true,
    description: 'The subnet or L1; the primary network (11111111111111111111111111111111LpoYY) when omitted.',
  })
  subnetId?: string;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only days starting at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'Only days starting at or before this time (Unix seconds).',
  })
  endTimestamp?: number;
}

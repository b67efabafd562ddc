import { ArgsType, Field } from 'type-graphql';
import { Cb58Id } from '../../shared/params/cb58Id';
import { NodeId } from '../../shared/params/nodeId';
import { UnixSeconds } from '../../shared/params/numbers';
import { L1NodeMetric, L1SubnetMetric, L1ValidationMetric, L1ValidatorsMetric } from './l1ValidatorFees.type';

/** The time range every L1 validator fee operation takes. */
@ArgsType()
abstract class L1FeeRangeArgs {
  @Field(() => UnixSeconds, { nullable: true, description: 'Only days starting at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'Only days starting at or before this time (Unix seconds).',
  })
  endTimestamp?: number;
}

/** Arguments of getTotalL1ValidatorMetrics. */
@ArgsType()
export class GetTotalL1ValidatorMetricsArgs extends L1FeeRangeArgs {
  @Field(() => L1ValidatorsMetric, {
    description:
      "The metric: mainnet's L1 validator fees of each day, their running total, or the validations that paid a fee that day.",
  })
  metric!: L1ValidatorsMetric;
}

/** Arguments of getMetricsByValidationId. */
@ArgsType()
export class GetMetricsByValidationIdArgs extends L1FeeRangeArgs {
  @Field(() => Cb58Id, { description: "The L1 validation's ID (mainnet's, else Fuji's)." })
  l1ValidationId!: string;

  @Field(() => L1ValidationMetric, {
    description: "The metric: the validation's fees of each day, or their running total.",
  })
  metric!: L1ValidationMetric;
}

/** Arguments of getMetricsByNodeId. */
@ArgsType()
export class GetMetricsByNodeIdArgs extends L1FeeRangeArgs {
  @Field(() => NodeId, { description: 'A node with L1 validations (on mainnet, else on Fuji).' })
  nodeId!: string;

  @Field(() => L1NodeMetric, {
    description: "The metric: the fees of the node's L1 validations of each day, or their running total.",
  })
  metric!: L1NodeMetric;
}

/** Arguments of getMetricsBySubnetId. */
@ArgsType()
export class GetMetricsBySubnetIdArgs extends L1FeeRangeArgs {
  @Field(() => Cb58Id, { description: "The subnet (mainnet's, else Fuji's)." })
  subnetId!: string;

  @Field(() => L1SubnetMetric, {
    description:
      "The metric: the fees of the L1's validations of each day, their running total, or the validations that paid a fee that day.",
  })
  metric!: L1SubnetMetric;
}

import { registerEnumType } from 'type-graphql';

/** The metrics of getTotalL1ValidatorMetrics: the L1 validator fees of the whole network. */
export enum L1ValidatorsMetric {
  totalCumulativeFeesDaily = 'totalCumulativeFeesDaily',
  totalValidatorFeesDaily = 'totalValidatorFeesDaily',
  totalPayingValidatorsDaily = 'totalPayingValidatorsDaily',
}
registerEnumType(L1ValidatorsMetric, { name: 'L1ValidatorsMetric' });

/** The metrics of getMetricsByValidationId: the fees one L1 validation pays. */
export enum L1ValidationMetric {
  validationCumulativeFeesDaily = 'validationCumulativeFeesDaily',
  validationFeesDaily = 'validationFeesDaily',
}
registerEnumType(L1ValidationMetric, { name: 'L1ValidationMetric' });

/** The metrics of getMetricsByNodeId: the fees a node's L1 validations pay. */
export enum L1NodeMetric {
  perNodeCumulativeFeesPaid = 'perNodeCumulativeFeesPaid',
  perNodeDailyFeesPaid = 'perNodeDailyFeesPaid',
}
registerEnumType(L1NodeMetric, { name: 'L1NodeMetric' });

/** The metrics of getMetricsBySubnetId: the fees an L1's validations pay, and how many pay. */
export enum L1SubnetMetric {
  perSubnetDailyFeesPaid = 'perSubnetDailyFeesPaid',
  perSubnetCumulativeFeesPaid = 'perSubnetCumulativeFeesPaid',
  perSubnetPayingValidators = 'perSubnetPayingValidators',
}
registerEnumType(L1SubnetMetric, { name: 'L1SubnetMetric' });

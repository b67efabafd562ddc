import { registerEnumType } from 'type-graphql';

/** The metrics of getStakingMetrics: a subnet's validators and delegators, counted and weighed. */
export enum NetworkMetric {
  delegatorCount = 'delegatorCount',
  delegatorWeight = 'delegatorWeight',
  validatorCount = 'validatorCount',
  validatorWeight = 'validatorWeight',
}
registerEnumType(NetworkMetric, { name: 'NetworkMetric' });

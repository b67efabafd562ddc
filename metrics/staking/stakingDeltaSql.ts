// What a validation or a delegation adds to its subnet's day rows (staking_metric_delta): +1 and its
// stake on the day it enters the set, −1 and its stake on the day it leaves it. A day's point is the
// running sum up to that day: the set during the day's last second (docs/api-decisions.md,
// getStakingMetrics). Delegations go to primary-network validators: they count in the primary network.
// Used by the write path's hook (countStakingMetrics.ts) over the rows a block
// touches, and by the rebuild over every row, so both give the same rows.
import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';

/** Seconds of a day; days start at 00:00 UTC. */
export const DAY = 86_400;

const day = (seconds: string) => `(${seconds}) - (${seconds}) % ${DAY}`;

/**
 * When a validation leaves the set: the earlier of its end and its removal, never before its start
 * (removed while pending: it enters and leaves on one day); NULL while no end is known (an L1 validation).
 */
const leaves = `CASE WHEN LEAST(v.end_timestamp, v.removed_timestamp) IS NULL THEN NULL
  ELSE GREATEST(v.start_timestamp, LEAST(v.end_timestamp, v.removed_timestamp)) END`;

/**
 * The contribution rows of the validations and delegations the conditions select, one per row and
 * day it enters or leaves, columns as the table's (`network`, `subnet_id`, `day`, the four counts).
 * An L1 validation's weight counts 0: the index keeps its current weight, not the weights it had.
 * @param validators condition on `validator v`
 * @param delegations condition on `delegation d`
 * @returns the SELECT
 * @example stakingContributionsSql('TRUE', 'TRUE')
 */
export function stakingContributionsSql(validators: string, delegations: string): string {
  return `SELECT v.network, v.subnet_id, e.day, e.sign::bigint AS validator_count,
    e.sign * (CASE WHEN v.is_l1_validator THEN 0 ELSE v.amount_staked END) AS validator_weight,
    0::bigint AS delegator_count, 0::numeric AS delegator_weight
  FROM validator v CROSS JOIN LATERAL (VALUES (${day('v.start_timestamp')}, 1), (${day(leaves)}, -1)) e (day, sign)
  WHERE e.day IS NOT NULL AND ${validators}
  UNION ALL
  SELECT d.network, '${PRIMARY_NETWORK_ID}', e.day, 0, 0, e.sign::bigint, e.sign * d.amount_delegated
  FROM delegation d CROSS JOIN LATERAL (VALUES (${day('d.start_timestamp')}, 1), (${day('d.end_timestamp')}, -1)) e (day, sign)
  WHERE ${delegations}`;
}

/**
 * Adds `sign` × the contributions of the selected rows to the day rows (a row per network, subnet
 * and day, created at its first change).
 * @param sign 1 to add, −1 to take away
 * @param validators condition on `validator v`
 * @param delegations condition on `delegation d`
 * @returns the INSERT … ON CONFLICT statement
 * @example await tx.query(mergeStakingDeltaSql(1, 'TRUE', 'TRUE'))
 */
export function mergeStakingDeltaSql(sign: 1 | -1, validators: string, delegations: string): string {
  return `INSERT INTO staking_metric_delta AS s (network, subnet_id, day, validator_count, validator_weight, delegator_count, delegator_weight)
  SELECT network, subnet_id, day, ${sign} * sum(validator_count), ${sign} * sum(validator_weight), ${sign} * sum(delegator_count), ${sign} * sum(delegator_weight)
  FROM (${stakingContributionsSql(validators, delegations)}) c
  GROUP BY network, subnet_id, day
  ON CONFLICT (network, subnet_id, day) DO UPDATE SET
    validator_count = s.validator_count + excluded.validator_count,
    validator_weight = s.validator_weight + excluded.validator_weight,
    delegator_count = s.delegator_count + excluded.delegator_count,
    delegator_weight = s.delegator_weight + excluded.delegator_weight`;
}

// The status of a validation (or a delegation) as a function of time. Statuses are never stored: a
// stored status is right only at the instant it was written (the demo data's DEMO_NOW, or the block an
// indexer last saw), while the API answers "now". Spec 2.5: completed, active, pending, removed.

/** Unix seconds, as stored (BigInt columns) or as a JS number. */
export type Timestamp = bigint | number;

/** `validationStatus` of spec 2.5, in the API's spelling. */
export type ValidationStatus = 'completed' | 'active' | 'pending' | 'removed';

/** Every {@link ValidationStatus}, for parameter validation and exhaustive tests. */
export const VALIDATION_STATUSES: readonly ValidationStatus[] = ['completed', 'active', 'pending', 'removed'];

/** What the rule reads: the staking period and, for validators, when a transaction removed it. */
export type StakingPeriod = {
  startTimestamp: Timestamp;
  /** Null for L1 validators, which have no end time. */
  endTimestamp: Timestamp | null;
  /**
   * Block time of the transaction that took the validation out of the set before its end
   * (RemoveSubnetValidatorTx, SetL1ValidatorWeightTx to weight 0). Absent for delegations.
   */
  removedTimestamp?: Timestamp | null;
};

/**
 * The status of a validation or delegation at `now`, first match wins:
 * `removed` once a removing transaction is accepted (`removedTimestamp <= now`); otherwise `pending`
 * while `now < startTimestamp`, `completed` once `endTimestamp <= now`, else `active` (L1 validators,
 * with no end, stay active until removed).
 *
 * The SQL forms (`validationStatusWhere`, `delegationStatusWhere`) select exactly the rows this
 * returns a given status for; `test/domain/validationStatusWhere.test.ts` checks it on the demo data.
 * @param period start and end times, and the removal time of a removed validation
 * @param now the instant of the question, Unix seconds
 * @returns the status at `now`
 * @example
 * validationStatusAt({ startTimestamp: 100n, endTimestamp: 200n }, 150) // 'active'
 * validationStatusAt({ startTimestamp: 100n, endTimestamp: null, removedTimestamp: 120n }, 150) // 'removed'
 */
export function validationStatusAt(period: StakingPeriod, now: Timestamp): ValidationStatus {
  const t = BigInt(now);
  if (period.removedTimestamp !== undefined && period.removedTimestamp !== null && BigInt(period.removedTimestamp) <= t)
    return 'removed';
  if (t < BigInt(period.startTimestamp)) return 'pending';
  if (period.endTimestamp !== null && BigInt(period.endTimestamp) <= t) return 'completed';
  return 'active';
}

// The staking metrics' hook into writeBlock (its `beforeRows`): the validations and delegations a
// block write adds or changes take their stored contribution out of the day rows before the rows go
// in, and put their new one in after, in the block's transaction. Only changes to what a
// contribution reads (subnet, times, stake) count: the refresh's uptime and balance updates do not.
// The P-Chain is final (no reorg rewinds these rows); `npm run metrics:rebuild` recomputes them.
import type { SqlExecutor } from '../../prisma/database';
import type { BeforeRows, BlockWrite } from '../../prisma/write/writeBlock';
import { mergeStakingDeltaSql } from './stakingDeltaSql';

/** The fields of a validation its contribution reads. */
const VALIDATOR_FIELDS = [
  'subnetId',
  'startTimestamp',
  'endTimestamp',
  'removedTimestamp',
  'amountStaked',
  'isL1Validator',
] as const;

/** The rows of a write, as `(network, key)` pairs of the database's spelling. */
type Keys = { networks: string[]; ids: string[] };

/**
 * The validations and delegations whose contribution a write may change.
 * @param blocks the write
 * @returns validation IDs and delegation tx hashes, with their networks
 * @example stakingKeys([write]).validators.ids
 */
export function stakingKeys(blocks: readonly BlockWrite[]): { validators: Keys; delegations: Keys } {
  const validators: Keys = { networks: [], ids: [] };
  const delegations: Keys = { networks: [], ids: [] };
  const add = (into: Keys, network: unknown, id: unknown) => {
    into.networks.push(String(network).toLowerCase());
    into.ids.push(String(id));
  };
  for (const block of blocks) {
    for (const row of [...(block.rows?.Validator ?? []), ...(block.upserts?.Validator ?? [])])
      add(validators, row.network, row.validationId);
    for (const row of [...(block.rows?.Delegation ?? []), ...(block.upserts?.Delegation ?? [])])
      add(delegations, row.network, row.txHash);
    for (const update of block.updates ?? []) {
      if (update.model === 'Validator' && VALIDATOR_FIELDS.some((field) => field in update.set)) {
        if (update.where.validationId === undefined || update.where.network === undefined)
          throw new Error('staking metrics: a validator update that changes its period names no validation');
        add(validators, update.where.network, update.where.validationId);
      }
      if (
        update.model === 'Delegation' &&
        ['startTimestamp', 'endTimestamp', 'amountDelegated'].some((f) => f in update.set)
      )
        throw new Error('staking metrics: a delegation changed its period or stake after it was written');
    }
  }
  return { validators, delegations };
}

// By primary key: the keys cast to the key's types.
const VALIDATORS =
  '(v.network, v.validation_id) IN (SELECT n::network, i FROM unnest($1::text[], $2::text[]) k (n, i))';
const DELEGATIONS = '(d.network, d.tx_hash) IN (SELECT n::network, i FROM unnest($3::text[], $4::text[]) k (n, i))';

/**
 * Moves the contributions of the given rows: out with `sign` −1 before they change, in with 1 after.
 * @param executor the block's transaction
 * @param sign −1 or 1
 * @param keys what {@link stakingKeys} returned
 * @returns when merged
 * @example await moveStakingContributions(tx, 1, stakingKeys(blocks))
 */
export async function moveStakingContributions(
  executor: SqlExecutor,
  sign: 1 | -1,
  keys: ReturnType<typeof stakingKeys>,
): Promise<void> {
  await executor.query(mergeStakingDeltaSql(sign, VALIDATORS, DELEGATIONS), [
    keys.validators.networks,
    keys.validators.ids,
    keys.delegations.networks,
    keys.delegations.ids,
  ]);
}

/**
 * The write path's hook that keeps the staking metrics' day rows, in the block's transaction.
 * @example await writeBlock(db, write, { beforeRows: [countStakingMetrics, webhooks] })
 */
export const countStakingMetrics: BeforeRows = async (tx, blocks) => {
  const keys = stakingKeys(blocks);
  if (keys.validators.ids.length === 0 && keys.delegations.ids.length === 0) return;
  await moveStakingContributions(tx, -1, keys);
  return () => moveStakingContributions(tx, 1, keys);
};

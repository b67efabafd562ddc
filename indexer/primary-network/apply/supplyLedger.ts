// The P-Chain's current supply while the indexer applies blocks (the rule: domain/currentSupply.ts).
// The supply can be followed only from the genesis: a chain indexed from a later height has no
// way to learn the supply of a past block (the node reports the current value alone), so its
// blocks carry the node's latest report instead (README, indexer section).
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import {
  PENDING_PRIORITY,
  promotePendingStakers,
  rewardRefused,
  stakerEntersCurrentSet,
  STAKING_PARAMETERS,
  type SupplyStaker,
} from '../../../domain';
import type { Database } from '../../../prisma/database';
import type { BlockChanges } from './blockChanges';

/** A staker waiting to start, and the row its potential reward goes to once it does. */
export type PendingStaker = SupplyStaker & { model: 'Validator' | 'Delegation' };

/** The supply as a block's transactions move it. */
export type SupplyLedger = {
  /** The supply after what has been applied, nAVAX; null when the index cannot know it. */
  supply: bigint | null;
  /** Stakers added with a future start (before Durango), not in the current set yet. */
  pending: PendingStaker[];
};

/** The ledger of a chain whose supply the index cannot know (indexed from a later height; the X-Chain). */
export const UNKNOWN_SUPPLY: SupplyLedger = Object.freeze({ supply: null, pending: [] });

const rewardConfig = (network: 'MAINNET' | 'FUJI') =>
  STAKING_PARAMETERS[network === 'MAINNET' ? 'mainnet' : 'fuji'].reward;

/**
 * A copy for one block to move (the follower keeps the old one until the block is written).
 * @example const ledger = copyLedger(memory.supply)
 */
export function copyLedger(ledger: SupplyLedger): SupplyLedger {
  return ledger.supply === null ? UNKNOWN_SUPPLY : { supply: ledger.supply, pending: [...ledger.pending] };
}

/**
 * A primary-network staker is added: it enters the current set now (from Durango on, and at the
 * genesis) and its potential reward joins the supply, or it waits for its start time.
 * @param ledger the block's ledger (moved)
 * @param network the network
 * @param staker the staker's transaction, weight, period and row
 * @param entersNow whether it is in the current set from this block on
 * @returns its potential reward, or null when it waits or the supply is unknown
 * @example const reward = stakerAdded(ctx.supply, ctx.network, { txId, weight, start, end, priority: 2, model: 'Validator' }, true)
 */
export function stakerAdded(
  ledger: SupplyLedger,
  network: 'MAINNET' | 'FUJI',
  staker: PendingStaker,
  entersNow: boolean,
): bigint | null {
  if (ledger.supply === null) return null;
  if (!entersNow) {
    ledger.pending.push(staker);
    return null;
  }
  const entered = stakerEntersCurrentSet(ledger.supply, staker, rewardConfig(network));
  ledger.supply = entered.supply;
  return entered.potentialReward;
}

/**
 * The chain time moved to `chainTime`: the stakers waiting for it enter the set, their rewards
 * join the supply and are recorded on their rows.
 * @param ledger the block's ledger (moved)
 * @param network the network
 * @param chainTime the block's chain time
 * @param changes the block's working set
 * @example advanceChainTime(ledger, 'FUJI', blockTimestamp, changes)
 */
export function advanceChainTime(
  ledger: SupplyLedger,
  network: 'MAINNET' | 'FUJI',
  chainTime: bigint,
  changes: BlockChanges,
): void {
  if (ledger.supply === null || ledger.pending.length === 0) return;
  const { supply, entered, waiting } = promotePendingStakers(
    ledger.supply,
    ledger.pending,
    chainTime,
    rewardConfig(network),
  );
  ledger.supply = supply;
  ledger.pending = waiting;
  for (const { staker, potentialReward } of entered) {
    const reward = potentialReward.toString();
    if (staker.model === 'Validator')
      changes.update('Validator', { network, validationId: staker.txId }, { potentialReward: reward });
    else changes.update('Delegation', { network, txHash: staker.txId }, { potentialReward: reward });
  }
}

/**
 * A primary-network staker leaves unrewarded (aborted RewardValidatorTx): its potential reward
 * comes off the supply. A staker whose reward the index never computed (rows written by other
 * means) makes the supply unknown from here on.
 * @example stakerRefused(ctx.supply, validator.potentialReward)
 */
export function stakerRefused(ledger: SupplyLedger, reward: bigint | null): void {
  if (ledger.supply === null) return;
  if (reward === null) {
    ledger.supply = null;
    ledger.pending = [];
    return;
  }
  ledger.supply = rewardRefused(ledger.supply, reward);
}

/**
 * The ledger at resume: exact when the index followed the supply from the network's genesis (its
 * initial stakers, written from genesisFile at height 0, carry their potential rewards; an index
 * written before the supply was followed has none), with the last block's supply and the stakers
 * still waiting to start; else unknown.
 * @param db the database
 * @param network the network
 * @param chainId the P-Chain's blockchain ID
 * @param lastSupply the supply stored with the last indexed block
 * @returns the ledger
 * @example const ledger = await resumeLedger(db, 'FUJI', P_CHAIN_ID, BigInt(block.current_supply))
 */
export async function resumeLedger(
  db: Pick<Database, 'query'>,
  network: 'MAINNET' | 'FUJI',
  chainId: string,
  lastSupply: bigint,
): Promise<SupplyLedger> {
  const dbNetwork = network.toLowerCase();
  const [followed] = await db.query<{ one: number }>(
    `SELECT 1 AS one FROM validator v JOIN primary_network_transaction t ON t.network = v.network AND t.tx_hash = v.tx_hash
      WHERE v.network = $1 AND v.subnet_id = $2 AND v.block_index = 0 AND t.blockchain_id = $3 AND v.potential_reward IS NOT NULL LIMIT 1`,
    [dbNetwork, PRIMARY_NETWORK_ID, chainId],
  );
  if (!followed) return UNKNOWN_SUPPLY;
  const rows = await db.query<{
    model: 'Validator' | 'Delegation';
    tx_hash: string;
    weight: string;
    start_timestamp: bigint;
    end_timestamp: bigint;
    tx_type: string;
  }>(
    `SELECT 'Validator' AS model, v.tx_hash, v.amount_staked::text AS weight, v.start_timestamp, v.end_timestamp, t.tx_type
       FROM validator v JOIN primary_network_transaction t ON t.network = v.network AND t.tx_hash = v.tx_hash
      WHERE v.network = $1 AND v.subnet_id = $2 AND NOT v.is_l1_validator AND v.potential_reward IS NULL AND v.removed_at_block_index IS NULL
     UNION ALL
     SELECT 'Delegation', d.tx_hash, d.amount_delegated::text, d.start_timestamp, d.end_timestamp, t.tx_type
       FROM delegation d JOIN primary_network_transaction t ON t.network = d.network AND t.tx_hash = d.tx_hash
      WHERE d.network = $1 AND d.potential_reward IS NULL AND d.reward_tx_hash IS NULL`,
    [dbNetwork, PRIMARY_NETWORK_ID],
  );
  const pending = rows.map(
    (r): PendingStaker => ({
      model: r.model,
      txId: r.tx_hash,
      weight: BigInt(r.weight),
      start: BigInt(r.start_timestamp),
      end: BigInt(r.end_timestamp),
      priority: pendingPriority(r.tx_type),
    }),
  );
  return { supply: lastSupply, pending };
}

/** avalanchego's pending priority of a primary-network staking transaction type. */
export function pendingPriority(txType: string): number {
  const priority = PENDING_PRIORITY[txType];
  if (priority === undefined) throw new Error(`${txType} is not a primary-network staking transaction`);
  return priority;
}

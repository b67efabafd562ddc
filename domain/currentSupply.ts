// The P-Chain's current supply as avalanchego keeps it (vms/platformvm: state.syncGenesis,
// txs/executor advanceTimeTo, the standard executor's post-Durango stakers, the proposal
// executor's undoSupplyMintOnAbort): the genesis allocations, plus a staker's potential reward
// from the moment the staker enters the current set, minus that reward again when its
// RewardValidatorTx is aborted (the staker leaves unrewarded). Burned fees are not taken off: the
// node calls the value an upper bound of the supply. Permissionless subnets keep supplies of their
// own and permissioned subnet validators earn nothing, so only primary-network stakers move it.
import { cb58Decode } from '../avalanche/cb58';
import { potentialReward } from './potentialReward';
import type { RewardConfig } from './stakingParameters';

/** A primary-network staker, as the supply sees it. */
export type SupplyStaker = {
  /** Its transaction: the last tie-breaker of the order stakers enter the set in. */
  txId: string;
  /** Weight the transaction stakes, nAVAX. */
  weight: bigint;
  /** Staking period, seconds. */
  start: bigint;
  end: bigint;
  /** Pending priority ({@link PENDING_PRIORITY}): the tie-breaker between stakers starting at the same time. */
  priority: number;
};

/**
 * avalanchego's pending priorities of primary-network stakers (vms/platformvm/txs/priorities.go):
 * Apricot delegators enter the set before validators, Banff delegators after them.
 */
export const PENDING_PRIORITY: Readonly<Record<string, number>> = Object.freeze({
  AddDelegatorTx: 1,
  AddValidatorTx: 2,
  AddPermissionlessValidatorTx: 2,
  AddPermissionlessDelegatorTx: 3,
});

/**
 * A staker enters the current set: the supply grows by its potential reward, computed on the
 * supply before it.
 * @param supply the supply before, nAVAX
 * @param staker weight and staking period
 * @param config the network's reward configuration
 * @returns the supply after, and the staker's potential reward
 * @example stakerEntersCurrentSet(supply, { weight: 2_000n * AVAX, start, end }, STAKING_PARAMETERS.fuji.reward)
 */
export function stakerEntersCurrentSet(
  supply: bigint,
  staker: Pick<SupplyStaker, 'weight' | 'start' | 'end'>,
  config: RewardConfig,
): { supply: bigint; potentialReward: bigint } {
  const reward = potentialReward(
    { stakedAmount: staker.weight, stakedDuration: staker.end - staker.start, currentSupply: supply },
    config,
  );
  return { supply: supply + reward, potentialReward: reward };
}

/**
 * avalanchego's staker order (state.Staker.Less) for stakers waiting to start: start time, then
 * pending priority, then transaction ID bytes.
 * @example pending.sort(comparePendingStakers)
 */
export function comparePendingStakers(a: SupplyStaker, b: SupplyStaker): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.priority !== b.priority) return a.priority - b.priority;
  return Buffer.compare(cb58Decode(a.txId), cb58Decode(b.txId));
}

/**
 * The chain time moves to `chainTime` (before Durango): the stakers waiting for it enter the
 * current set one by one in avalanchego's order, each reward computed on the supply the ones
 * before it left.
 * @param supply the supply before, nAVAX
 * @param pending stakers added with a future start, not in the set yet
 * @param chainTime the new chain time, seconds
 * @param config the network's reward configuration
 * @returns the supply after, the stakers that entered with their rewards (in order), those still waiting
 * @example const { supply, entered, waiting } = promotePendingStakers(supply, pending, blockTime, STAKING_PARAMETERS.mainnet.reward)
 */
export function promotePendingStakers<S extends SupplyStaker>(
  supply: bigint,
  pending: readonly S[],
  chainTime: bigint,
  config: RewardConfig,
): { supply: bigint; entered: { staker: S; potentialReward: bigint }[]; waiting: S[] } {
  const entered: { staker: S; potentialReward: bigint }[] = [];
  const waiting: S[] = [];
  for (const staker of [...pending].sort(comparePendingStakers)) {
    if (staker.start > chainTime) {
      waiting.push(staker);
      continue;
    }
    const next = stakerEntersCurrentSet(supply, staker, config);
    supply = next.supply;
    entered.push({ staker, potentialReward: next.potentialReward });
  }
  return { supply, entered, waiting };
}

/**
 * A staker leaves unrewarded (aborted RewardValidatorTx): its potential reward was counted in the
 * supply when it entered the set, and comes off again.
 * @example supply = rewardRefused(supply, validator.potentialReward)
 */
export function rewardRefused(supply: bigint, reward: bigint): bigint {
  return supply - reward;
}

// Shapes and rules of primary-network staking shared by the staker and delegation planners.
import type { PAddress } from '../accounts';
import { AVAX, DAY, type NetworkName } from '../constants';
import type { ChainEvent } from './events';

/** Status of a validation or delegation relative to DEMO_NOW. */
export type StakeStatus = 'COMPLETED' | 'ACTIVE' | 'PENDING';

/** One staking period: a validation or a delegation. */
export type Stake = {
  kind: 'validator' | 'delegator';
  nodeIndex: number;
  nodeId: string;
  owner: PAddress;
  amount: bigint;
  start: number;
  end: number;
  status: StakeStatus;
  /** stakeable.LockOut locktime of the stake output; 0 when unlocked. */
  stakeableLocktime: bigint;
  addEvent: ChainEvent;
  rewardEvent?: ChainEvent;
  /** Paid (completed) or potential (active, pending) reward of the staker, nAVAX. */
  reward: bigint;
  /** Delegation fee earned by the validator: sum over its delegations (validators) or this one's fee (delegations). */
  feeReward: bigint;
  /** Delegations of a validation. */
  delegations: Stake[];
  /** Validation a delegation belongs to. */
  validator?: Stake;
  /** The node's previous validation, whose returned stake this one spends (restaking). */
  previous?: Stake;
  /** Validation fee, percent (validators). */
  feePercent: number;
  uptimePercent: number;
  connected: boolean;
};

/** Per-network staking rules (mainnet values from the P-Chain's staking config). */
export type StakingRules = { nodes: number; minStake: bigint; maxStake: bigint; minDelegation: bigint; historyStart: number };

/** Staking rules of the demo networks. */
export const STAKING: Record<NetworkName, StakingRules> = {
  mainnet: { nodes: 600, minStake: 2_000n * AVAX, maxStake: 3_000_000n * AVAX, minDelegation: 25n * AVAX, historyStart: 1_680_307_200 },
  fuji: { nodes: 220, minStake: 1n * AVAX, maxStake: 3_000_000n * AVAX, minDelegation: 1n * AVAX, historyStart: 1_680_307_200 },
};

const YEAR = 365 * DAY;

/**
 * The potential reward of a stake: a flat 7.5 % a year of the amount (the real curve also
 * depends on supply; flat keeps the demo numbers easy to check).
 * @param amount staked nAVAX
 * @param seconds staking duration
 * @returns reward in nAVAX
 * @example stakingReward(2000n * AVAX, 365 * DAY) // 150 AVAX
 */
export function stakingReward(amount: bigint, seconds: number): bigint {
  return (amount * 75n * BigInt(seconds)) / (1000n * BigInt(YEAR));
}

/**
 * Maximum weight a validator may reach with delegations: min(5 × stake, max stake).
 * @param stake own stake
 * @param rules network rules
 * @returns nAVAX
 * @example maxValidatorWeight(2000n * AVAX, STAKING.mainnet) // 10,000 AVAX
 */
export function maxValidatorWeight(stake: bigint, rules: StakingRules): bigint {
  const five = stake * 5n;
  return five < rules.maxStake ? five : rules.maxStake;
}

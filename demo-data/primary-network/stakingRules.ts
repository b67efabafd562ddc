// Shapes of primary-network staking shared by the staker and delegation planners, and how the demo
// applies the domain's staking rules (domain/: statuses, parameters, rewards) at DEMO_NOW.
import {
  potentialReward,
  STAKING_PARAMETERS,
  validationStatusAt,
  type StakingParameters,
  type ValidationStatus,
} from '../../domain';
import type { PAddress } from '../accounts';
import { DEMO_NOW, type NetworkName } from '../constants';
import type { ChainEvent } from './events';
import { supplyAt } from './supply';

/** Status of a primary-network stake at DEMO_NOW (primary-network stakes are never removed). */
export type StakeStatus = Exclude<ValidationStatus, 'removed'>;

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

/** The network's staking parameters, plus the demo's network size and start of its staking history. */
export type DemoStakingRules = StakingParameters & { nodes: number; historyStart: number };

/** Staking rules of the demo networks. */
export const STAKING: Record<NetworkName, DemoStakingRules> = {
  mainnet: { ...STAKING_PARAMETERS.mainnet, nodes: 600, historyStart: 1_680_307_200 },
  fuji: { ...STAKING_PARAMETERS.fuji, nodes: 220, historyStart: 1_680_307_200 },
};

/**
 * Status of a staking period at DEMO_NOW (domain rule `validationStatusAt`).
 * @param start start, Unix seconds
 * @param end end, Unix seconds
 * @returns completed, active or pending
 * @example stakeStatus(DEMO_NOW - 10, DEMO_NOW + 10) // 'active'
 */
export function stakeStatus(start: number, end: number): StakeStatus {
  return validationStatusAt({ startTimestamp: start, endTimestamp: end }, DEMO_NOW) as StakeStatus;
}

/**
 * The P-Chain's potential reward of a stake (domain rule `potentialReward`), with the demo's supply
 * at the stake's start as the current supply.
 * @param network mainnet or fuji
 * @param amount staked nAVAX
 * @param start start, Unix seconds
 * @param end end, Unix seconds
 * @returns nAVAX
 * @example stakeReward('mainnet', 2_000n * AVAX, start, start + 365 * DAY) // about 7 % of the stake
 */
export function stakeReward(network: NetworkName, amount: bigint, start: number, end: number): bigint {
  return potentialReward(
    { stakedAmount: amount, stakedDuration: end - start, currentSupply: supplyAt(network, start) },
    STAKING_PARAMETERS[network].reward,
  );
}

// The running totals behind the AVAX supply (getAvaxSupply), kept per chain with each block by the
// primary-network indexer and the demo generator alike: fees burned, L1 validator fees charged,
// staking rewards paid. A chain's totals after a block are its totals before plus the block's part.
import { amountBurned, type AssetAmount } from './amountBurned';

/** A chain's totals up to a block, nAVAX. */
export type SupplyTotals = {
  /** Fees burned: transactions' AVAX consumed minus emitted (beside L1 validator deposits), plus L1 validator fees charged. */
  burned: bigint;
  /** L1 validator fees charged (the continuous fee, avalanchego's accrued fees per active validator). */
  l1ValidatorFees: bigint;
  /** Staking rewards paid (reward UTXOs of RewardValidatorTx). */
  rewards: bigint;
};

/** The totals of a chain before its first block. */
export const NO_SUPPLY_TOTALS: Readonly<SupplyTotals> = Object.freeze({ burned: 0n, l1ValidatorFees: 0n, rewards: 0n });

/** One transaction's AVAX flows. */
export type TxAvaxFlows = {
  /** What its inputs consume (imported ones included). */
  consumed: readonly AssetAmount[];
  /** What its outputs emit (exported and staked ones included). */
  emitted: readonly AssetAmount[];
  /**
   * AVAX it moves into L1 validator balances (ConvertSubnetToL1Tx, RegisterL1ValidatorTx,
   * IncreaseL1ValidatorBalanceTx): held for the continuous fee, burned as the fee is charged.
   */
  l1Deposited: bigint;
  /** Staking rewards it pays (a committed RewardValidatorTx's reward UTXOs), minted. */
  rewards: bigint;
};

/**
 * Adds a transaction to the totals.
 * @param totals the totals before it
 * @param flows its flows
 * @param avaxAssetId the network's AVAX asset ID
 * @returns the totals after it
 * @example totals = addTransaction(totals, { consumed, emitted, l1Deposited: 0n, rewards: 0n }, avax)
 */
export function addTransaction(totals: SupplyTotals, flows: TxAvaxFlows, avaxAssetId: string): SupplyTotals {
  const avax = amountBurned(flows.consumed, flows.emitted).get(avaxAssetId) ?? 0n;
  return {
    ...totals,
    burned: totals.burned + avax - flows.l1Deposited,
    rewards: totals.rewards + flows.rewards,
  };
}

/**
 * Adds the L1 validator fees a block charged (burned as they are charged).
 * @param totals the totals before
 * @param charged nAVAX charged
 * @returns the totals after
 * @example totals = addL1ValidatorFees(totals, 512n)
 */
export function addL1ValidatorFees(totals: SupplyTotals, charged: bigint): SupplyTotals {
  return { ...totals, burned: totals.burned + charged, l1ValidatorFees: totals.l1ValidatorFees + charged };
}

/**
 * The L1 validator fees a block charges (avalanchego advanceValidatorFeeState): every validator
 * active before it pays the accrued fee's growth, except one whose balance runs out, which pays
 * what was left (its end, the accrued fee at which it runs out, minus the fee before).
 * @param activeBefore validators active before the block
 * @param accruedBefore the accrued fee before the block
 * @param accruedAfter the accrued fee after it
 * @param ranOutEnds the ends of the validators whose balance runs out in it
 * @returns nAVAX charged
 * @example l1ValidatorFeesCharged(2n, 100n, 164n, [150n]) // 64n + 50n
 */
export function l1ValidatorFeesCharged(
  activeBefore: bigint,
  accruedBefore: bigint,
  accruedAfter: bigint,
  ranOutEnds: readonly bigint[],
): bigint {
  let charged = activeBefore * (accruedAfter - accruedBefore);
  for (const end of ranOutEnds) charged -= accruedAfter - end;
  return charged;
}

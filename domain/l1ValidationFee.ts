// One L1 validation's continuous fee (ACP-77) as its transactions change it, by avalanchego's rules
// (txs/executor/standard_tx_executor.go, advanceValidatorFeeState): a validation pays while its
// EndAccumulatedFee (its balance on top of the chain's accrued fees when it started) is above the
// accrued fees. The indexer, its backfill of fee events and the demo data apply these transitions,
// so all three agree; the accrued fees themselves come from l1ValidatorFee.ts.

/**
 * What an L1 validator transaction does to one validation's fee: a registration
 * (ConvertSubnetToL1Tx, RegisterL1ValidatorTx) deposits a balance, a top-up
 * (IncreaseL1ValidatorBalanceTx) adds to it, an end (DisableL1ValidatorTx, SetL1ValidatorWeightTx
 * to weight 0) stops the fee.
 */
export type L1ValidationFeeChange =
  | { kind: 'register'; balance: bigint }
  | { kind: 'topUp'; amount: bigint }
  | { kind: 'end' };

/** A validation's fee after a change. */
export type L1ValidationFeeTransition = {
  /** Its EndAccumulatedFee: 0 while it does not pay. */
  end: bigint;
  /** `START` when it begins to pay in this change, `STOP` when it stops; absent when neither. */
  event?: 'START' | 'STOP';
  /** What it has left to pay, nAVAX (0 when it does not pay). */
  balance: bigint;
  /** What was left of its balance when this change stopped it: the refund to its remaining-balance owner. */
  refund: bigint;
};

/**
 * Applies one change at the accrued fees of the change's block (they move before its transactions).
 * A registration or top-up that leaves a positive balance on a validation that does not pay starts
 * it (the node refuses a top-up of 0, ErrZeroBalance); a top-up of a paying one moves its end on;
 * an end stops a paying one and refunds the rest of its balance.
 * @param end the validation's EndAccumulatedFee before the change (0 when it does not pay, or is new)
 * @param change the change
 * @param accruedFees the chain's accrued fees at the change
 * @returns the validation's fee after it
 * @example applyL1ValidationFeeChange(0n, { kind: 'register', balance: 100n }, 5_000n) // { end: 5_100n, event: 'START', balance: 100n, refund: 0n }
 */
export function applyL1ValidationFeeChange(
  end: bigint,
  change: L1ValidationFeeChange,
  accruedFees: bigint,
): L1ValidationFeeTransition {
  const paying = end > 0n;
  if (change.kind === 'end') {
    if (!paying) return { end: 0n, balance: 0n, refund: 0n };
    const left = end - accruedFees;
    return { end: 0n, event: 'STOP', balance: 0n, refund: left > 0n ? left : 0n };
  }
  const amount = change.kind === 'register' ? change.balance : change.amount;
  if (paying) return { end: end + amount, balance: end + amount - accruedFees, refund: 0n };
  if (amount === 0n) return { end: 0n, balance: 0n, refund: 0n };
  return { end: accruedFees + amount, event: 'START', balance: amount, refund: 0n };
}

/**
 * Whether a validation's balance has run out at these accrued fees: the block that reaches its end
 * stops it, at its end, before the block's transactions.
 * @param end its EndAccumulatedFee (0: it does not pay)
 * @param accruedFees the chain's accrued fees after a block moved them on
 * @returns true when it stops paying in that block
 * @example l1ValidationRanOut(5_100n, 5_100n) // true
 */
export function l1ValidationRanOut(end: bigint, accruedFees: bigint): boolean {
  return end > 0n && end <= accruedFees;
}

// The continuous fee (ACP-77) as L1 validator transactions change it, by the rules of
// domain/l1ValidationFee.ts: the active count of the block's fee state, the refund of an ended
// validation's balance, and the fee events (when each validation starts or stops paying) the L1
// validator fee metrics read.
import { Address, BigIntPr, Int, OutputOwners, TransferOutput } from '@avalabs/avalanchejs';
import { bech32Decode } from '../../../avalanche/bech32';
import {
  applyL1ValidationFeeChange,
  type L1ValidationFeeChange,
  type L1ValidationFeeTransition,
} from '../../../domain';
import { placeOf } from './applyTransfers';
import type { ValidatorState } from './blockChanges';
import { outputRows } from './outputRows';
import type { TxContext } from './txContext';

/** What names a validation in its fee events. */
type FeeEventValidation = { validationId: string; subnetId: string; nodeId: string };

/**
 * Records that an L1 validation starts or stops paying the continuous fee in this transaction, at
 * the block's accrued fees (they move before the block's transactions).
 */
function feeEvent(ctx: TxContext, validation: FeeEventValidation, kind: 'START' | 'STOP'): void {
  ctx.changes.insert('L1ValidatorFeeEvent', {
    network: ctx.network,
    validationId: validation.validationId,
    subnetId: validation.subnetId,
    nodeId: validation.nodeId,
    blockIndex: ctx.height,
    txOrder: ctx.txIndex,
    kind,
    accruedFees: ctx.fees.accruedFees.toString(),
    blockTimestamp: ctx.timestamp,
  });
}

/**
 * Applies what a transaction does to a validation's fee at the block's accrued fees: a validation that starts or stops paying moves the block's active count and gets its
 * fee event.
 * @param ctx the transaction and its block
 * @param validation the validation
 * @param end its EndAccumulatedFee before (0 when it does not pay, or is new)
 * @param change what the transaction does
 * @returns the validation's fee after it
 * @example const { end, balance } = changeL1Fee(ctx, validator, validator.l1EndAccumulatedFee ?? 0n, { kind: 'topUp', amount })
 */
export function changeL1Fee(
  ctx: TxContext,
  validation: FeeEventValidation,
  end: bigint,
  change: L1ValidationFeeChange,
): L1ValidationFeeTransition {
  const transition = applyL1ValidationFeeChange(end, change, ctx.fees.accruedFees);
  if (transition.event) {
    ctx.fees.active += transition.event === 'START' ? 1n : -1n;
    feeEvent(ctx, validation, transition.event);
  }
  return transition;
}

/**
 * Ends an L1 validation's fee (DisableL1ValidatorTx, SetL1ValidatorWeightTx to weight 0): what is left
 * of the balance of a paying one goes back to its remaining-balance owner, as the node pays it: a UTXO
 * numbered after the transaction's own outputs.
 * @param ctx the transaction and its block
 * @param validator the validation as the block sees it
 * @returns nothing; rows go to the working set
 * @example endL1Fee(ctx, validator)
 */
export function endL1Fee(ctx: TxContext, validator: ValidatorState): void {
  const { refund } = changeL1Fee(ctx, validator, validator.l1EndAccumulatedFee ?? 0n, { kind: 'end' });
  const owner = validator.l1RemainingBalanceOwner;
  if (refund === 0n || !owner) return;
  const outputIndex = (ctx.tx.unsigned as unknown as { baseTx: { outputs: unknown[] } }).baseTx.outputs.length;
  const output = new TransferOutput(
    new BigIntPr(refund),
    new OutputOwners(
      new BigIntPr(0n),
      new Int(owner.threshold),
      owner.addresses.map((a) => new Address(bech32Decode(a).bytes)),
    ),
  );
  const { utxo, addresses } = outputRows(placeOf(ctx), outputIndex, ctx.avaxAssetId, output, ctx.codec);
  ctx.changes.addUtxo(utxo, addresses);
}

// The continuous fee (ACP-77) as L1 validator transactions start and end it: the active count of
// the block's fee state, the refund of an ended validation's balance, and the fee events (when each
// validation starts or stops paying) the L1 validator fee metrics read.
import { Address, BigIntPr, Int, OutputOwners, TransferOutput } from '@avalabs/avalanchejs';
import { bech32Decode } from '../../../avalanche/bech32';
import { placeOf } from './applyTransfers';
import type { ValidatorState } from './blockChanges';
import { outputRows } from './outputRows';
import type { TxContext } from './txContext';

/** What names a validation in its fee events. */
type FeeEventValidation = { validationId: string; subnetId: string; nodeId: string };

/**
 * Records that an L1 validation starts or stops paying the continuous fee in this transaction, at
 * the block's accrued fees (they move before the block's transactions): the history the fee
 * metrics read.
 * @param ctx the transaction and its block
 * @param validation the validation
 * @param kind whether it starts or stops paying
 * @returns nothing; the row goes to the working set
 * @example feeEvent(ctx, validator, 'START')
 */
export function feeEvent(ctx: TxContext, validation: FeeEventValidation, kind: 'START' | 'STOP'): void {
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
 * Where a new L1 validation's balance runs out (avalanchego EndAccumulatedFee): its balance on top of
 * the fees accrued so far, and one more active validator; a zero balance starts inactive (0).
 * @param ctx the transaction and its block
 * @param validation the new validation
 * @param balance its balance, nAVAX
 * @returns its EndAccumulatedFee
 * @example const end = startL1Fee(ctx, validation, balance)
 */
export function startL1Fee(ctx: TxContext, validation: FeeEventValidation, balance: bigint): bigint {
  if (balance === 0n) return 0n;
  ctx.fees.active += 1n;
  feeEvent(ctx, validation, 'START');
  return balance + ctx.fees.accruedFees;
}

/**
 * Ends an active L1 validation's fee (DisableL1ValidatorTx, SetL1ValidatorWeightTx to weight 0): one
 * active validator fewer, and what is left of its balance back to its remaining-balance owner, as the
 * node pays it: a UTXO numbered after the transaction's own outputs. An inactive one has nothing to end.
 * @param ctx the transaction and its block
 * @param validator the validation as the block sees it
 * @returns nothing; rows go to the working set
 * @example endL1Fee(ctx, validator)
 */
export function endL1Fee(ctx: TxContext, validator: ValidatorState): void {
  const end = validator.l1EndAccumulatedFee;
  if (!end) return;
  ctx.fees.active -= 1n;
  feeEvent(ctx, validator, 'STOP');
  const remaining = end - ctx.fees.accruedFees;
  const owner = validator.l1RemainingBalanceOwner;
  if (remaining <= 0n || !owner) return;
  const outputIndex = (ctx.tx.unsigned as unknown as { baseTx: { outputs: unknown[] } }).baseTx.outputs.length;
  const output = new TransferOutput(
    new BigIntPr(remaining),
    new OutputOwners(
      new BigIntPr(0n),
      new Int(owner.threshold),
      owner.addresses.map((a) => new Address(bech32Decode(a).bytes)),
    ),
  );
  const { utxo, addresses } = outputRows(placeOf(ctx), outputIndex, ctx.avaxAssetId, output, ctx.codec);
  ctx.changes.addUtxo(utxo, addresses);
}

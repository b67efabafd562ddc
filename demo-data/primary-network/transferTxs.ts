// Builders of the P-Chain transactions that move AVAX: BaseTx, and the atomic ExportTx / ImportTx
// between the P-Chain and the X- or C-Chain.
import { pvmSerial } from '@avalabs/avalanchejs';
import { encodeSignedTx } from '../../avalanche/tx-codec/encodeSignedTx';
import { PRIMARY_NETWORK_ID } from '../constants';
import { buildTx, fundedBase, type BuiltTx, type TxContext } from './pchainTxs';
import {
  baseTxOf,
  idOf,
  transferableInputOf,
  transferableOutputOf,
  type BaseTx,
  type Input,
  type Output,
} from './txCodec';

/**
 * P-Chain ImportTx of atomic inputs exported from `sourceChainId`.
 * @param ctx network context
 * @param sourceChainId exporting chain
 * @param imported atomic UTXOs spent
 * @param outputs new P-Chain outputs
 * @returns the transaction
 * @example importTx(ctx, xChainId, [input], [output])
 */
export function importTx(ctx: TxContext, sourceChainId: string, imported: Input[], outputs: Output[]): BuiltTx {
  const base: BaseTx = { networkId: ctx.networkId, blockchainId: PRIMARY_NETWORK_ID, outputs, inputs: [] };
  const tx = new pvmSerial.ImportTx(baseTxOf(base), idOf(sourceChainId), imported.map(transferableInputOf));
  return {
    txType: 'ImportTx',
    ...encodeSignedTx(
      tx,
      imported.map(() => [ctx.rng.bytes(65)]),
      'P',
    ),
  };
}

/**
 * P-Chain ExportTx of `exported` outputs to `destinationChainId`.
 * @param ctx network context
 * @param destinationChainId chain that may import them
 * @param exported exported outputs (output indexes follow the BaseTx outputs: none here)
 * @param extra tracked outputs and inputs of the BaseTx part
 * @returns the transaction
 * @example exportTx(ctx, cChainId, [output])
 */
export function exportTx(
  ctx: TxContext,
  destinationChainId: string,
  exported: Output[],
  extra: { outputs?: Output[]; inputs?: Input[] } = {},
): BuiltTx {
  const total = exported.reduce((sum, o) => sum + o.amount, 0n);
  const base = fundedBase(ctx, 1_000_000n + total, extra);
  return buildTx(
    ctx,
    new pvmSerial.ExportTx(baseTxOf(base), idOf(destinationChainId), exported.map(transferableOutputOf)),
    base.inputs.length,
  );
}

/**
 * A plain P-Chain BaseTx moving AVAX between tracked outputs.
 * @param ctx network context
 * @param outputs new outputs
 * @param inputs tracked outputs spent (a funding input is added for the rest)
 * @returns the transaction
 * @example baseTx(ctx, [output])
 */
export function baseTx(ctx: TxContext, outputs: Output[], inputs: Input[] = []): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n, { outputs, inputs });
  return buildTx(ctx, new pvmSerial.BaseTx(baseTxOf(base)), base.inputs.length);
}

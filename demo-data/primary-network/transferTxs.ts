// Builders of the P-Chain transactions that move AVAX: BaseTx, and the atomic ExportTx / ImportTx
// between the P-Chain and the X- or C-Chain.
import { concatBytes, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../constants';
import { buildTx, fundedBase, type BuiltTx, type TxContext } from './pchainTxs';
import { encodeBaseTx, encodeOutput, type BaseTx, type Input, type Output, P_TYPES, signedTx, vector } from './txCodec';

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
  const encodedInputs = imported.map((i) =>
    concatBytes(cb58Decode(i.txId), u32(i.outputIndex), cb58Decode(i.assetId), u32(P_TYPES.TransferInput), u64(i.amount), u32(1), u32(0)),
  );
  const signatures = imported.map(() => ctx.rng.bytes(65));
  const { bytes, txId } = signedTx(P_TYPES.ImportTx, concatBytes(encodeBaseTx(base), cb58Decode(sourceChainId), vector(encodedInputs)), signatures);
  return { txType: 'ImportTx', txId, bytes };
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
export function exportTx(ctx: TxContext, destinationChainId: string, exported: Output[], extra: { outputs?: Output[]; inputs?: Input[] } = {}): BuiltTx {
  const total = exported.reduce((sum, o) => sum + o.amount, 0n);
  const base = fundedBase(ctx, 1_000_000n + total, extra);
  return buildTx(ctx, 'ExportTx', base, concatBytes(cb58Decode(destinationChainId), vector(exported.map(encodeOutput))));
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
  return buildTx(ctx, 'BaseTx', fundedBase(ctx, 1_000_000n, { outputs, inputs }), new Uint8Array());
}

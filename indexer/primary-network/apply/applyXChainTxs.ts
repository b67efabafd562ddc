// X-Chain transactions beyond transfers: CreateAssetTx (the asset and its initial-state outputs)
// and OperationTx (UTXOs its operations consume, and the outputs they create), numbered after the
// BaseTx outputs as avalanchego numbers them.
import { isNftMintOperation, nftMintOutputs } from '../codec/nftMintOutputs';
import { utxoIdOf } from '../../../avalanche/tx-codec/utxoIdOf';
import { outputRows } from './outputRows';
import { placeOf } from './applyTransfers';
import type { TxContext } from './txContext';

type Prim = { value(): number | bigint | string };

/** Fx index of the NFT fx in the X-Chain's fx list (secp256k1 0, nft 1, property 2). */
const NFT_FX = 1;

/** Whether an initial-state output lets its owners mint more (secp256k1fx or nftfx MintOutput). */
const isMintOutput = (output: unknown) => String((output as { _type?: unknown })._type ?? '').endsWith('.MintOutput');

/**
 * CreateAssetTx: the Asset row (ID = transaction ID, created at the block's time; its cap is variable
 * when an initial state holds a mint output) and its initial-state outputs.
 * @param ctx the transaction and its block
 * @param outputCount outputs of its BaseTx
 * @returns when applied
 * @example applyCreateAsset(ctx, 1)
 */
export function applyCreateAsset(ctx: TxContext, outputCount: number): void {
  const tx = ctx.tx.unsigned as unknown as {
    name: Prim;
    symbol: Prim;
    denomination: { toBytes(): Uint8Array };
    initialStates: { fxId: Prim; outputs: unknown[] }[];
  };
  const nft = tx.initialStates.some((s) => Number(s.fxId.value()) === NFT_FX);
  ctx.changes.insert('Asset', {
    network: ctx.network,
    assetId: ctx.tx.txId,
    name: String(tx.name.value()).slice(0, 128),
    symbol: String(tx.symbol.value()).slice(0, 16),
    denomination: tx.denomination.toBytes()[0] ?? 0,
    type: nft ? 'NFT' : 'SECP256K1',
    createdAtTimestamp: ctx.timestamp,
    cap: tx.initialStates.some((s) => s.outputs.some(isMintOutput)) ? 'VARIABLE' : 'FIXED',
  });
  let index = outputCount;
  for (const state of tx.initialStates) {
    for (const output of state.outputs) {
      const { utxo, addresses } = outputRows(placeOf(ctx), index++, ctx.tx.txId, output, ctx.codec);
      ctx.changes.addUtxo(utxo, addresses);
    }
  }
}

/**
 * OperationTx: each operation's UTXOs consumed; its outputs created (NFT transfers and mints, secp256k1 mints).
 * @param ctx the transaction and its block
 * @param outputCount outputs of its BaseTx
 * @returns when applied
 * @example await applyOperations(ctx, 0)
 */
export async function applyOperations(ctx: TxContext, outputCount: number): Promise<void> {
  const tx = ctx.tx.unsigned as unknown as {
    ops: {
      assetId: { toString(): string };
      UTXOId: { txID: { toString(): string }; outputIdx: { value(): number } }[];
      transferOp: Record<string, unknown>;
    }[];
  };
  let index = outputCount;
  for (const op of tx.ops) {
    for (const id of op.UTXOId) {
      await ctx.changes.consumeUtxo(utxoIdOf(id.txID.toString(), id.outputIdx.value()), {
        consumedOnChainId: ctx.chainId,
        consumingTxHash: ctx.tx.txId,
        consumingBlockNumber: ctx.height,
        consumingBlockTimestamp: ctx.timestamp,
      });
    }
    const body = op.transferOp;
    // secp256k1 MintOperation: mint output then transfer output; NFT TransferOperation: one output;
    // NFT MintOperation: one output per owner group.
    const outputs = isNftMintOperation(body)
      ? nftMintOutputs(body, ctx.codec)
      : body.mintOutput
        ? [body.mintOutput, body.transferOutput]
        : body.output
          ? [body.output]
          : [];
    for (const output of outputs) {
      const { utxo, addresses } = outputRows(placeOf(ctx), index++, op.assetId.toString(), output, ctx.codec);
      ctx.changes.addUtxo(utxo, addresses);
    }
  }
}

// The UTXO effects every transaction with a BaseTx has, on either chain: inputs consumed, outputs
// created (indices 0..n-1), plus the atomic ones: ImportTx consumes from shared memory, ExportTx
// puts its outputs (numbered after the BaseTx outputs) in the destination chain's shared memory.
import { cb58Encode } from '../../../avalanche/cb58';
import { utxoIdOf } from '../../../avalanche/tx-codec/utxoIdOf';
import { outputRows, type OutputPlace } from './outputRows';
import type { TxContext } from './txContext';

type Input = {
  utxoID: { txID: { toString(): string }; outputIdx: { value(): number } };
  assetId: { toString(): string };
  amount?: () => bigint;
  input?: { amount?: () => bigint };
};
type Output = { assetId: { toString(): string }; output: unknown };
type WithBase = { baseTx?: { baseTx?: unknown; outputs?: Output[]; inputs?: Input[] } };

/**
 * What moving UTXOs needs of a transaction's context: the P- and X-Chain transactions' {@link TxContext},
 * or a C-Chain atomic transaction's (indexer/evm/atomic).
 */
export type TransferContext = Pick<
  TxContext,
  'network' | 'hrp' | 'chainId' | 'height' | 'timestamp' | 'codec' | 'changes'
> & {
  tx: { txId: string };
};

/**
 * The avax BaseTx inside a transaction (the P-Chain and X-Chain BaseTx wrap one).
 * @param unsigned avalanchejs unsigned transaction
 * @returns its outputs and inputs, or null for a transaction without a BaseTx (RewardValidatorTx, AdvanceTimeTx)
 * @example avaxBaseOf(tx.unsigned)?.outputs.length
 */
export function avaxBaseOf(unsigned: unknown): { outputs: Output[]; inputs: Input[] } | null {
  let base = (unsigned as WithBase).baseTx as (WithBase['baseTx'] & { baseTx?: unknown }) | undefined;
  if (base && !base.outputs && base.baseTx) base = base.baseTx as typeof base;
  return base?.outputs ? { outputs: base.outputs, inputs: base.inputs ?? [] } : null;
}

/**
 * Where outputs of the transaction being applied go, on its own chain.
 * @param ctx the transaction and its block
 * @param extra what differs (destination chain of an export, staking period, reward type)
 * @returns the place
 * @example placeOf(ctx, { utxoType: 'STAKE', staked: { start, end } })
 */
export function placeOf(ctx: TransferContext, extra: Partial<OutputPlace> = {}): OutputPlace {
  return {
    network: ctx.network,
    hrp: ctx.hrp,
    blockchainId: ctx.chainId,
    createdOnChainId: ctx.chainId,
    txId: ctx.tx.txId,
    blockNumber: ctx.height,
    blockTimestamp: ctx.timestamp,
    utxoType: 'TRANSFER',
    ...extra,
  };
}

/**
 * Consumes inputs: UTXOs of the chain's own set (`fromChainId` null), or of its shared memory with
 * `fromChainId` (an import; a UTXO whose export is not indexed yet is stored as far as the input tells).
 * @param ctx the transaction and its block
 * @param inputs avalanchejs TransferableInputs
 * @param fromChainId the exporting chain of an import; null for the chain's own UTXOs
 * @returns when the working set has them
 * @example await consumeInputs(ctx, tx.importedInputs, xChainId)
 */
export async function consumeInputs(
  ctx: TransferContext,
  inputs: readonly Input[],
  fromChainId: string | null,
): Promise<void> {
  for (const input of inputs) {
    const utxoId = utxoIdOf(input.utxoID.txID.toString(), input.utxoID.outputIdx.value());
    const consumption = {
      consumedOnChainId: ctx.chainId,
      consumingTxHash: ctx.tx.txId,
      consumingBlockNumber: ctx.height,
      consumingBlockTimestamp: ctx.timestamp,
    };
    const found = await ctx.changes.consumeUtxo(utxoId, consumption);
    if (found || fromChainId === null) continue;
    // An import whose export is not indexed (yet): the UTXO as far as the input tells it, already
    // consumed; the exporting chain's follower fills in owners and creation when it gets there.
    // The consumption also goes in as a column update, after the inserts: the exporting chain's
    // follower may commit the full row between this read and this block's write, and then the
    // partial row is skipped (ON CONFLICT DO NOTHING) while the update still lands.
    ctx.changes.update('Utxo', { network: ctx.network, utxoId }, consumption);
    ctx.changes.update(
      'UtxoAddress',
      { network: ctx.network, utxoId },
      { consumingBlockTimestamp: consumption.consumingBlockTimestamp },
    );
    const amount = typeof input.amount === 'function' ? input.amount() : (input.input?.amount?.() ?? 0n);
    // Its owners are not known until the export is indexed: the import touches its asset only.
    ctx.changes.touch(ctx.tx.txId, [], input.assetId.toString());
    ctx.changes.insert('Utxo', {
      network: ctx.network,
      utxoId,
      blockchainId: ctx.chainId,
      txHash: input.utxoID.txID.toString(),
      outputIndex: input.utxoID.outputIdx.value(),
      assetId: input.assetId.toString(),
      amount: amount.toString(),
      threshold: 0,
      utxoType: 'TRANSFER',
      createdOnChainId: fromChainId,
      blockNumber: ctx.height,
      blockTimestamp: ctx.timestamp,
      sharedWithChainId: fromChainId,
      utxoBytes: '',
      ...consumption,
    });
  }
}

/**
 * Creates outputs numbered from `first`, where `place` says (the chain's set, or for an export the
 * destination chain's shared memory).
 * @param ctx the transaction and its block
 * @param outputs avalanchejs TransferableOutputs
 * @param first the first output's index
 * @param place where the outputs go
 * @returns when the working set has them
 * @example await createOutputs(ctx, tx.exportedOutputs, 0, placeOf(ctx, { blockchainId: pChainId, sharedWithChainId: cChainId }))
 */
export async function createOutputs(
  ctx: TransferContext,
  outputs: readonly Output[],
  first: number,
  place: OutputPlace,
): Promise<void> {
  for (const [i, out] of outputs.entries()) {
    const { utxo, addresses } = outputRows(place, first + i, out.assetId.toString(), out.output, ctx.codec);
    ctx.changes.addUtxo(utxo, addresses);
    if (place.sharedWithChainId) {
      await ctx.changes.completeExportedUtxo(utxo.utxoId);
      // The importing chain may have stored a partial row already (see consumeInputs): complete it.
      const {
        consumedOnChainId: _c,
        consumingTxHash: _t,
        consumingBlockNumber: _n,
        consumingBlockTimestamp: _s,
        ...creation
      } = utxo;
      ctx.changes.update('Utxo', { network: ctx.network, utxoId: utxo.utxoId }, creation);
    }
  }
}

/**
 * Applies the UTXO effects of a transaction's BaseTx, imports and exports.
 * @param ctx the transaction and its block
 * @returns how many outputs the BaseTx and the export have (staking outputs are numbered after them)
 * @example const outputCount = await applyTransfers(ctx)
 */
export async function applyTransfers(ctx: TxContext): Promise<number> {
  const base = avaxBaseOf(ctx.tx.unsigned);
  if (!base) return 0;
  const tx = ctx.tx.unsigned as unknown as {
    sourceChain?: { toBytes(): Uint8Array };
    ins?: Input[];
    destination?: { toBytes(): Uint8Array };
    outs?: Output[];
    sourceChainId?: { toBytes(): Uint8Array };
    importedIns?: Input[];
    destinationChain?: { toBytes(): Uint8Array };
    exportedOutputs?: Output[];
  };
  await consumeInputs(ctx, base.inputs, null);
  await createOutputs(ctx, base.outputs, 0, placeOf(ctx));
  let count = base.outputs.length;
  const source = tx.sourceChain ?? tx.sourceChainId;
  const imported = tx.ins ?? tx.importedIns;
  if (ctx.tx.txType === 'ImportTx' && source && imported)
    await consumeInputs(ctx, imported, cb58Encode(source.toBytes()));
  const destination = tx.destination ?? tx.destinationChain;
  const exported = tx.outs ?? tx.exportedOutputs;
  if (ctx.tx.txType === 'ExportTx' && destination && exported) {
    const to = cb58Encode(destination.toBytes());
    await createOutputs(ctx, exported, count, placeOf(ctx, { blockchainId: to, sharedWithChainId: ctx.chainId }));
    count += exported.length;
  }
  return count;
}

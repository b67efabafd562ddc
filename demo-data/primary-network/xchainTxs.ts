// Builders of the X-Chain (avm) transactions the demo stores, as avalanchejs objects written by the
// X-Chain codec (avalanche/tx-codec). The nftfx outputs and operations come from their fields through
// the codec: avalanchejs does not export those classes.
import {
  avmSerial,
  Byte,
  Int,
  Stringpr,
  TransferOutput,
  BigIntPr,
  TypeSymbols,
  avaxSerial,
} from '@avalabs/avalanchejs';
import { concatBytes, lengthPrefixed, u32 } from '../../avalanche/bytes';
import { chainCodec, fromFields, type Serializable } from '../../avalanche/tx-codec/chainCodecs';
import { encodeSignedTx } from '../../avalanche/tx-codec/encodeSignedTx';
import { txTypeName } from '../../avalanche/tx-codec/readSignedTxs';
import { fundedBase, randomTxId, type BuiltTx, type TxContext } from './pchainTxs';
import {
  authOf,
  baseTxOf,
  idOf,
  outputOwnersOf,
  transferableInputOf,
  transferableOutputOf,
  type Input,
  type Output,
  type Owners,
} from './txCodec';

/** X-Chain context: the P-Chain one plus the X-Chain ID written in BaseTx. */
export type XTxContext = TxContext & { xChainId: string };

const codec = chainCodec('X');

function build(ctx: XTxContext, unsigned: Serializable, credentials: number): BuiltTx {
  const signatures = Array.from({ length: credentials }, () => [ctx.rng.bytes(65)]);
  return { txType: txTypeName(String(unsigned._type)), ...encodeSignedTx(unsigned, signatures, 'X') };
}

/**
 * CreateAssetTx: a fungible asset (secp256k1fx initial outputs) or an NFT family (nftfx mint output).
 * @param ctx X-Chain context
 * @param asset name, symbol, denomination and kind
 * @param initial holders of the initial supply (fungible) or the minter (NFT)
 * @returns the transaction; its ID is the asset ID
 * @example createAssetTx(ctx, { name: 'Frost', symbol: 'FRST', denomination: 9, nft: false }, [[owners, 10n ** 15n]])
 */
export function createAssetTx(
  ctx: XTxContext,
  asset: { name: string; symbol: string; denomination: number; nft: boolean },
  initial: [Owners, bigint][],
): BuiltTx {
  const outputs = asset.nft
    ? initial.map(([owners], groupId) =>
        fromFields('X', TypeSymbols.NftFxMintOutput, concatBytes(u32(groupId), outputOwnersOf(owners).toBytes(codec))),
      )
    : initial.map(([owners, amount]) => new TransferOutput(new BigIntPr(amount), outputOwnersOf(owners)));
  const base = fundedBase(ctx, 10_000_000n, { blockchainId: ctx.xChainId });
  const state = new avmSerial.InitialState(new Int(asset.nft ? 1 : 0), outputs);
  const tx = new avmSerial.CreateAssetTx(
    baseTxOf(base),
    new Stringpr(asset.name),
    new Stringpr(asset.symbol),
    new Byte(new Uint8Array([asset.denomination])),
    [state],
  );
  return build(ctx, tx, base.inputs.length);
}

/**
 * OperationTx minting one NFT of a family to `owners`.
 * @param ctx X-Chain context
 * @param assetId NFT asset
 * @param mintUtxo the family's mint output being used (txId and index)
 * @param groupId family group
 * @param payload NFT payload bytes
 * @param owners owner of the new NFT
 * @returns the transaction; output 0 of its operation is the NFT
 * @example nftMintTx(ctx, assetId, { txId, outputIndex: 0 }, 0, payload, owners)
 */
export function nftMintTx(
  ctx: XTxContext,
  assetId: string,
  mintUtxo: { txId: string; outputIndex: number },
  groupId: number,
  payload: Uint8Array,
  owners: Owners,
): BuiltTx {
  const mint = fromFields(
    'X',
    TypeSymbols.NftFxMintOperation,
    concatBytes(
      authOf().toBytes(codec),
      u32(groupId),
      lengthPrefixed(payload),
      u32(1),
      outputOwnersOf(owners).toBytes(codec),
    ),
  );
  // A TransferableOp (asset, spent UTXO IDs, typed operation): its class is not exported either.
  const utxoId = new avaxSerial.UTXOID(idOf(mintUtxo.txId), new Int(mintUtxo.outputIndex));
  const op = concatBytes(idOf(assetId).toBytes(), u32(1), utxoId.toBytes(codec), codec.PackPrefix(mint));
  const base = fundedBase(ctx, 1_000_000n, { blockchainId: ctx.xChainId });
  const [tx] = avmSerial.OperationTx.fromBytes(concatBytes(baseTxOf(base).toBytes(codec), u32(1), op), codec);
  return build(ctx, tx, base.inputs.length + 1);
}

/**
 * X-Chain BaseTx moving assets between tracked outputs.
 * @param ctx X-Chain context
 * @param outputs new outputs
 * @param inputs spent tracked outputs (a funding input is added for the fee)
 * @returns the transaction
 * @example xBaseTx(ctx, [output])
 */
export function xBaseTx(ctx: XTxContext, outputs: Output[], inputs: Input[] = []): BuiltTx {
  const avax = outputs.filter((o) => o.assetId === ctx.avaxAssetId);
  const base = fundedBase(ctx, 1_000_000n, {
    outputs: avax,
    inputs: inputs.filter((i) => i.assetId === ctx.avaxAssetId),
    blockchainId: ctx.xChainId,
  });
  base.outputs = outputs;
  // Other assets are funded from inputs of the same asset.
  const others = new Map<string, bigint>();
  for (const o of outputs)
    if (o.assetId !== ctx.avaxAssetId) others.set(o.assetId, (others.get(o.assetId) ?? 0n) + o.amount);
  for (const input of inputs) if (input.assetId !== ctx.avaxAssetId) base.inputs.push(input);
  for (const [assetId, amount] of others) {
    const covered = inputs.filter((i) => i.assetId === assetId).reduce((sum, i) => sum + i.amount, 0n);
    if (covered < amount)
      base.inputs.push({ txId: randomTxId(ctx.rng), outputIndex: 0, assetId, amount: amount - covered });
  }
  return build(ctx, new avmSerial.BaseTx(baseTxOf(base)), base.inputs.length);
}

/**
 * X-Chain ExportTx to the P- or C-Chain.
 * @param ctx X-Chain context
 * @param destinationChainId chain that may import the outputs
 * @param exported exported outputs
 * @returns the transaction; exported outputs are indexed after the BaseTx outputs (none here)
 * @example xExportTx(ctx, PRIMARY_NETWORK_ID, [output])
 */
export function xExportTx(ctx: XTxContext, destinationChainId: string, exported: Output[]): BuiltTx {
  const total = exported.reduce((sum, o) => sum + o.amount, 0n);
  const base = fundedBase(ctx, 1_000_000n + total, { blockchainId: ctx.xChainId });
  return build(
    ctx,
    new avmSerial.ExportTx(baseTxOf(base), idOf(destinationChainId), exported.map(transferableOutputOf)),
    base.inputs.length,
  );
}

/**
 * X-Chain ImportTx of atomic outputs from the P- or C-Chain.
 * @param ctx X-Chain context
 * @param sourceChainId chain that exported them
 * @param imported the atomic UTXOs spent
 * @param outputs new X-Chain outputs
 * @returns the transaction
 * @example xImportTx(ctx, PRIMARY_NETWORK_ID, [input], [output])
 */
export function xImportTx(ctx: XTxContext, sourceChainId: string, imported: Input[], outputs: Output[]): BuiltTx {
  const base = { networkId: ctx.networkId, blockchainId: ctx.xChainId, outputs, inputs: [] };
  return build(
    ctx,
    new avmSerial.ImportTx(baseTxOf(base), idOf(sourceChainId), imported.map(transferableInputOf)),
    imported.length,
  );
}

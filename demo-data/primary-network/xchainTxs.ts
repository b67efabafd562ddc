// Builders of the X-Chain (avm) transactions the demo stores. Same BaseTx layout as the P-Chain,
// other type IDs (avm/txs/codec.go): BaseTx 0, CreateAssetTx 1, OperationTx 2, ImportTx 3, ExportTx 4.
import { concatBytes, lengthPrefixed, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { fundedBase, randomTxId, type BuiltTx, type TxContext } from './pchainTxs';
import { codecString, encodeBaseTx, encodeOutput, encodeOwners, type Input, type Output, type Owners, signedTx, vector, X_TYPES } from './txCodec';

/** X-Chain context: the P-Chain one plus the X-Chain ID written in BaseTx. */
export type XTxContext = TxContext & { xChainId: string };

function build(ctx: XTxContext, typeId: number, txType: string, base: ReturnType<typeof fundedBase>, rest: Uint8Array, credentials = base.inputs.length): BuiltTx {
  const signatures = Array.from({ length: credentials }, () => ctx.rng.bytes(65));
  const { bytes, txId } = signedTx(typeId, concatBytes(encodeBaseTx(base), rest), signatures, X_TYPES.Credential);
  return { txType, txId, bytes };
}

/**
 * CreateAssetTx: a fungible asset (secp256k1fx initial outputs) or an NFT family (nftfx mint output).
 * @param ctx X-Chain context
 * @param asset name, symbol, denomination and kind
 * @param initial holders of the initial supply (fungible) or the minter (NFT)
 * @returns the transaction; its ID is the asset ID
 * @example createAssetTx(ctx, { name: 'Frost', symbol: 'FRST', denomination: 9, nft: false }, [[owners, 10n ** 15n]])
 */
export function createAssetTx(ctx: XTxContext, asset: { name: string; symbol: string; denomination: number; nft: boolean }, initial: [Owners, bigint][]): BuiltTx {
  const outputs = asset.nft
    ? initial.map(([owners], groupId) => concatBytes(u32(X_TYPES.NftMintOutput), u32(groupId), encodeOwners(owners)))
    : initial.map(([owners, amount]) => concatBytes(u32(X_TYPES.TransferOutput), u64(amount), encodeOwners(owners)));
  const state = concatBytes(u32(asset.nft ? 1 : 0), vector(outputs));
  const rest = concatBytes(codecString(asset.name), codecString(asset.symbol), new Uint8Array([asset.denomination]), vector([state]));
  return build(ctx, X_TYPES.CreateAssetTx, 'CreateAssetTx', fundedBase(ctx, 10_000_000n, { blockchainId: ctx.xChainId }), rest);
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
export function nftMintTx(ctx: XTxContext, assetId: string, mintUtxo: { txId: string; outputIndex: number }, groupId: number, payload: Uint8Array, owners: Owners): BuiltTx {
  const operation = concatBytes(
    u32(X_TYPES.NftMintOperation),
    vector([u32(0)]),
    u32(groupId),
    lengthPrefixed(payload),
    vector([encodeOwners(owners)]),
  );
  const op = concatBytes(cb58Decode(assetId), vector([concatBytes(cb58Decode(mintUtxo.txId), u32(mintUtxo.outputIndex))]), operation);
  const base = fundedBase(ctx, 1_000_000n, { blockchainId: ctx.xChainId });
  return build(ctx, X_TYPES.OperationTx, 'OperationTx', base, vector([op]), base.inputs.length + 1);
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
  const base = fundedBase(ctx, 1_000_000n, { outputs: avax, inputs: inputs.filter((i) => i.assetId === ctx.avaxAssetId), blockchainId: ctx.xChainId });
  base.outputs = outputs;
  // Other assets are funded from inputs of the same asset.
  const others = new Map<string, bigint>();
  for (const o of outputs) if (o.assetId !== ctx.avaxAssetId) others.set(o.assetId, (others.get(o.assetId) ?? 0n) + o.amount);
  for (const input of inputs) if (input.assetId !== ctx.avaxAssetId) base.inputs.push(input);
  for (const [assetId, amount] of others) {
    const covered = inputs.filter((i) => i.assetId === assetId).reduce((sum, i) => sum + i.amount, 0n);
    if (covered < amount) base.inputs.push({ txId: randomTxId(ctx.rng), outputIndex: 0, assetId, amount: amount - covered });
  }
  return build(ctx, X_TYPES.BaseTx, 'BaseTx', base, new Uint8Array());
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
  return build(ctx, X_TYPES.ExportTx, 'ExportTx', base, concatBytes(cb58Decode(destinationChainId), vector(exported.map(encodeOutput))));
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
  const encoded = imported.map((i) =>
    concatBytes(cb58Decode(i.txId), u32(i.outputIndex), cb58Decode(i.assetId), u32(X_TYPES.TransferInput), u64(i.amount), u32(1), u32(0)),
  );
  return build(ctx, X_TYPES.ImportTx, 'ImportTx', base, concatBytes(cb58Decode(sourceChainId), vector(encoded)), imported.length);
}

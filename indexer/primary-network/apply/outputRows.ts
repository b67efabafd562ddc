// Utxo and UtxoAddress rows of a transaction's outputs (secp256k1 transfer outputs, stakeable.LockOut,
// NFT and mint outputs), as avalanchego numbers and serializes them: UTXO ID = SHA-256(uint64
// output index ‖ txID) (ids.ID.Prefix), bytes = codec version ‖ txID ‖ uint32 index ‖ asset ‖ typed output.
import { sha256 } from '@noble/hashes/sha2.js';
import type { ChainCodec as Codec } from '../../../avalanche/tx-codec/chainCodecs';
import { bech32Encode } from '../../../avalanche/bech32';
import { concatBytes, toHex, u16, u32 } from '../../../avalanche/bytes';
import { cb58Decode } from '../../../avalanche/cb58';
import { utxoIdOf } from '../../../avalanche/tx-codec/utxoIdOf';
import type { RowOf } from '../../../prisma/write';
import { NFT_OUTPUT_AMOUNT } from '../../../domain';

/** What a row needs to know of where the output is. */
export type OutputPlace = {
  network: 'MAINNET' | 'FUJI';
  hrp: string;
  /** Chain whose UTXO set (or shared memory) holds the output. */
  blockchainId: string;
  createdOnChainId: string;
  /** Set for an export: the exporting chain, whose shared memory with blockchainId holds it. */
  sharedWithChainId?: string;
  txId: string;
  blockNumber: bigint;
  blockTimestamp: bigint;
  utxoType: 'STAKE' | 'TRANSFER';
  rewardType?: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';
  staked?: { start: bigint; end: bigint };
};

/** An avalanchejs output: TransferOutput, StakeableLockOut around one, an NFT or mint output. */
type AnyOutput = {
  _type: string;
  amount?: () => bigint;
  lockTime?: { value(): bigint };
  transferOut?: AnyOutput;
  outputOwners?: { locktime: { value(): bigint }; threshold: { value(): number }; addrs: { toBytes(): Uint8Array }[] };
};

/** Owners of an output as stored: bech32 addresses without chain prefix, threshold, locktime. */
export type Owners = { addresses: string[]; threshold: number; locktime: bigint };

/**
 * The owners of an OutputOwners-like value (outputs, subnet owners, reward owners).
 * @param owners avalanchejs OutputOwners (or an object with `outputOwners`)
 * @param hrp bech32 prefix of the network
 * @returns addresses, threshold, locktime
 * @example ownersOf(tx.subnetOwners, 'fuji')
 */
export function ownersOf(owners: unknown, hrp: string): Owners {
  const o = ((owners as AnyOutput).outputOwners ?? owners) as NonNullable<AnyOutput['outputOwners']> & {
    addresses?: { toBytes(): Uint8Array }[];
  };
  const addrs = o.addrs ?? o.addresses ?? [];
  return {
    addresses: addrs.map((a) => bech32Encode(hrp, a.toBytes())),
    threshold: Number(o.threshold.value()),
    locktime: o.locktime ? o.locktime.value() : 0n,
  };
}

/**
 * Rows of one output.
 * @param place chain, transaction, block, kind
 * @param outputIndex position of the output in the transaction's numbering
 * @param assetId asset, cb58
 * @param output avalanchejs output
 * @param codec the chain's avalanchejs codec (serializes the typed output)
 * @returns the Utxo row and its UtxoAddress rows
 * @example outputRows(place, 0, avax, out.output, codec)
 */
export function outputRows(
  place: OutputPlace,
  outputIndex: number,
  assetId: string,
  output: unknown,
  codec: Codec,
): { utxo: RowOf<'Utxo'>; addresses: RowOf<'UtxoAddress'>[] } {
  const out = output as AnyOutput;
  const inner = out.transferOut ?? out;
  const stakeableLocktime = out.transferOut && out.lockTime ? out.lockTime.value() : 0n;
  const owners = inner.outputOwners ? ownersOf(inner, place.hrp) : { addresses: [], threshold: 0, locktime: 0n };
  const amount =
    typeof inner.amount === 'function'
      ? inner.amount()
      : inner._type === 'nftfx.TransferOutput'
        ? NFT_OUTPUT_AMOUNT
        : 0n;
  const utxoId = utxoIdOf(place.txId, outputIndex);
  const bytes = concatBytes(
    u16(0),
    cb58Decode(place.txId),
    u32(outputIndex),
    cb58Decode(assetId),
    codec.PackPrefix(output as never),
  );
  const utxo: RowOf<'Utxo'> = {
    network: place.network,
    utxoId,
    blockchainId: place.blockchainId,
    txHash: place.txId,
    outputIndex,
    assetId,
    amount: amount.toString(),
    threshold: owners.threshold,
    utxoType: place.utxoType,
    rewardType: place.rewardType ?? null,
    platformLocktime: owners.locktime,
    stakeableLocktime,
    staked: place.staked !== undefined,
    utxoStartTimestamp: place.staked?.start ?? null,
    utxoEndTimestamp: place.staked?.end ?? null,
    createdOnChainId: place.createdOnChainId,
    blockNumber: place.blockNumber,
    blockTimestamp: place.blockTimestamp,
    sharedWithChainId: place.sharedWithChainId ?? null,
    consumedOnChainId: null,
    consumingTxHash: null,
    consumingBlockNumber: null,
    consumingBlockTimestamp: null,
    utxoBytes: `0x${toHex(concatBytes(bytes, sha256(bytes).subarray(28)))}`,
  };
  const addresses = [...new Set(owners.addresses)].map((address) => ({
    network: place.network,
    address,
    blockchainId: place.blockchainId,
    utxoId,
    blockTimestamp: place.blockTimestamp,
  }));
  return { utxo, addresses };
}

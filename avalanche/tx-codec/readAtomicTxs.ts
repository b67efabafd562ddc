// The C-Chain's atomic transactions, read from a coreth block's blockExtraData by avalanchejs's EVM
// codec (coreth's atomic codec: ImportTx 0, ExportTx 1, the secp256k1fx types from 5). Before Apricot
// Phase 5 the extra data is one signed transaction (codec version, then the transaction); from it on,
// a batch (codec version, a uint32 count, then each transaction), as coreth's ExtractAtomicTxs reads
// them. A transaction's ID is SHA-256 of its signed bytes with the codec version, as coreth's
// Tx.Sign computes it.
import { compareBytes } from '../bytes';
import { chainCodec } from './chainCodecs';
import { packSignedTx } from './encodeSignedTx';
import { readSignedTx, SignedTxDecodeError, type BlockTx } from './readSignedTxs';

/** Apricot Phase 5 of each public network, Unix seconds (avalanchego upgrade/upgrade.go): blocks from it batch their atomic transactions. */
export const APRICOT_PHASE_5: Record<'MAINNET' | 'FUJI', bigint> = {
  MAINNET: BigInt(Date.UTC(2021, 11, 2, 18) / 1000),
  FUJI: BigInt(Date.UTC(2021, 10, 24, 15) / 1000),
};

/**
 * Whether a C-Chain block of `network` at `timestamp` holds a batch of atomic transactions (Apricot Phase 5 on).
 * @param network the network
 * @param timestamp the block's time, Unix seconds
 * @returns true from Apricot Phase 5 on
 * @example isAtomicBatch('MAINNET', 1_700_000_000n) // true
 */
export function isAtomicBatch(network: 'MAINNET' | 'FUJI', timestamp: bigint): boolean {
  return timestamp >= APRICOT_PHASE_5[network];
}

/** One signed atomic transaction read from `bytes` (no codec version), checked to encode back to its bytes. */
function readAtomicTx(bytes: Uint8Array): { tx: BlockTx; rest: Uint8Array } {
  const { tx, signed, rest } = readSignedTx(bytes, chainCodec('C'));
  // avalanchejs reads fixed-size fields with slice(), which silently shortens a field at the end:
  // only bytes that encode back to themselves are one whole transaction.
  if (compareBytes(packSignedTx(signed.unsignedTx, signed.credentials, 'C'), tx.bytes) !== 0)
    throw new SignedTxDecodeError('an atomic transaction is truncated or not in canonical form');
  return { tx, rest };
}

/**
 * The atomic transactions of a C-Chain block.
 * @param extraData the block's blockExtraData (empty: none)
 * @param batch whether the block is from Apricot Phase 5 on ({@link isAtomicBatch})
 * @returns the transactions in block order: ImportTx or ExportTx, each with its signed bytes and ID
 * @throws SignedTxDecodeError when the bytes are not exactly what coreth would accept: another codec
 *   version, a batch of none, trailing bytes, a transaction that does not decode
 * @example readAtomicTxs(block.blockExtraData, isAtomicBatch('MAINNET', block.timestamp))
 */
export function readAtomicTxs(extraData: Uint8Array, batch: boolean): BlockTx[] {
  if (extraData.length === 0) return [];
  if (extraData.length < 2) throw new SignedTxDecodeError(`${extraData.length} byte holds no codec version`);
  const version = (extraData[0]! << 8) | extraData[1]!;
  if (version !== 0) throw new SignedTxDecodeError(`unknown codec version ${version}, expected 0`);
  let rest = extraData.subarray(2);
  let count = 1;
  if (batch) {
    if (rest.length < 4) throw new SignedTxDecodeError('the batch has no transaction count');
    count = new DataView(rest.buffer, rest.byteOffset, 4).getUint32(0);
    if (count === 0) throw new SignedTxDecodeError('a batch of no atomic transactions');
    rest = rest.subarray(4);
  }
  const txs: BlockTx[] = [];
  for (let i = 0; i < count; i++) {
    if (rest.length === 0) throw new SignedTxDecodeError(`the batch names ${count} transactions and holds ${i}`);
    let read: ReturnType<typeof readAtomicTx>;
    try {
      read = readAtomicTx(rest);
    } catch (error) {
      if (error instanceof SignedTxDecodeError) throw error;
      throw new SignedTxDecodeError(`not a C-Chain atomic transaction: ${(error as Error).message}`);
    }
    const type = read.tx.txType;
    if (type !== 'ImportTx' && type !== 'ExportTx')
      throw new SignedTxDecodeError(`${type} is not an atomic transaction`);
    txs.push(read.tx);
    rest = read.rest;
  }
  if (rest.length > 0)
    throw new SignedTxDecodeError(
      `${rest.length} trailing byte${rest.length === 1 ? '' : 's'} after the atomic transactions`,
    );
  return txs;
}

// An X-Chain vertex of the DAG era, as the node's index API (/ext/index/X/vtx) stores it
// (avalanchego snow/engine/avalanche/vertex): codec version 0 = a vertex (chain ID, height, epoch,
// parent IDs, transactions as signed bytes); version 1 = the stop vertex that ended the DAG (chain
// ID, height, parent IDs). The vertex ID is SHA-256 of the bytes.
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode } from '../../../avalanche/cb58';
import { BlockDecodeError } from './decodePrimaryBlock';
import { chainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import { readSignedTxs, type BlockTx } from '../../../avalanche/tx-codec/readSignedTxs';

/** A decoded vertex. */
export type Vertex = {
  vertexId: string;
  chainId: string;
  height: bigint;
  parentIds: string[];
  txs: BlockTx[];
  stop: boolean;
  sizeBytes: number;
};

/**
 * Decodes a vertex and its transactions (avalanchejs's X-Chain codec).
 * @param bytes the container bytes
 * @returns the vertex
 * @throws BlockDecodeError
 * @example decodeVertex(container.bytes).parentIds
 */
export function decodeVertex(bytes: Uint8Array): Vertex {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number, field: string) => {
    if (at + n > bytes.length)
      throw new BlockDecodeError('X-Chain vertex', `${field} needs ${n} bytes, ${bytes.length - at} left`);
  };
  const u16 = (f: string) => {
    need(2, f);
    const v = view.getUint16(at);
    at += 2;
    return v;
  };
  const u32 = (f: string) => {
    need(4, f);
    const v = view.getUint32(at);
    at += 4;
    return v;
  };
  const u64 = (f: string) => {
    need(8, f);
    const v = view.getBigUint64(at);
    at += 8;
    return v;
  };
  const id = (f: string) => {
    need(32, f);
    const v = cb58Encode(bytes.subarray(at, at + 32));
    at += 32;
    return v;
  };
  const version = u16('version');
  if (version > 1) throw new BlockDecodeError('X-Chain vertex', `unknown version ${version}`);
  const chainId = id('chain ID');
  const height = u64('height');
  if (version === 0) u32('epoch');
  const parentIds = Array.from({ length: u32('parent count') }, (_, i) => id(`parent ${i}`));
  const txs: BlockTx[] = [];
  if (version === 0) {
    const count = u32('transaction count');
    for (let i = 0; i < count; i++) {
      const length = u32(`transaction ${i} length`);
      need(length, `transaction ${i}`);
      const signed = bytes.subarray(at, at + length);
      at += length;
      if (signed[0] !== 0 || signed[1] !== 0)
        throw new BlockDecodeError('X-Chain vertex', `transaction ${i}: unknown codec version`);
      try {
        const [[tx], rest] = readSignedTxs(signed.subarray(2), 1, chainCodec('X'));
        if (rest.length) throw new Error(`${rest.length} trailing bytes`);
        txs.push(tx!);
      } catch (error) {
        throw new BlockDecodeError('X-Chain vertex', `transaction ${i}: ${(error as Error).message}`);
      }
    }
  }
  if (at !== bytes.length) throw new BlockDecodeError('X-Chain vertex', `${bytes.length - at} trailing bytes`);
  return {
    vertexId: cb58Encode(sha256(bytes)),
    chainId,
    height,
    parentIds,
    txs,
    stop: version === 1,
    sizeBytes: bytes.length,
  };
}

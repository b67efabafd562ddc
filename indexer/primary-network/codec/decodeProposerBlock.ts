// The proposervm wrapper of a P- or X-Chain block, as the node's index API (/ext/index/<chain>/block)
// stores accepted containers (avalanchego vms/proposervm/block): a signed block (type 0; type 2 since
// Granite adds a P-Chain epoch) names its parent, time, P-Chain height and, when a validator proposed
// it in its window, the proposer's staking certificate; an option (type 1, commit or abort after a
// proposal) has no proposer. Node ID = RIPEMD-160(SHA-256(certificate)) (ids.NodeIDFromCert).
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode, nodeIdToString } from '../../../avalanche/cb58';

/** Proposer columns of a PrimaryNetworkBlock row. */
export type ProposerFields = {
  proposerId: string;
  proposerParentId: string;
  proposerNodeId: string | null;
  proposerPChainHeight: bigint;
  proposerTimestamp: bigint;
};

/** A decoded wrapper: the inner VM block's bytes, and the proposer fields when it is a signed block. */
export type ProposerBlock = { inner: Uint8Array; proposer: ProposerFields | null };

/**
 * Decodes a proposervm block; null when the bytes are not one (a block from before the proposervm
 * fork is stored unwrapped).
 * @param bytes the container bytes
 * @returns inner block and proposer fields, or null
 * @example decodeProposerBlock(container.bytes)?.proposer?.proposerNodeId
 */
export function decodeProposerBlock(bytes: Uint8Array): ProposerBlock | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RangeError('short');
  };
  const u32 = () => {
    need(4);
    const v = view.getUint32(at);
    at += 4;
    return v;
  };
  const u64 = () => {
    need(8);
    const v = view.getBigUint64(at);
    at += 8;
    return v;
  };
  const fixed = (n: number) => {
    need(n);
    const v = bytes.subarray(at, at + n);
    at += n;
    return v;
  };
  const slice = () => fixed(u32());
  try {
    need(2);
    if (view.getUint16(0) !== 0) return null;
    at = 2;
    const type = u32();
    if (type === 1) {
      fixed(32);
      const inner = slice();
      return at === bytes.length ? { inner, proposer: null } : null;
    }
    if (type !== 0 && type !== 2) return null;
    const parent = fixed(32);
    const timestamp = u64();
    const pChainHeight = u64();
    const certificate = slice();
    const inner = slice();
    if (type === 2) fixed(24); // epoch: P-Chain height, number, start time
    const unsignedEnd = at;
    slice(); // signature
    if (at !== bytes.length) return null;
    return {
      inner,
      proposer: {
        proposerId: cb58Encode(sha256(bytes.subarray(0, unsignedEnd))),
        proposerParentId: cb58Encode(parent),
        proposerNodeId: certificate.length ? nodeIdToString(ripemd160(sha256(certificate))) : null,
        proposerPChainHeight: pChainHeight,
        proposerTimestamp: timestamp,
      },
    };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

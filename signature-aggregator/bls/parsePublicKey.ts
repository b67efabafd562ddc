import { bls12_381 } from '@noble/curves/bls12-381.js';

/** A BLS public key: a point of G1 (min-pk, as avalanchego). */
export type PublicKeyPoint = ReturnType<typeof bls12_381.G1.Point.fromBytes>;

/**
 * Parses a public key as avalanchego's `PublicKeyFromCompressedBytes` + `KeyValidate`: on the
 * curve, in the subgroup (noble checks both) and not the point at infinity, which noble accepts.
 * The 96-byte uncompressed form is accepted too (it is how the P-Chain state stores keys).
 * @param bytes 48 (compressed) or 96 (uncompressed) bytes
 * @returns the point
 * @throws Error when the bytes are no valid key
 * @example parsePublicKey(fromHex('0x900c9b11...'))
 */
export function parsePublicKey(bytes: Uint8Array): PublicKeyPoint {
  if (bytes.length !== 48 && bytes.length !== 96) throw new Error(`public key must be 48 or 96 bytes, got ${bytes.length}`);
  const point = bls12_381.G1.Point.fromBytes(bytes);
  if (point.is0()) throw new Error('public key is the point at infinity');
  return point;
}

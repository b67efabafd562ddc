import { bls12_381 } from '@noble/curves/bls12-381.js';

/** A BLS signature: a point of G2. */
export type SignaturePoint = ReturnType<typeof bls12_381.longSignatures.Signature.fromBytes>;

/**
 * Parses a validator's signature before it may count: exactly 96 bytes, compressed, on the
 * curve and in the G2 subgroup (noble's decoder checks both), and not the point at infinity
 * (avalanchego's SigValidate(false) would let infinity through; an honest signer never makes it).
 * @param bytes the signature as received
 * @returns the point
 * @throws Error naming the defect
 * @example parseSignature(response) // throws 'signature must be 96 bytes, got 95'
 */
export function parseSignature(bytes: Uint8Array): SignaturePoint {
  if (bytes.length !== 96) throw new Error(`signature must be 96 bytes, got ${bytes.length}`);
  const point = bls12_381.longSignatures.Signature.fromBytes(bytes);
  if (point.is0()) throw new Error('signature is the point at infinity');
  return point;
}

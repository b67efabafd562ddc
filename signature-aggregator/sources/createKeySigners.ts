import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { LocalSigners } from './localSigners';

/**
 * Signers for BLS secret keys given in configuration (WARP_SIGNER_KEYS): the validators an
 * operator runs itself, found by public key whatever their node IDs.
 * @param secretKeys 32-byte big-endian scalars
 * @returns the signers
 * @throws Error when a key is not a valid scalar
 * @example createKeySigners([fromHex('0x4176616c...')])
 */
export function createKeySigners(secretKeys: readonly Uint8Array[]): LocalSigners {
  const byPublicKey = new Map<string, Uint8Array>();
  for (const secretKey of secretKeys) {
    const publicKey = bls12_381.longSignatures.getPublicKey(secretKey).toBytes(true);
    byPublicKey.set(Buffer.from(publicKey).toString('hex'), secretKey);
  }
  return { secretKeyFor: (validator) => byPublicKey.get(Buffer.from(validator.publicKey.compressed).toString('hex')) };
}

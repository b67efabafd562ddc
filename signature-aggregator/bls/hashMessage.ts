import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BLS_SIG_DST } from '../../avalanche/constants';
import type { SignaturePoint } from './parseSignature';

/**
 * Hashes a message to G2 with Avalanche's signing tag. noble's default tag (`…_RO_NUL_`) gives
 * signatures no Avalanche node accepts, so the tag is always passed.
 * @param message the bytes to sign: a complete unsigned Warp message
 * @returns the point every signature of the message multiplies
 * @example bls12_381.longSignatures.sign(hashMessage(unsigned.bytes), secretKey)
 */
export function hashMessage(message: Uint8Array): SignaturePoint {
  return bls12_381.longSignatures.hash(message, BLS_SIG_DST);
}

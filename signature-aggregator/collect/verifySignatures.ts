import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { PublicKeyPoint } from '../bls/parsePublicKey';
import type { SignaturePoint } from '../bls/parseSignature';

/** A parsed signature waiting for verification, with the key it must verify under. */
export type UnverifiedSignature = { index: number; publicKey: PublicKeyPoint; signature: SignaturePoint };

/** The outcome: which indices verified, which did not, and how many pairing checks it took. */
export type VerificationOutcome = { valid: number[]; invalid: number[]; pairingChecks: number };

/**
 * Verifies many signatures of one message without a pairing check each: the sum of the
 * signatures is checked once against the sum of their keys (BLS aggregation, safe here because
 * every key came with a proof of possession). Only when that fails are the halves checked, and
 * so on down to the bad signatures: k bad ones among n cost O(k log n) checks, none cost 1.
 *
 * @param items parsed signatures and their validators' keys
 * @param hashedMessage the message hashed to G2 with the signing tag
 * @returns valid and invalid indices
 * @example verifySignatures(collected, hashMessage(unsigned.bytes)).invalid // []
 */
export function verifySignatures(items: readonly UnverifiedSignature[], hashedMessage: SignaturePoint): VerificationOutcome {
  const outcome: VerificationOutcome = { valid: [], invalid: [], pairingChecks: 0 };
  // Explicit stack instead of recursion: depth is bounded by log2(n) either way.
  const stack: (readonly UnverifiedSignature[])[] = items.length > 0 ? [items] : [];
  while (stack.length > 0) {
    const group = stack.pop()!;
    outcome.pairingChecks++;
    if (verifyGroup(group, hashedMessage)) {
      outcome.valid.push(...group.map((item) => item.index));
    } else if (group.length === 1) {
      outcome.invalid.push(group[0]!.index);
    } else {
      const middle = Math.ceil(group.length / 2);
      stack.push(group.slice(middle), group.slice(0, middle));
    }
  }
  outcome.valid.sort((a, b) => a - b);
  outcome.invalid.sort((a, b) => a - b);
  return outcome;
}

function verifyGroup(group: readonly UnverifiedSignature[], hashedMessage: SignaturePoint): boolean {
  const sigs = bls12_381.longSignatures;
  try {
    const signature = sigs.aggregateSignatures(group.map((item) => item.signature));
    const publicKey = sigs.aggregatePublicKeys(group.map((item) => item.publicKey));
    return sigs.verify(signature, hashedMessage, publicKey);
  } catch {
    // Sums that land on infinity (signatures cancelling out) are refused by the pairing: not valid.
    return false;
  }
}

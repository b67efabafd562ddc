import { bls12_381 } from '@noble/curves/bls12-381.js';
import { hashMessage } from '../../signature-aggregator/bls/hashMessage';
import { parseSignature } from '../../signature-aggregator/bls/parseSignature';
import { verifySignatures } from '../../signature-aggregator/collect/verifySignatures';
import type { PublicKeyPoint } from '../../signature-aggregator/bls/parsePublicKey';

/** Timings of one way of verifying the same responses. */
export type VerificationTiming = { label: string; ms: number; pairingChecks: number; valid: number };

/**
 * Verifies the same responses two ways and times both: every signature parsed (decompressed and
 * subgroup-checked, as any verifier must), then (a) the aggregator's one aggregate check with
 * bisection on failure, or (b) one pairing check per signature.
 * @param message unsigned message bytes
 * @param publicKeys parsed keys, by validator
 * @param responses 96-byte signatures, by validator
 * @param label what the responses are (e.g. `1,000 honest`)
 * @returns the two timings
 * @example compareVerification(bytes, keys, signatures, '1,000 honest')
 */
export function compareVerification(message: Uint8Array, publicKeys: readonly PublicKeyPoint[], responses: readonly Uint8Array[], label: string): VerificationTiming[] {
  const hashed = hashMessage(message);
  let started = performance.now();
  const items = responses.map((bytes, index) => ({ index, publicKey: publicKeys[index]!, signature: parseSignature(bytes) }));
  const outcome = verifySignatures(items, hashed);
  const aggregate = { label: `${label}: aggregate, bisect on failure`, ms: performance.now() - started, pairingChecks: outcome.pairingChecks, valid: outcome.valid.length };

  started = performance.now();
  let valid = 0;
  for (let index = 0; index < responses.length; index++) {
    const signature = parseSignature(responses[index]!);
    if (bls12_381.longSignatures.verify(signature, hashed, publicKeys[index]!)) valid++;
  }
  const each = { label: `${label}: one check per signature`, ms: performance.now() - started, pairingChecks: responses.length, valid };
  return [aggregate, each];
}

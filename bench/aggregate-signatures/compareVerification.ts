import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BLS_SIG_DST } from '../../avalanche/constants';
import { createBlsPool } from '../../signature-aggregator/bls/createBlsPool';

/** Timings of one way of verifying the same responses. */
export type VerificationTiming = { label: string; ms: number; pairingChecks: number; valid: number };

/**
 * Verifies the same responses two ways and times both, each on one thread: every signature parsed
 * (decompressed and subgroup-checked, as any verifier must), then (a) the aggregator's one
 * aggregate check with bisection on failure (BlsPool.verify on a one-thread pool), or (b) one
 * pairing check per signature (noble on this thread).
 * @param message unsigned message bytes
 * @param publicKeys compressed keys, by validator (parsed before the timings)
 * @param responses 96-byte signatures, by validator
 * @param label what the responses are (e.g. `1,000 honest`)
 * @returns the two timings
 * @example await compareVerification(bytes, keys, signatures, '1,000 honest')
 */
export async function compareVerification(
  message: Uint8Array,
  publicKeys: readonly Uint8Array[],
  responses: readonly Uint8Array[],
  label: string,
): Promise<VerificationTiming[]> {
  const bls = createBlsPool({ size: 1 });
  try {
    const keys = (await bls.parseKeys(publicKeys)).map((parsed) => {
      if (!parsed.ok) throw new Error(`bench key does not parse: ${parsed.reason}`);
      return parsed.key;
    });
    const items = responses.map((signature, index) => ({ index, publicKey: keys[index]!, signature }));
    // The worker hashes the message once, outside the timing (this thread hashes it outside too).
    await bls.verify(message, items.slice(0, 1));
    let started = performance.now();
    const outcome = await bls.verify(message, items);
    const aggregate = {
      label: `${label}: aggregate, bisect on failure`,
      ms: performance.now() - started,
      pairingChecks: outcome.pairingChecks,
      valid: outcome.valid.length,
    };

    const sigs = bls12_381.longSignatures;
    const hashed = sigs.hash(message, BLS_SIG_DST);
    const points = publicKeys.map((key) => bls12_381.G1.Point.fromBytes(key));
    started = performance.now();
    let valid = 0;
    for (let index = 0; index < responses.length; index++) {
      if (sigs.verify(sigs.Signature.fromBytes(responses[index]!), hashed, points[index]!)) valid++;
    }
    const each = {
      label: `${label}: one check per signature`,
      ms: performance.now() - started,
      pairingChecks: responses.length,
      valid,
    };
    return [aggregate, each];
  } finally {
    await bls.close();
  }
}

import { bls12_381 } from '@noble/curves/bls12-381.js';
import { setImmediate } from 'node:timers/promises';
import type { LocalSigners } from './localSigners';
import type { FetchSignature, SignatureSource } from './signatureSource';

/**
 * Signatures made in this process with secret keys it holds (devnets, the demo data). It signs
 * any message of the request's network for the validators whose keys it has: use it only for
 * validators whose signatures are yours to give.
 *
 * Each signature is made on its own turn of the event loop, so the collector counts weight
 * between them and stops signing once the target is met.
 *
 * @param signers where keys come from, asked in order
 * @returns the source
 * @example createLocalSignatureSource([createKeySigners(keys), createDemoSigners()])
 */
export function createLocalSignatureSource(signers: readonly LocalSigners[]): SignatureSource {
  return {
    name: 'local',
    async connect({ network, validators, hashedMessage }) {
      const fetchers = new Map<number, FetchSignature>();
      let prepared = false;
      for (const validator of validators) {
        let secretKey: Uint8Array | undefined;
        for (const source of signers) if ((secretKey = source.secretKeyFor(validator, network))) break;
        if (!secretKey) continue;
        const key = secretKey;
        fetchers.set(validator.index, async (signal) => {
          await setImmediate();
          signal.throwIfAborted();
          const base = hashedMessage();
          if (!prepared) {
            // A window table for the one base point all these multiplications share: about 2x faster.
            base.precompute(8);
            prepared = true;
          }
          return bls12_381.longSignatures.Signature.toBytes(bls12_381.longSignatures.sign(base, key));
        });
      }
      return fetchers;
    },
  };
}

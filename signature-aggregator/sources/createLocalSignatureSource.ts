import { createSigningBatcher } from './createSigningBatcher';
import type { LocalSigners } from './localSigners';
import type { FetchSignature, SignatureSource } from './signatureSource';

/** Secret keys whose public key is remembered; the memo starts over when it is full. */
const maxCheckedKeys = 100_000;

/**
 * Signatures made in this process with secret keys it holds (devnets, the demo data). It signs
 * any message of the request's network for the validators whose keys it has: use it only for
 * validators whose signatures are yours to give.
 *
 * A key signs for a validator only when its public key is the validator's recorded key, checked
 * here for every kind of signer (once per key, in the worker threads), so a signer may propose
 * keys by node ID alone. Signing runs in the worker threads too, batched per turn of the event
 * loop (createSigningBatcher.ts says why that still lets the collector stop early).
 *
 * @param signers where keys come from, asked in order; the first key found for a validator is used
 * @returns the source
 * @example createLocalSignatureSource([createKeySigners(keys), createDemoSigners()])
 */
export function createLocalSignatureSource(signers: readonly LocalSigners[]): SignatureSource {
  /** Compressed public key (hex) of each secret key (hex) seen, null for an invalid scalar. */
  const publicKeys = new Map<string, string | null>();
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

  return {
    name: 'local',
    async connect({ network, message, validators, bls }) {
      const candidates: { index: number; publicKey: string; secretKey: Uint8Array }[] = [];
      for (const validator of validators) {
        let secretKey: Uint8Array | undefined;
        for (const source of signers) if ((secretKey = source.secretKeyFor(validator, network))) break;
        if (secretKey)
          candidates.push({ index: validator.index, publicKey: hex(validator.publicKey.compressed), secretKey });
      }
      // The public key of each candidate key, from the memo or derived now.
      const derivedKeys = new Map<string, string | null>();
      const unchecked = new Map<string, Uint8Array>();
      for (const { secretKey } of candidates) {
        const id = hex(secretKey);
        const known = publicKeys.get(id);
        if (known !== undefined) derivedKeys.set(id, known);
        else unchecked.set(id, secretKey);
      }
      if (unchecked.size > 0) {
        const derived = await bls.publicKeys([...unchecked.values()]);
        if (publicKeys.size + unchecked.size > maxCheckedKeys) publicKeys.clear();
        [...unchecked.keys()].forEach((id, i) => {
          const publicKey = derived[i];
          derivedKeys.set(id, publicKey ? hex(publicKey) : null);
          publicKeys.set(id, publicKey ? hex(publicKey) : null);
        });
      }
      const sign = createSigningBatcher(bls, message.bytes);
      const fetchers = new Map<number, FetchSignature>();
      for (const { index, publicKey, secretKey } of candidates) {
        if (derivedKeys.get(hex(secretKey)) !== publicKey) continue;
        fetchers.set(index, (signal) => sign(secretKey, signal));
      }
      return fetchers;
    },
  };
}

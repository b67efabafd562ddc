import type { VerifiedSignature } from '../bls/createBlsPool';

/** Verified signatures of recent messages, by message ID and compressed public key (both hex). */
export type SignatureCache = {
  /** The verified signatures of a message (empty when none); marks the message recently used. */
  get(messageId: string): ReadonlyMap<string, VerifiedSignature>;
  /** Remembers a verified signature. */
  add(messageId: string, publicKey: string, signature: VerifiedSignature): void;
};

/**
 * An LRU cache of verified signatures keyed by message ID, as ICM's aggregator keeps: a second
 * request for a message (another quorum, a retry after a failure) reuses what validators already
 * gave. Only verified signatures enter, so a cached one never needs checking again.
 * @param maxMessages messages kept; the least recently used is dropped first
 * @returns the cache
 * @example const cache = createSignatureCache(1024)
 */
export function createSignatureCache(maxMessages: number): SignatureCache {
  const messages = new Map<string, Map<string, VerifiedSignature>>();
  const empty: ReadonlyMap<string, VerifiedSignature> = new Map();
  return {
    get(messageId) {
      const found = messages.get(messageId);
      if (!found) return empty;
      messages.delete(messageId);
      messages.set(messageId, found);
      return found;
    },
    add(messageId, publicKey, signature) {
      let found = messages.get(messageId);
      if (!found) {
        if (messages.size >= maxMessages) messages.delete(messages.keys().next().value!);
        found = new Map();
        messages.set(messageId, found);
      }
      found.set(publicKey, signature);
    },
  };
}

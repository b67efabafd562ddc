import { parsePublicKey } from '../bls/parsePublicKey';
import type { ParsedKey } from './flattenValidators';

/**
 * A memo of parsed public keys. Decompressing and subgroup-checking a key costs about 2 ms with
 * noble, and the same validators sign request after request, so each key is parsed once.
 * @param maxEntries bound on remembered keys; the memo starts over when it is full
 * @returns a parser for {@link flattenValidators}: undefined for an invalid key
 * @example const parseKey = createKeyCache(100_000); flattenValidators(entries, parseKey)
 */
export function createKeyCache(maxEntries: number): (compressed: Uint8Array) => ParsedKey | undefined {
  const keys = new Map<string, ParsedKey | null>();
  return (compressed) => {
    const id = Buffer.from(compressed).toString('hex');
    let found = keys.get(id);
    if (found === undefined) {
      try {
        const point = parsePublicKey(compressed);
        found = { point, compressed: point.toBytes(true), uncompressed: point.toBytes(false) };
      } catch {
        found = null;
      }
      if (keys.size >= maxEntries) keys.clear();
      keys.set(id, found);
    }
    return found ?? undefined;
  };
}

import type { KeyParse } from '../bls/createBlsPool';
import type { ParsedKey } from './flattenValidators';

/**
 * Resolves the compressed keys of a validator set: parses those not seen before (in the BLS
 * workers, all at once) and returns a lookup for {@link flattenValidators}, undefined for an
 * invalid key.
 */
export type KeyCache = (keys: readonly Uint8Array[]) => Promise<(compressed: Uint8Array) => ParsedKey | undefined>;

/**
 * A memo of parsed public keys. Decompressing and subgroup-checking a key costs milliseconds with
 * noble, and the same validators sign request after request, so each key is parsed once; keys
 * already being parsed for a concurrent request are waited for, not parsed twice.
 * @param maxEntries bound on remembered keys; the memo starts over when it is full
 * @param parseKeys the parser (BlsPool.parseKeys)
 * @returns the cache
 * @example
 * const keyCache = createKeyCache(100_000, bls.parseKeys)
 * flattenValidators(entries, await keyCache(entries.flatMap((entry) => entry.publicKey ?? [])))
 */
export function createKeyCache(
  maxEntries: number,
  parseKeys: (keys: readonly Uint8Array[]) => Promise<KeyParse[]>,
): KeyCache {
  const known = new Map<string, ParsedKey | null>();
  const parsing = new Map<string, Promise<ParsedKey | null>>();
  return async (keys) => {
    const resolved = new Map<string, ParsedKey | null>();
    const waits: Promise<void>[] = [];
    const missing = new Map<string, Uint8Array>();
    for (const key of keys) {
      const id = Buffer.from(key).toString('hex');
      if (resolved.has(id) || missing.has(id)) continue;
      const found = known.get(id);
      const pending = parsing.get(id);
      if (found !== undefined) resolved.set(id, found);
      else if (pending) waits.push(pending.then((parsed) => void resolved.set(id, parsed)));
      else missing.set(id, key);
    }
    if (missing.size > 0) {
      const batch = parseKeys([...missing.values()]);
      [...missing.keys()].forEach((id, i) => {
        const one = batch.then((parsed) => {
          const result = parsed[i]!;
          return result.ok ? result.key : null;
        });
        parsing.set(id, one);
        // A failed batch is not remembered: the next request parses those keys again.
        one
          .then(
            (parsed) => {
              if (known.size >= maxEntries) known.clear();
              known.set(id, parsed);
            },
            () => {},
          )
          .finally(() => parsing.delete(id));
        waits.push(one.then((parsed) => void resolved.set(id, parsed)));
      });
    }
    await Promise.all(waits);
    return (compressed) => resolved.get(Buffer.from(compressed).toString('hex')) ?? undefined;
  };
}

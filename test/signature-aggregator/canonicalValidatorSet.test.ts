import { fromHex, toHex } from '../../avalanche/bytes';
import { createBlsPool, type BlsPool } from '../../signature-aggregator/bls/createBlsPool';
import { InsufficientReachableWeightError } from '../../signature-aggregator/errors';
import { createKeyCache } from '../../signature-aggregator/validators/createKeyCache';
import {
  flattenValidators as flattenSync,
  type ValidatorEntry,
} from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';

let bls: BlsPool;
let keyCache: ReturnType<typeof createKeyCache>;
beforeAll(() => {
  bls = createBlsPool({ size: 1 });
  keyCache = createKeyCache(100, bls.parseKeys);
});
afterAll(() => bls.close());

/** flattenValidators with the keys of `entries` parsed first, as the aggregator does. */
const flattenValidators = async (entries: ValidatorEntry[]) =>
  flattenSync(entries, await keyCache(entries.flatMap((entry) => entry.publicKey ?? [])));
const entry = (name: string, weight: bigint, nodeId?: string): ValidatorEntry => {
  const signer = localNetworkSigners.find((s) => s.name === name)!;
  return { nodeId: nodeId ?? signer.nodeId, publicKey: fromHex(signer.publicKey), weight };
};

describe('validators/flattenValidators (notes §4)', () => {
  it('orders the five local validators by uncompressed key: signer5, 2, 3, 4, 1 (§9.3)', async () => {
    const set = await flattenValidators(localNetworkSigners.map((s) => entry(s.name, 2000n)));
    expect(set.validators.map((v) => v.nodeIds[0])).toEqual([
      'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
      'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ',
      'NodeID-NFBbbJ4qCmNaCzeW7sxErhvWqvEQMnYcN',
      'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
    ]);
    expect(set.validators.map((v) => toHex(v.publicKey.compressed).slice(0, 4))).toEqual([
      '8048',
      'a058',
      'a10b',
      'accd',
      '900c',
    ]);
    expect(set.validators.map((v) => v.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('would give 5, 1, 2, 3, 4 when sorted by compressed key, which is wrong', () => {
    const byCompressed = [...localNetworkSigners]
      .sort((a, b) => (a.publicKey < b.publicKey ? -1 : 1))
      .map((s) => s.name);
    expect(byCompressed).toEqual(['signer5', 'signer1', 'signer2', 'signer3', 'signer4']);
  });

  it('merges nodes sharing a key into one validator with the summed weight, nodes in input order', async () => {
    const set = await flattenValidators([
      entry('signer1', 10n, 'NodeID-a'),
      entry('signer2', 5n),
      entry('signer1', 7n, 'NodeID-b'),
    ]);
    expect(set.validators).toHaveLength(2);
    expect(set.validators[1]).toMatchObject({ weight: 17n, nodeIds: ['NodeID-a', 'NodeID-b'] });
    expect(set.totalWeight).toBe(22n);
  });

  it('counts keyless and invalid-key validators toward the total weight, never in the list', async () => {
    const set = await flattenValidators([
      entry('signer1', 10n),
      { nodeId: 'NodeID-keyless', publicKey: null, weight: 30n },
      { nodeId: 'NodeID-bad', publicKey: new Uint8Array(48), weight: 5n },
    ]);
    expect(set.validators).toHaveLength(1);
    expect(set.totalWeight).toBe(45n);
  });

  it('refuses a set whose total weight overflows uint64 (avalanchego drops the subnet)', async () => {
    const half = 1n << 63n;
    await expect(flattenValidators([entry('signer1', half), entry('signer2', half)])).rejects.toThrow(
      InsufficientReachableWeightError,
    );
  });
});

describe('validators/createKeyCache', () => {
  /** A key cache over the pool that records each batch of keys sent to the workers. */
  const counting = () => {
    const batches: number[] = [];
    const cache = createKeyCache(100, (keys) => {
      batches.push(keys.length);
      return bls.parseKeys(keys);
    });
    return { cache, batches };
  };
  const keys = localNetworkSigners.map((s) => fromHex(s.publicKey));

  it('parses unknown keys in one batch, and each key only once', async () => {
    const { cache, batches } = counting();
    const lookup = await cache([...keys, keys[0]!]);
    expect(toHex(lookup(keys[2]!)!.compressed)).toBe(localNetworkSigners[2]!.publicKey);
    await cache(keys.slice(0, 3));
    expect(batches).toEqual([5]);
  });

  it('shares a parse in progress with a concurrent request instead of parsing again', async () => {
    const { cache, batches } = counting();
    const [first, second] = await Promise.all([cache(keys.slice(0, 3)), cache(keys)]);
    expect(batches).toEqual([3, 2]);
    expect(keys.every((key) => second(key) !== undefined)).toBe(true);
    expect(first(keys[4]!)).toBeUndefined(); // not asked for by the first request
  });

  it('resolves an invalid key to undefined, and forgets a failed batch so the next request parses again', async () => {
    let fail = true;
    const cache = createKeyCache(100, (batch) =>
      fail ? Promise.reject(new Error('BLS worker thread failed')) : bls.parseKeys(batch),
    );
    await expect(cache([keys[0]!])).rejects.toThrow('BLS worker thread failed');
    fail = false;
    const lookup = await cache([keys[0]!, new Uint8Array(48)]);
    expect(lookup(keys[0]!)).toBeDefined();
    expect(lookup(new Uint8Array(48))).toBeUndefined();
  });
});

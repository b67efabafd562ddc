import { fromHex, toHex } from '../../avalanche/bytes';
import { InsufficientReachableWeightError } from '../../signature-aggregator/errors';
import { createKeyCache } from '../../signature-aggregator/validators/createKeyCache';
import { flattenValidators, type ValidatorEntry } from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';

const parseKey = createKeyCache(100);
const entry = (name: string, weight: bigint, nodeId?: string): ValidatorEntry => {
  const signer = localNetworkSigners.find((s) => s.name === name)!;
  return { nodeId: nodeId ?? signer.nodeId, publicKey: fromHex(signer.publicKey), weight };
};

describe('validators/flattenValidators (notes §4)', () => {
  it('orders the five local validators by uncompressed key: signer5, 2, 3, 4, 1 (§9.3)', () => {
    const set = flattenValidators(localNetworkSigners.map((s) => entry(s.name, 2000n)), parseKey);
    expect(set.validators.map((v) => v.nodeIds[0])).toEqual([
      'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
      'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ',
      'NodeID-NFBbbJ4qCmNaCzeW7sxErhvWqvEQMnYcN',
      'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
    ]);
    expect(set.validators.map((v) => toHex(v.publicKey.compressed).slice(0, 4))).toEqual(['8048', 'a058', 'a10b', 'accd', '900c']);
    expect(set.validators.map((v) => v.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('would give 5, 1, 2, 3, 4 when sorted by compressed key, which is wrong', () => {
    const byCompressed = [...localNetworkSigners].sort((a, b) => (a.publicKey < b.publicKey ? -1 : 1)).map((s) => s.name);
    expect(byCompressed).toEqual(['signer5', 'signer1', 'signer2', 'signer3', 'signer4']);
  });

  it('merges nodes sharing a key into one validator with the summed weight, nodes in input order', () => {
    const set = flattenValidators([entry('signer1', 10n, 'NodeID-a'), entry('signer2', 5n), entry('signer1', 7n, 'NodeID-b')], parseKey);
    expect(set.validators).toHaveLength(2);
    expect(set.validators[1]).toMatchObject({ weight: 17n, nodeIds: ['NodeID-a', 'NodeID-b'] });
    expect(set.totalWeight).toBe(22n);
  });

  it('counts keyless and invalid-key validators toward the total weight, never in the list', () => {
    const set = flattenValidators(
      [entry('signer1', 10n), { nodeId: 'NodeID-keyless', publicKey: null, weight: 30n }, { nodeId: 'NodeID-bad', publicKey: new Uint8Array(48), weight: 5n }],
      parseKey,
    );
    expect(set.validators).toHaveLength(1);
    expect(set.totalWeight).toBe(45n);
  });

  it('refuses a set whose total weight overflows uint64 (avalanchego drops the subnet)', () => {
    const half = 1n << 63n;
    expect(() => flattenValidators([entry('signer1', half), entry('signer2', half)], parseKey)).toThrow(InsufficientReachableWeightError);
  });
});

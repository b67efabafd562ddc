// The BLS rules of the aggregator, as its worker threads apply them (bls/blsWorker.ts).
// Expected values come from noble directly, with the tags spelled out here, or from published vectors.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, toHex } from '../../avalanche/bytes';
import { createBlsPool, type BlsPool, type VerifiedSignature } from '../../signature-aggregator/bls/createBlsPool';
import type { ParsedKey } from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';
import { infinity, outOfSubgroup } from './support/badPoints';

const sigs = bls12_381.longSignatures;
const SIG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const message = new TextEncoder().encode('warp');
const computed = new Map<string, Uint8Array>();
/** Signature of `bytes` by local signer `n` (0-based), computed here with noble (memoised). */
const expectedSignature = (bytes: Uint8Array, n: number) => {
  const id = `${toHex(bytes)}/${n}`;
  if (!computed.has(id))
    computed.set(id, sigs.Signature.toBytes(sigs.sign(sigs.hash(bytes, SIG_DST), localNetworkSigners[n]!.secretKey)));
  return computed.get(id)!;
};
/** A key as parseKeys returns it, built here with noble. */
const keyOf = (n: number): ParsedKey => {
  const point = bls12_381.G1.Point.fromHex(localNetworkSigners[n]!.publicKey);
  return { compressed: point.toBytes(true), uncompressed: point.toBytes(false) };
};

describe('bls: Avalanche tags on @noble/curves (notes §3, §9.2)', () => {
  it.each(localNetworkSigners.map((s) => [s.name, s] as const))(
    'derives the genesis public key and proof of possession of %s byte for byte',
    (_name, signer) => {
      const publicKey = sigs.getPublicKey(signer.secretKey).toBytes(true);
      expect(toHex(publicKey)).toBe(signer.publicKey);
      const pop = sigs.sign(sigs.hash(publicKey, POP_DST), signer.secretKey);
      expect(toHex(sigs.Signature.toBytes(pop))).toBe(signer.proofOfPossession);
      expect(sigs.verify(pop, sigs.hash(publicKey, POP_DST), publicKey)).toBe(true);
    },
  );

  it("a PoP does not verify under the signing tag, and noble's default tag differs from Avalanche's", () => {
    const signer = localNetworkSigners[0]!;
    const publicKey = fromHex(signer.publicKey);
    expect(
      sigs.verify(
        sigs.Signature.fromBytes(fromHex(signer.proofOfPossession)),
        sigs.hash(publicKey, SIG_DST),
        publicKey,
      ),
    ).toBe(false);
    expect(sigs.hash(message).equals(sigs.hash(message, SIG_DST))).toBe(false);
  });
});

// The same rules on both curve libraries: blst (native, the default where it loads) and noble.
describe.each(['blst', 'noble'] as const)('on %s', (backend) => {
  let bls: BlsPool;
  beforeAll(() => {
    bls = createBlsPool({ size: 2, backend });
  });
  afterAll(() => bls.close());

  describe('bls/createBlsPool parseKeys(): key forms', () => {
    it('has the published uncompressed form of signer1 (x without flags, then y)', async () => {
      const [parsed] = await bls.parseKeys([fromHex(localNetworkSigners[0]!.publicKey)]);
      if (!parsed?.ok) throw new Error('signer1 did not parse');
      const uncompressed = toHex(parsed.key.uncompressed);
      expect(uncompressed.slice(0, 8)).toBe('100c9b11');
      expect(uncompressed.slice(88, 96)).toBe('afbf127d');
      expect(uncompressed.slice(96)).toBe(
        '0a4e3d30c04795ab062cd8e7f6acde3167f3fe4701dcaa59445f07546d7c973b1ed8f7124cd9d45642ab365b54ec3c76',
      );
    });
  });

  describe('bls/createBlsPool sign() and publicKeys()', () => {
    it("signs with the signing tag (never noble's default), one signature per key in key order", async () => {
      const signatures = await bls.sign(
        message,
        [0, 1, 2].map((n) => localNetworkSigners[n]!.secretKey),
      );
      expect(signatures.map(toHex)).toEqual([0, 1, 2].map((n) => toHex(expectedSignature(message, n))));
      const noDefaultTag = sigs.Signature.toBytes(sigs.sign(sigs.hash(message), localNetworkSigners[0]!.secretKey));
      expect(toHex(signatures[0]!)).not.toBe(toHex(noDefaultTag));
    });

    it('derives the genesis public keys, and null for a scalar that is no key (zero)', async () => {
      const keys = await bls.publicKeys([...localNetworkSigners.map((s) => s.secretKey), new Uint8Array(32)]);
      expect(keys.map((key) => (key ? toHex(key) : null))).toEqual([
        ...localNetworkSigners.map((s) => s.publicKey),
        null,
      ]);
    });
  });

  describe('bls/createBlsPool verify(): parsing (notes §3)', () => {
    const valid = expectedSignature(message, 0);

    it('accepts a signature of 96 bytes in the subgroup', async () => {
      const outcome = await bls.verify(message, [{ index: 0, publicKey: keyOf(0), signature: valid }]);
      expect(outcome).toMatchObject({ valid: [{ index: 0 }], invalid: [], malformed: [], pairingChecks: 1 });
    });

    it.each([
      ['a short signature', valid.subarray(0, 95), /96 bytes, got 95/],
      ['a long signature', Uint8Array.from([...valid, 0]), /96 bytes, got 97/],
      ['the point at infinity', infinity(96), /infinity/],
      ['an uncompressed encoding', Uint8Array.from(valid, (b, i) => (i === 0 ? b & 0x1f : b)), /compressed/],
      ['a point outside the G2 subgroup', outOfSubgroup('G2'), /subgroup/],
      [
        'x with no point on the curve',
        Uint8Array.from({ length: 96 }, (_, i) => (i === 0 ? 0x80 : i === 95 ? 5 : 0)),
        /invalid|point/,
      ],
    ])('counts %s as malformed, never as valid or invalid', async (_case, bytes, problem) => {
      const outcome = await bls.verify(message, [{ index: 7, publicKey: keyOf(0), signature: bytes }]);
      expect(outcome).toMatchObject({ valid: [], invalid: [], pairingChecks: 0 });
      expect(outcome.malformed).toEqual([{ index: 7, reason: expect.stringMatching(problem) }]);
    });
  });

  describe('bls/createBlsPool parseKeys() (KeyValidate)', () => {
    it('accepts compressed and uncompressed forms of the same key', async () => {
      const compressed = fromHex(localNetworkSigners[1]!.publicKey);
      const [fromCompressed] = await bls.parseKeys([compressed]);
      if (!fromCompressed?.ok) throw new Error('did not parse');
      const [fromUncompressed] = await bls.parseKeys([fromCompressed.key.uncompressed]);
      expect(fromUncompressed).toEqual({
        ok: true,
        key: { compressed, uncompressed: fromCompressed.key.uncompressed },
      });
    });

    it.each([
      ['the point at infinity (KeyValidate)', infinity(48), /infinity/],
      ['a point outside the G1 subgroup', outOfSubgroup('G1'), /subgroup/],
      ['a wrong length', new Uint8Array(47), /48 or 96 bytes/],
    ])('refuses %s', async (_case, bytes, problem) => {
      expect(await bls.parseKeys([bytes])).toEqual([{ ok: false, reason: expect.stringMatching(problem) }]);
    });
  });

  describe('bls/createBlsPool verify() and aggregate(): aggregate, then bisect', () => {
    /** 100 answers of the five local signers (each key 20 times: the sums are what is checked). */
    const answers = (bad: number[]) =>
      Array.from({ length: 100 }, (_, index) => ({
        index,
        publicKey: keyOf(index % 5),
        // A bad signer signs another message: a valid point that does not verify.
        signature: expectedSignature(bad.includes(index) ? Uint8Array.of(9) : message, index % 5),
      }));

    it('splits a large batch across the threads: one pairing check per part when all are honest', async () => {
      const outcome = await bls.verify(message, answers([]));
      expect(outcome.valid.map((v) => v.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      expect(outcome.pairingChecks).toBe(bls.size);
    });

    it('finds the bad signatures by bisection, within O(k log n) checks', async () => {
      const outcome = await bls.verify(message, answers([3, 77]));
      expect(outcome.invalid).toEqual([3, 77]);
      expect(outcome.valid).toHaveLength(98);
      expect(outcome.pairingChecks).toBeLessThanOrEqual(bls.size + 2 * 2 * Math.ceil(Math.log2(50)));
    });

    it("aggregates verified signatures into noble's sum of the same signatures", async () => {
      const outcome = await bls.verify(message, answers([]).slice(0, 5));
      const aggregate = await bls.aggregate(outcome.valid.map((v) => v.signature));
      const expected = sigs.aggregateSignatures(
        [0, 1, 2, 3, 4].map((n) => sigs.Signature.fromBytes(expectedSignature(message, n))),
      );
      expect(toHex(aggregate)).toBe(toHex(sigs.Signature.toBytes(expected)));
    });

    it('error: aggregate() of nothing rejects', async () => {
      await expect(bls.aggregate([] as VerifiedSignature[])).rejects.toThrow(/BLS worker/);
    });
  });
});

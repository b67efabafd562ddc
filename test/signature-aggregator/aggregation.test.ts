import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, toHex } from '../../avalanche/bytes';
import { createBlsPool, type BlsPool } from '../../signature-aggregator/bls/createBlsPool';
import { encodePChainMessage } from '../../signature-aggregator/codec/pchainMessage';
import { encodeSignedMessage } from '../../signature-aggregator/codec/signedMessage';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { collectSignatures, type CollectParameters } from '../../signature-aggregator/collect/collectSignatures';
import { InsufficientSignaturesError } from '../../signature-aggregator/errors';
import { requiredWeight } from '../../signature-aggregator/quorum';
import type { FetchSignature } from '../../signature-aggregator/sources/signatureSource';
import { createKeyCache } from '../../signature-aggregator/validators/createKeyCache';
import { flattenValidators, type CanonicalValidatorSet } from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';
import { infinity, outOfSubgroup } from './support/badPoints';
import { independentlyVerify } from './support/independentVerifier';

const sigs = bls12_381.longSignatures;
const validationId = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const message = encodeUnsignedMessage({
  networkId: 12345,
  sourceChainId: new Uint8Array(32),
  payload: encodeWarpPayload({
    kind: 'addressedCall',
    sourceAddress: new Uint8Array(0),
    payload: encodePChainMessage({ type: 'L1ValidatorRegistration', validationId, registered: true }),
  }),
});
/** Avalanche's signing tag, spelled out (notes §3). */
const SIG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const hashed = sigs.hash(message.bytes, SIG_DST);
const byIndexName = ['signer5', 'signer2', 'signer3', 'signer4', 'signer1'];
const signerOf = (index: number) => localNetworkSigners.find((s) => s.name === byIndexName[index])!;
const signatureOf = (index: number) => sigs.Signature.toBytes(sigs.sign(hashed, signerOf(index).secretKey));

/** The local network with weights that make {0, 1, 3} the heaviest validators. */
const weights = [30n, 30n, 10n, 30n, 10n];
const entries = localNetworkSigners.map((s) => ({
  nodeId: s.nodeId,
  publicKey: fromHex(s.publicKey),
  weight: weights[byIndexName.indexOf(s.name)]!,
}));
let set: CanonicalValidatorSet;
let bls: BlsPool;

beforeAll(async () => {
  bls = createBlsPool({ size: 1 });
  set = flattenValidators(entries, await createKeyCache(10, bls.parseKeys)(entries.map((entry) => entry.publicKey)));
});
afterAll(() => bls.close());

const published = {
  0: '8b446966878dfb94a80cf122f4cbdca21c7dfe1c70f0f6c67dd4d422ee7e8762e2ecff2dab613c39e9c5fea44db8fae3102c68fcd6868c8bcf2563e3f9983ff6ba0f5bd45e9ed457ced302399e0bd3d9d8c8898002c038f02551839d8e68e41e',
  1: 'aacd3f84d87642e85059ddd786279f2a32dc53abb14b4cdb8c873a97ebfacd82aaec5dbf529c5057899af9cd4860833400c960b070c09447a85a0993b91cca2bc98e746be36f719ad09cfa1f57ad4a44faafdf4b7efafc7e01c3fd23ea28f517',
  3: 'b4407e59c24750479c5af018a626a9927ee0276967654da110a913fe55db8176014b39759ccaf811cc9e6f46a904b27b191d44cdd1fa2971b1a970bc208a1a84dabf5240b7323c6cb25c8eca7f3712fdc7ad0e48a61fed8fe916a69a3d2d4d6d',
  aggregate:
    '88f05fd7c61bc6078341cd2b5c587c38f95e91070114bb037c2311314c6df39352a4f7626e23a95c4d2405bbb171954713a4086c148b54028991f4f7615cc270c5a526d14908edbac6fbf075905dda5e5e69d2f3727aa3c3d5f8a8262ec284e9',
};

const params = (
  fetchers: Map<number, FetchSignature[]>,
  overrides: Partial<CollectParameters> = {},
): CollectParameters => ({
  validators: set.validators,
  totalWeight: set.totalWeight,
  fetchers,
  cached: new Map(),
  message: message.bytes,
  bls,
  quorumWeight: requiredWeight(set.totalWeight, 60),
  targetWeight: requiredWeight(set.totalWeight, 60),
  requestTimeoutMs: 1000,
  deadline: Date.now() + 5000,
  maxConcurrentRequests: 8,
  ...overrides,
});

const honest = (index: number, calls?: number[]): FetchSignature[] => [
  async () => {
    calls?.push(index);
    return signatureOf(index);
  },
];

describe('§9.4 aggregation vector', () => {
  it('signs as published by each of validators 0, 1 and 3, here and in the worker threads', async () => {
    for (const index of [0, 1, 3] as const) expect(toHex(signatureOf(index))).toBe(published[index]);
    const fromWorkers = await bls.sign(
      message.bytes,
      [0, 1, 3].map((index) => signerOf(index).secretKey),
    );
    expect(fromWorkers.map(toHex)).toEqual([published[0], published[1], published[3]]);
  });

  it('collects {0, 1, 3}, the heaviest, into the published aggregate and the 200-byte signed message', async () => {
    const calls: number[] = [];
    const fetchers = new Map([0, 1, 2, 3, 4].map((i) => [i, honest(i, calls)]));
    const result = await collectSignatures(params(fetchers));
    expect(result.signers).toEqual([0, 1, 3]);
    expect(calls.sort()).toEqual([0, 1, 3]);
    expect(toHex(result.signature)).toBe(published.aggregate);
    const signed = encodeSignedMessage(message, result.signers, result.signature);
    expect(signed).toHaveLength(200);
    expect(toHex(signed)).toBe(`${toHex(message.bytes)}00000000000000010b${published.aggregate}`);
    expect(result.stats.pairingChecks).toBe(1);
  });

  it('the signed message passes the independent verifier, and fails it with one signer short of the quorum', () => {
    const raw = localNetworkSigners.map((s) => ({
      nodeId: s.nodeId,
      publicKeyHex: s.publicKey,
      weight: weights[byIndexName.indexOf(s.name)]!,
    }));
    const signed = `${toHex(message.bytes)}00000000000000010b${published.aggregate}`;
    expect(independentlyVerify(signed, raw, 12345, 60)).toMatchObject({
      ok: true,
      signers: [0, 1, 3],
      signerWeight: 90n,
      totalWeight: 110n,
    });
    expect(independentlyVerify(signed, raw, 12345, 90)).toEqual({ ok: false, reason: 'insufficient weight' });
    expect(independentlyVerify(signed, raw, 5, 60)).toEqual({ ok: false, reason: 'network' });
    const tampered = `${toHex(message.bytes)}00000000000000010b${published[0]}`;
    expect(independentlyVerify(tampered, raw, 12345, 60)).toEqual({ ok: false, reason: 'invalid signature' });
  });
});

describe('BlsPool.verify on the local network', () => {
  const items = (bad: number[]) =>
    [0, 1, 2, 3, 4].map((index) => ({
      index,
      publicKey: set.validators[index]!.publicKey,
      // A bad signer signs another message: a valid point that does not verify.
      signature: bad.includes(index)
        ? sigs.Signature.toBytes(sigs.sign(sigs.hash(Uint8Array.of(9), SIG_DST), signerOf(index).secretKey))
        : signatureOf(index),
    }));
  const indices = (outcome: Awaited<ReturnType<BlsPool['verify']>>) => ({
    ...outcome,
    valid: outcome.valid.map((v) => v.index),
  });

  it('verifies honest signatures with one pairing check', async () => {
    expect(indices(await bls.verify(message.bytes, items([])))).toEqual({
      valid: [0, 1, 2, 3, 4],
      invalid: [],
      malformed: [],
      pairingChecks: 1,
    });
  });

  it('finds the bad signatures by bisection, only when the aggregate fails', async () => {
    const one = indices(await bls.verify(message.bytes, items([2])));
    expect(one).toMatchObject({ valid: [0, 1, 3, 4], invalid: [2] });
    expect(one.pairingChecks).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(5)));
    expect(indices(await bls.verify(message.bytes, items([0, 4])))).toMatchObject({
      valid: [1, 2, 3],
      invalid: [0, 4],
    });
    expect(indices(await bls.verify(message.bytes, items([0, 1, 2, 3, 4])))).toMatchObject({
      valid: [],
      invalid: [0, 1, 2, 3, 4],
    });
  });
});

describe('collect/collectSignatures', () => {
  it('asks more validators when a signature fails verification, and leaves it out', async () => {
    const liar: FetchSignature[] = [
      async () => sigs.Signature.toBytes(sigs.sign(sigs.hash(Uint8Array.of(9), SIG_DST), signerOf(1).secretKey)),
    ];
    const fetchers = new Map([0, 2, 3, 4].map((i) => [i, honest(i)]));
    fetchers.set(1, liar);
    const result = await collectSignatures(params(fetchers));
    expect(result.signers).not.toContain(1);
    expect(result.signedWeight).toBeGreaterThanOrEqual(requiredWeight(set.totalWeight, 60));
    expect(result.stats.rejected).toBe(1);
  });

  it('settles for the quorum once every validator answered when the buffer cannot be met', async () => {
    const fetchers = new Map([0, 1, 3].map((i) => [i, honest(i)]));
    fetchers.set(2, [async () => Promise.reject(new Error('offline'))]);
    const result = await collectSignatures(params(fetchers, { targetWeight: requiredWeight(set.totalWeight, 100) }));
    expect(result.signers).toEqual([0, 1, 3]);
    expect(result.stats.failed).toBe(1);
  });

  it('counts short, infinity and off-subgroup answers as malformed, never as weight', async () => {
    const fetchers = new Map<number, FetchSignature[]>([
      [0, [async () => signatureOf(0).subarray(0, 95)]],
      [1, [async () => infinity(96)]],
      [2, [async () => outOfSubgroup('G2')]],
      [3, honest(3)],
    ]);
    await expect(collectSignatures(params(fetchers))).rejects.toThrow(/3 answered with an invalid signature/);
  });

  it('fails with InsufficientSignaturesError at the deadline when validators hang, not later', async () => {
    const hang: FetchSignature[] = [
      (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    ];
    const fetchers = new Map([0, 1, 2, 3, 4].map((i) => [i, i === 0 ? honest(0) : hang]));
    const started = Date.now();
    const failure = collectSignatures(params(fetchers, { requestTimeoutMs: 10_000, deadline: started + 300 }));
    await expect(failure).rejects.toBeInstanceOf(InsufficientSignaturesError);
    await expect(failure).rejects.toThrow(
      /27.27% \(30 of 110\) signed, the quorum needs 60.00% \(66\).*deadline passed/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('returns cached signatures without asking anyone when they reach the target', async () => {
    const calls: number[] = [];
    const verified = await bls.verify(
      message.bytes,
      [0, 1, 3].map((index) => ({ index, publicKey: set.validators[index]!.publicKey, signature: signatureOf(index) })),
    );
    const cached = new Map(verified.valid.map((v) => [v.index, v.signature]));
    const fetchers = new Map([0, 1, 2, 3, 4].map((i) => [i, honest(i, calls)]));
    const result = await collectSignatures(params(fetchers, { cached }));
    expect(result.signers).toEqual([0, 1, 3]);
    expect(toHex(result.signature)).toBe(published.aggregate);
    expect(calls).toEqual([]);
  });

  it('error: a worker failure fails the collection with that error at once, never hangs', async () => {
    const failing = {
      verify: () => Promise.reject(new Error('BLS worker thread failed: boom')),
      aggregate: bls.aggregate,
    };
    const started = Date.now();
    await expect(
      collectSignatures(
        params(new Map([0, 1, 2, 3, 4].map((i) => [i, honest(i)])), { bls: failing, deadline: started + 30_000 }),
      ),
    ).rejects.toThrow('BLS worker thread failed: boom');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('error: a pool closed under a collection fails it with a clean error', async () => {
    const closed = createBlsPool({ size: 1 });
    await closed.close();
    await expect(
      collectSignatures(params(new Map([0, 1, 2, 3, 4].map((i) => [i, honest(i)])), { bls: closed })),
    ).rejects.toThrow('BLS worker pool is closed');
  });
});

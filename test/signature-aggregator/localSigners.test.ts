import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex } from '../../avalanche/bytes';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { demoValidatorCredentials, demoValidatorNodeId } from '../../demo-data/validatorKeys';
import { createBlsPool, type BlsPool } from '../../signature-aggregator/bls/createBlsPool';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { createKeySigners } from '../../signature-aggregator/sources/createKeySigners';
import { createLocalSignatureSource } from '../../signature-aggregator/sources/createLocalSignatureSource';
import { createSigningBatcher } from '../../signature-aggregator/sources/createSigningBatcher';
import type { SignatureRequestContext } from '../../signature-aggregator/sources/signatureSource';
import { createKeyCache } from '../../signature-aggregator/validators/createKeyCache';
import { flattenValidators, type ValidatorEntry } from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';

const sigs = bls12_381.longSignatures;
const message = encodeUnsignedMessage({
  networkId: 5,
  sourceChainId: new Uint8Array(32).fill(1),
  payload: Uint8Array.of(1),
});
const hashed = sigs.hash(message.bytes, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_');

let bls: BlsPool;
let keyCache: ReturnType<typeof createKeyCache>;
beforeAll(() => {
  bls = createBlsPool({ size: 1 });
  keyCache = createKeyCache(100, bls.parseKeys);
});
afterAll(() => bls.close());

const canonical = async (entries: ValidatorEntry[]) =>
  flattenValidators(entries, await keyCache(entries.flatMap((entry) => entry.publicKey ?? [])));
const context = (validators: SignatureRequestContext['validators']): SignatureRequestContext => ({
  network: 'FUJI',
  message,
  validators,
  bls,
});
const verifies = (signature: Uint8Array, publicKey: Uint8Array) =>
  sigs.verify(sigs.Signature.fromBytes(signature), hashed, publicKey);

describe('sources/createKeySigners', () => {
  it('signs for the validators whose public key matches a configured secret key, whatever their node ID', async () => {
    const set = await canonical(
      localNetworkSigners.map((s, i) => ({ nodeId: `NodeID-any${i}`, publicKey: fromHex(s.publicKey), weight: 1n })),
    );
    const source = createLocalSignatureSource([
      createKeySigners([localNetworkSigners[0]!.secretKey, localNetworkSigners[2]!.secretKey]),
    ]);
    const fetchers = await source.connect(context(set.validators));
    expect([...fetchers.keys()].sort()).toEqual([2, 4]); // signer3 and signer1 in canonical order
    const signature = await fetchers.get(4)!(new AbortController().signal);
    expect(verifies(signature, set.validators[4]!.publicKey.compressed)).toBe(true);
  });
});

describe('demo-data/demoSigners createDemoSigners', () => {
  const demo = (index: number, publicKey = demoValidatorCredentials('fuji', index).publicKey) => ({
    nodeId: demoValidatorNodeId('fuji', index),
    publicKey: fromHex(publicKey),
    weight: 10n,
  });

  it('signs for a demo validator (demo node ID and its derived key), so the demo data works on a fresh start', async () => {
    const set = await canonical([demo(3)]);
    const fetchers = await createLocalSignatureSource([createDemoSigners()]).connect(context(set.validators));
    const signature = await fetchers.get(0)!(new AbortController().signal);
    expect(verifies(signature, set.validators[0]!.publicKey.compressed)).toBe(true);
  });

  it('never signs for a demo node ID registered with another key, nor for other node IDs', async () => {
    const set = await canonical([
      demo(4, `0x${localNetworkSigners[0]!.publicKey}`),
      { nodeId: localNetworkSigners[1]!.nodeId, publicKey: fromHex(localNetworkSigners[1]!.publicKey), weight: 1n },
    ]);
    expect((await createLocalSignatureSource([createDemoSigners()]).connect(context(set.validators))).size).toBe(0);
  });
});

describe('sources/createLocalSignatureSource', () => {
  it('signs nothing once the collector has aborted (target met)', async () => {
    const set = await canonical([{ nodeId: 'n', publicKey: fromHex(localNetworkSigners[0]!.publicKey), weight: 1n }]);
    const fetchers = await createLocalSignatureSource([createKeySigners([localNetworkSigners[0]!.secretKey])]).connect(
      context(set.validators),
    );
    const controller = new AbortController();
    const pending = fetchers.get(0)!(controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it("uses a proposed key only when its public key is the validator's, whatever the signer claims", async () => {
    const set = await canonical(
      localNetworkSigners.map((s) => ({ nodeId: s.nodeId, publicKey: fromHex(s.publicKey), weight: 1n })),
    );
    // A careless signer proposing signer1's key for everyone, and a zero key that is no scalar at all.
    const careless = {
      secretKeyFor: (v: { index: number }) => (v.index === 0 ? new Uint8Array(32) : localNetworkSigners[0]!.secretKey),
    };
    const fetchers = await createLocalSignatureSource([careless]).connect(context(set.validators));
    expect([...fetchers.keys()]).toEqual([4]); // signer1's canonical index
  });
});

describe('sources/createSigningBatcher', () => {
  /** A pool that records the keys of each task and answers once `release` is called. */
  const recording = () => {
    const tasks: { keys: number[]; signal?: AbortSignal; release(): void }[] = [];
    const pool = {
      sign: (_message: Uint8Array, secretKeys: readonly Uint8Array[], signal?: AbortSignal) =>
        new Promise<Uint8Array[]>((resolve, reject) => {
          const keys = secretKeys.map((key) => key[31]!);
          signal?.addEventListener('abort', () => reject(signal.reason));
          tasks.push({ keys, signal, release: () => resolve(keys.map((key) => Uint8Array.of(key))) });
        }),
    };
    return { pool, tasks };
  };
  const key = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? n : 0));
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('signs the requests of one turn together, cut in request order (heaviest first) into tasks of 16', async () => {
    const { pool, tasks } = recording();
    const sign = createSigningBatcher(pool, message.bytes);
    const controller = new AbortController();
    const results = Array.from({ length: 40 }, (_, n) => sign(key(n), controller.signal));
    await turn();
    expect(tasks.map((task) => task.keys)).toEqual([
      Array.from({ length: 16 }, (_, n) => n),
      Array.from({ length: 16 }, (_, n) => n + 16),
      Array.from({ length: 8 }, (_, n) => n + 32),
    ]);
    tasks[0]!.release();
    expect((await results[5])!).toEqual(Uint8Array.of(5));
    for (const task of tasks.slice(1)) task.release();
    expect((await Promise.all(results)).map((signature) => signature[0])).toEqual(
      Array.from({ length: 40 }, (_, n) => n),
    );
  });

  it('lets the collector stop early: a request rejects at once on abort, and a task nobody waits for any more is aborted', async () => {
    const { pool, tasks } = recording();
    const sign = createSigningBatcher(pool, message.bytes, 2);
    const controllers = [0, 1, 2, 3].map(() => new AbortController());
    const results = controllers.map((controller, n) => sign(key(n), controller.signal));
    for (const result of results) result.catch(() => {});
    await turn();
    controllers[2]!.abort(new Error('target met'));
    await expect(results[2]).rejects.toThrow('target met');
    expect(tasks[1]!.signal!.aborted).toBe(false); // request 3 still waits
    controllers[3]!.abort(new Error('target met'));
    expect(tasks[1]!.signal!.aborted).toBe(true); // the pool drops it if no thread took it yet
    expect(tasks[0]!.signal!.aborted).toBe(false);
  });

  it('signs in the worker threads what noble signs here', async () => {
    const sign = createSigningBatcher(bls, message.bytes);
    const controller = new AbortController();
    const signatures = await Promise.all(localNetworkSigners.map((s) => sign(s.secretKey, controller.signal)));
    signatures.forEach((signature, i) => {
      expect(verifies(signature, fromHex(localNetworkSigners[i]!.publicKey))).toBe(true);
    });
  });
});

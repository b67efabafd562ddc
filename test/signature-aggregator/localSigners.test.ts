import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex } from '../../avalanche/bytes';
import { demoValidatorCredentials, demoValidatorNodeId } from '../../demo-data/validatorKeys';
import { hashMessage } from '../../signature-aggregator/bls/hashMessage';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { createDemoSigners } from '../../signature-aggregator/sources/createDemoSigners';
import { createKeySigners } from '../../signature-aggregator/sources/createKeySigners';
import { createLocalSignatureSource } from '../../signature-aggregator/sources/createLocalSignatureSource';
import { createKeyCache } from '../../signature-aggregator/validators/createKeyCache';
import { flattenValidators } from '../../signature-aggregator/validators/flattenValidators';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';

const sigs = bls12_381.longSignatures;
const parseKey = createKeyCache(100);
const message = encodeUnsignedMessage({ networkId: 5, sourceChainId: new Uint8Array(32).fill(1), payload: Uint8Array.of(1) });
const hashed = hashMessage(message.bytes);
const context = (validators: ReturnType<typeof flattenValidators>['validators']) => ({ network: 'FUJI' as const, message, hashedMessage: () => hashed, validators });

describe('sources/createKeySigners', () => {
  it('signs for the validators whose public key matches a configured secret key, whatever their node ID', async () => {
    const set = flattenValidators(
      localNetworkSigners.map((s, i) => ({ nodeId: `NodeID-any${i}`, publicKey: fromHex(s.publicKey), weight: 1n })),
      parseKey,
    );
    const source = createLocalSignatureSource([createKeySigners([localNetworkSigners[0]!.secretKey, localNetworkSigners[2]!.secretKey])]);
    const fetchers = await source.connect(context(set.validators));
    expect([...fetchers.keys()].sort()).toEqual([2, 4]); // signer3 and signer1 in canonical order
    const signature = sigs.Signature.fromBytes(await fetchers.get(4)!(new AbortController().signal));
    expect(sigs.verify(signature, hashed, set.validators[4]!.publicKey.point)).toBe(true);
  });
});

describe('sources/createDemoSigners', () => {
  const demo = (index: number, publicKey = demoValidatorCredentials('fuji', index).publicKey) => ({
    nodeId: demoValidatorNodeId('fuji', index),
    publicKey: fromHex(publicKey),
    weight: 10n,
  });

  it('signs for a demo validator (demo node ID and its derived key), so the demo data works on a fresh start', async () => {
    const set = flattenValidators([demo(3)], parseKey);
    const fetchers = await createLocalSignatureSource([createDemoSigners()]).connect(context(set.validators));
    const signature = sigs.Signature.fromBytes(await fetchers.get(0)!(new AbortController().signal));
    expect(sigs.verify(signature, hashed, set.validators[0]!.publicKey.point)).toBe(true);
  });

  it('never signs for a demo node ID registered with another key, nor for other node IDs', async () => {
    const set = flattenValidators(
      [demo(4, `0x${localNetworkSigners[0]!.publicKey}`), { nodeId: localNetworkSigners[1]!.nodeId, publicKey: fromHex(localNetworkSigners[1]!.publicKey), weight: 1n }],
      parseKey,
    );
    expect((await createLocalSignatureSource([createDemoSigners()]).connect(context(set.validators))).size).toBe(0);
  });
});

describe('sources/createLocalSignatureSource', () => {
  it('signs nothing once the collector has aborted (target met)', async () => {
    const set = flattenValidators([{ nodeId: 'n', publicKey: fromHex(localNetworkSigners[0]!.publicKey), weight: 1n }], parseKey);
    const fetchers = await createLocalSignatureSource([createKeySigners([localNetworkSigners[0]!.secretKey])]).connect(context(set.validators));
    const controller = new AbortController();
    const pending = fetchers.get(0)!(controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

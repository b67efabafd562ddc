import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, toHex } from '../../avalanche/bytes';
import { BLS_POP_DST, BLS_SIG_DST } from '../../demo-data/validatorKeys';
import { hashMessage } from '../../signature-aggregator/bls/hashMessage';
import { parsePublicKey } from '../../signature-aggregator/bls/parsePublicKey';
import { parseSignature } from '../../signature-aggregator/bls/parseSignature';
import { localNetworkSigners } from '../fixtures/localNetworkKeys';
import { infinity, outOfSubgroup } from './support/badPoints';

const sigs = bls12_381.longSignatures;


describe('bls: Avalanche tags on @noble/curves (notes §3, §9.2)', () => {
  it.each(localNetworkSigners.map((s) => [s.name, s] as const))('derives the genesis public key and proof of possession of %s byte for byte', (_name, signer) => {
    const publicKey = sigs.getPublicKey(signer.secretKey).toBytes(true);
    expect(toHex(publicKey)).toBe(signer.publicKey);
    const pop = sigs.sign(sigs.hash(publicKey, BLS_POP_DST), signer.secretKey);
    expect(toHex(sigs.Signature.toBytes(pop))).toBe(signer.proofOfPossession);
    expect(sigs.verify(pop, sigs.hash(publicKey, BLS_POP_DST), publicKey)).toBe(true);
  });

  it('has the published uncompressed form of signer1 (x without flags, then y)', () => {
    const point = parsePublicKey(fromHex(localNetworkSigners[0]!.publicKey));
    const uncompressed = toHex(point.toBytes(false));
    expect(uncompressed.slice(0, 8)).toBe('100c9b11');
    expect(uncompressed.slice(88, 96)).toBe('afbf127d');
    expect(uncompressed.slice(96)).toBe('0a4e3d30c04795ab062cd8e7f6acde3167f3fe4701dcaa59445f07546d7c973b1ed8f7124cd9d45642ab365b54ec3c76');
  });

  it('a PoP does not verify under the signing tag, and noble\'s default tag differs from Avalanche\'s', () => {
    const signer = localNetworkSigners[0]!;
    const publicKey = fromHex(signer.publicKey);
    expect(sigs.verify(sigs.Signature.fromBytes(fromHex(signer.proofOfPossession)), sigs.hash(publicKey, BLS_SIG_DST), publicKey)).toBe(false);
    const message = new TextEncoder().encode('warp');
    expect(hashMessage(message).equals(sigs.hash(message))).toBe(false);
    expect(hashMessage(message).equals(sigs.hash(message, BLS_SIG_DST))).toBe(true);
  });
});

describe('bls/parseSignature', () => {
  const valid = sigs.Signature.toBytes(sigs.sign(hashMessage(Uint8Array.of(1)), localNetworkSigners[0]!.secretKey));

  it('accepts a signature of 96 bytes in the subgroup', () => {
    expect(parseSignature(valid).is0()).toBe(false);
  });

  it.each([
    ['a short signature', valid.subarray(0, 95), /96 bytes, got 95/],
    ['a long signature', Uint8Array.from([...valid, 0]), /96 bytes, got 97/],
    ['the point at infinity', infinity(96), /infinity/],
    ['an uncompressed encoding', Uint8Array.from(valid, (b, i) => (i === 0 ? b & 0x1f : b)), /compressed/],
    ['a point outside the G2 subgroup', outOfSubgroup('G2'), /subgroup/],
    ['x with no point on the curve', Uint8Array.from({ length: 96 }, (_, i) => (i === 0 ? 0x80 : i === 95 ? 5 : 0)), /invalid|point/],
  ])('refuses %s', (_case, bytes, problem) => {
    expect(() => parseSignature(bytes)).toThrow(problem);
  });
});

describe('bls/parsePublicKey', () => {
  it('accepts compressed and uncompressed forms of the same key', () => {
    const compressed = fromHex(localNetworkSigners[1]!.publicKey);
    const point = parsePublicKey(compressed);
    expect(parsePublicKey(point.toBytes(false)).equals(point)).toBe(true);
  });

  it.each([
    ['the point at infinity (KeyValidate)', infinity(48), /infinity/],
    ['a point outside the G1 subgroup', outOfSubgroup('G1'), /subgroup/],
    ['a wrong length', new Uint8Array(47), /48 or 96 bytes/],
  ])('refuses %s', (_case, bytes, problem) => {
    expect(() => parsePublicKey(bytes)).toThrow(problem);
  });
});

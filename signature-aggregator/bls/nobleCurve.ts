// The BLS primitives on @noble/curves (blsCurve.ts), pure JavaScript.
import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { BlsCurve } from './blsCurve';

const sigs = bls12_381.longSignatures;
const { Fp, Fp2 } = bls12_381.fields;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
type G1Point = ReturnType<typeof G1.fromBytes>;
type G2Point = ReturnType<typeof G2.fromBytes>;

/**
 * The primitives on noble's points, hashing messages with `signatureDst`.
 * @param signatureDst the signing tag (Avalanche's BLS_SIG_DST)
 * @returns the curve
 * @example const curve = createNobleCurve('BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_')
 */
export function createNobleCurve(signatureDst: string): BlsCurve<G1Point, G2Point> {
  // Every task of one aggregation uses the same message: the last few hashed messages are kept,
  // with the window table that signing adds (which speeds up the many keys that share it).
  const hashed = new Map<string, { point: G2Point; table: boolean }>();
  function hashedMessage(message: Uint8Array, forSigning: boolean): G2Point {
    const id = createHash('sha256').update(message).digest('hex');
    let entry = hashed.get(id);
    if (!entry) {
      if (hashed.size >= 16) hashed.delete(hashed.keys().next().value!);
      entry = { point: sigs.hash(message, signatureDst), table: false };
      hashed.set(id, entry);
    }
    if (forSigning && !entry.table) {
      entry.point.precompute(8);
      entry.table = true;
    }
    return entry.point;
  }

  return {
    sign: (message, secretKey) => sigs.Signature.toBytes(sigs.sign(hashedMessage(message, true), secretKey)),
    publicKey: (secretKey) => sigs.getPublicKey(secretKey).toBytes(true),
    parsePublicKey(bytes) {
      const point = G1.fromBytes(bytes);
      if (point.is0()) throw new Error('public key is the point at infinity');
      return point;
    },
    keyBytes: (point, compressed) => point.toBytes(compressed),
    // Keys and verified signatures come back in the uncompressed form a worker produced after
    // checking them: rebuilding them from their coordinates skips a second subgroup check (each one
    // costly, on every request). Wire order of G2 coordinates is c1 then c0.
    checkedKey: (bytes) => G1.fromAffine({ x: fp(bytes, 0), y: fp(bytes, 48) }),
    parseSignature(bytes) {
      const point = sigs.Signature.fromBytes(bytes);
      if (point.is0()) throw new Error('signature is the point at infinity');
      return point;
    },
    signatureBytes: (point) => point.toBytes(false),
    checkedSignature: (bytes) =>
      G2.fromAffine({
        x: Fp2.create({ c0: fp(bytes, 48), c1: fp(bytes, 0) }),
        y: Fp2.create({ c0: fp(bytes, 144), c1: fp(bytes, 96) }),
      }),
    verifyGroup: (signatures, keys, message) =>
      sigs.verify(sigs.aggregateSignatures(signatures), hashedMessage(message, false), sigs.aggregatePublicKeys(keys)),
    aggregate: (points) => sigs.Signature.toBytes(sigs.aggregateSignatures(points)),
  };
}

/** The 48-byte field element of `bytes` at `at`. */
function fp(bytes: Uint8Array, at: number): bigint {
  return Fp.fromBytes(bytes.subarray(at, at + 48));
}

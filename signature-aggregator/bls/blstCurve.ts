// The BLS primitives on @chainsafe/blst (blsCurve.ts), native code. Loaded only by a worker that
// uses blst (blsWorker.ts): the binary may not exist on this platform.
import * as blst from '@chainsafe/blst';
import type { BlsCurve } from './blsCurve';

/** The one signing tag blst's signature scheme hashes with: its proof-of-possession scheme's, Avalanche's own. */
const BLST_SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

// blst's error names (BLST_BAD_ENCODING, BLST_POINT_NOT_ON_CURVE, ...) in the words noble's
// decoder uses, so a malformed answer reads the same whichever library checked it.
const reasons: [RegExp, string][] = [
  [/encoding/i, 'invalid point encoding: expected the compressed form'],
  [/not on curve/i, 'invalid point: not on the curve'],
  [/not in group/i, 'invalid point: not in the prime-order subgroup'],
  [/infinity|identity/i, 'the point at infinity'],
];

function worded<Point>(parse: () => Point): Point {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = reasons.find(([pattern]) => pattern.test(message));
    throw new Error(match ? match[1] : message);
  }
}

/**
 * The primitives on blst's points.
 * @param signatureDst the signing tag; blst supports Avalanche's only
 * @returns the curve
 * @throws Error for any other tag
 * @example const curve = createBlstCurve('BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_')
 */
export function createBlstCurve(signatureDst: string): BlsCurve<blst.PublicKey, blst.Signature> {
  if (signatureDst !== BLST_SIGNATURE_DST) throw new Error(`blst signs with ${BLST_SIGNATURE_DST} only`);
  return {
    sign: (message, secretKey) => blst.SecretKey.fromBytes(secretKey).sign(message).toBytes(true),
    publicKey: (secretKey) => blst.SecretKey.fromBytes(secretKey).toPublicKey().toBytes(true),
    // fromBytes(bytes, true): on the curve, in the subgroup, not infinity (KeyValidate).
    parsePublicKey: (bytes) => worded(() => blst.PublicKey.fromBytes(bytes, true)),
    keyBytes: (point, compressed) => point.toBytes(compressed),
    checkedKey: (bytes) => blst.PublicKey.fromBytes(bytes, false),
    // fromBytes(bytes, true, true): on the curve, in the subgroup, and not infinity.
    parseSignature: (bytes) => worded(() => blst.Signature.fromBytes(bytes, true, true)),
    signatureBytes: (point) => point.toBytes(false),
    checkedSignature: (bytes) => blst.Signature.fromBytes(bytes, false, false),
    verifyGroup: (signatures, keys, message) =>
      blst.verify(
        message,
        blst.aggregatePublicKeys(keys, false),
        blst.aggregateSignatures(signatures, false),
        false,
        false,
      ),
    aggregate: (points) => blst.aggregateSignatures(points, false).toBytes(true),
  };
}

// An independent verifier of signed Warp messages, written from the warp-signatures notes (§1,
// §2 verify order, §3, §4, §5) and sharing no code with signature-aggregator/: its own byte
// reading, canonical ordering, bitset reading and quorum test. Only noble's curve is common.
import { bls12_381 } from '@noble/curves/bls12-381.js';

/** A validator as `platform.getValidatorsAt` describes it: node → compressed key (or none) and weight. */
export type RawValidator = { nodeId: string; publicKeyHex: string | null; weight: bigint };

/** What the verifier concludes. */
export type Verdict =
  | { ok: true; signerWeight: bigint; totalWeight: bigint; signers: number[] }
  | { ok: false; reason: string };

/**
 * Verifies a signed Warp message as avalanchego's BitSetSignature.Verify does.
 * @param signedHex the signed message, hex
 * @param validators the signing subnet at the verifying height
 * @param expectedNetworkId the verifying chain's network ID
 * @param quorumNumerator the verifying chain's quorum (67 by default), over 100
 * @returns a verdict
 * @example independentlyVerify(body.signedMessage, validators, 5, 67).ok // true
 */
export function independentlyVerify(
  signedHex: string,
  validators: readonly RawValidator[],
  expectedNetworkId: number,
  quorumNumerator = 67,
): Verdict {
  const bytes = Buffer.from(signedHex.replace(/^0x/, ''), 'hex');
  if (bytes.length < 42 + 104) return { ok: false, reason: 'too short' };
  if (bytes.readUInt16BE(0) !== 0) return { ok: false, reason: 'codec version' };
  const networkId = bytes.readUInt32BE(2);
  const payloadLength = bytes.readUInt32BE(38);
  const unsignedEnd = 42 + payloadLength;
  if (unsignedEnd + 8 > bytes.length) return { ok: false, reason: 'payload length' };
  const unsigned = bytes.subarray(0, unsignedEnd);
  if (bytes.readUInt32BE(unsignedEnd) !== 0) return { ok: false, reason: 'signature type' };
  const signersLength = bytes.readUInt32BE(unsignedEnd + 4);
  const signers = bytes.subarray(unsignedEnd + 8, unsignedEnd + 8 + signersLength);
  const signature = bytes.subarray(unsignedEnd + 8 + signersLength);
  if (signature.length !== 96) return { ok: false, reason: 'signature length or trailing bytes' };

  // 1. network
  if (networkId !== expectedNetworkId) return { ok: false, reason: 'network' };
  // 2. minimal bitset
  if (signers.length > 0 && signers[0] === 0) return { ok: false, reason: 'bitset not minimal' };
  // Canonical set (§4): total over everyone, keyed entries merged by key, sorted by uncompressed key.
  let totalWeight = 0n;
  const merged = new Map<
    string,
    { uncompressed: string; point: ReturnType<typeof bls12_381.G1.Point.fromHex>; weight: bigint }
  >();
  for (const validator of validators) {
    totalWeight += validator.weight;
    if (!validator.publicKeyHex) continue;
    const point = bls12_381.G1.Point.fromHex(validator.publicKeyHex.replace(/^0x/, ''));
    const uncompressed = Buffer.from(point.toBytes(false)).toString('hex');
    const entry = merged.get(uncompressed) ?? { uncompressed, point, weight: 0n };
    entry.weight += validator.weight;
    merged.set(uncompressed, entry);
  }
  const canonical = [...merged.values()].sort((a, b) =>
    a.uncompressed < b.uncompressed ? -1 : a.uncompressed > b.uncompressed ? 1 : 0,
  );
  // 3. filter by the bitset: the big-endian integer's bit i is canonical index i.
  const value = signers.length === 0 ? 0n : BigInt(`0x${signers.toString('hex')}`);
  const bitLength = value === 0n ? 0 : value.toString(2).length;
  if (bitLength > canonical.length) return { ok: false, reason: 'unknown validator' };
  const indices = canonical.map((_, i) => i).filter((i) => (value >> BigInt(i)) & 1n);
  // 4. and 5. weight before any crypto
  const signerWeight = indices.reduce((sum, i) => sum + canonical[i]!.weight, 0n);
  if (signerWeight * 100n < totalWeight * BigInt(quorumNumerator)) return { ok: false, reason: 'insufficient weight' };
  // 6. parse the aggregate, 7. aggregate keys and verify with the signing tag
  let parsed: ReturnType<typeof bls12_381.longSignatures.Signature.fromBytes>;
  try {
    parsed = bls12_381.longSignatures.Signature.fromBytes(signature);
  } catch {
    return { ok: false, reason: 'parse signature' };
  }
  if (indices.length === 0) return { ok: false, reason: 'no signers' };
  const aggregateKey = indices.map((i) => canonical[i]!.point).reduce((sum, point) => sum.add(point));
  const hashed = bls12_381.longSignatures.hash(unsigned, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_');
  if (!bls12_381.longSignatures.verify(parsed, hashed, aggregateKey)) return { ok: false, reason: 'invalid signature' };
  return { ok: true, signerWeight, totalWeight, signers: indices };
}

// What a BLS worker (blsWorker.ts) needs of a curve library. Two libraries provide it, with the
// same rules and the same bytes in and out:
// - `blst`: ChainSafe's binding of supranational's blst (@chainsafe/blst, Lodestar's), native code
//   where its prebuilt binary loads, over ten times faster than noble (blstCurve.ts);
// - `noble`: @noble/curves, pure JavaScript, everywhere: milliseconds per signature parsed or made,
//   and a pairing check costs as much as parsing a dozen signatures (nobleCurve.ts).
// Both hash with Avalanche's signing tag, BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_, which is also
// the tag blst's proof-of-possession scheme is built with (the tests check blst against noble).

/** The curve libraries a worker can use. */
export type BlsBackend = 'blst' | 'noble';

/**
 * One library's primitives on its own points: public keys (G1) of type `Key`, signatures (G2) of
 * type `Signature`. Points never leave the worker; everything else is bytes.
 */
export type BlsCurve<Key, Signature> = {
  /** The 96-byte compressed signature of `message` (hashed with the signing tag) by `secretKey`. */
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** The 48-byte compressed public key of `secretKey`; throws for a scalar that is no key. */
  publicKey(secretKey: Uint8Array): Uint8Array;
  /** A 48- or 96-byte key on the curve, in G1's subgroup and not infinity; throws otherwise. */
  parsePublicKey(bytes: Uint8Array): Key;
  /** The key's 48-byte compressed or 96-byte uncompressed form. */
  keyBytes(point: Key, compressed: boolean): Uint8Array;
  /** A 96-byte key this worker's {@link keyBytes} produced after checking it: not checked again. */
  checkedKey(bytes: Uint8Array): Key;
  /** A 96-byte signature on the curve, in G2's subgroup and not infinity; throws otherwise. */
  parseSignature(bytes: Uint8Array): Signature;
  /** The signature's 192-byte uncompressed form. */
  signatureBytes(point: Signature): Uint8Array;
  /** A 192-byte signature this worker's {@link signatureBytes} produced after checking it: not checked again. */
  checkedSignature(bytes: Uint8Array): Signature;
  /** Whether the sum of `signatures` verifies against the sum of `keys` for `message`; may throw for sums at infinity. */
  verifyGroup(signatures: Signature[], keys: Key[], message: Uint8Array): boolean;
  /** The 96-byte compressed sum of `points`. */
  aggregate(points: Signature[]): Uint8Array;
};

// Encodings a dishonest validator might send: they pass a length check but are no usable point.
import { bls12_381 } from '@noble/curves/bls12-381.js';

/**
 * A compressed point encoding that decodes onto the curve but outside the prime-order subgroup.
 * @param group G1 (public keys) or G2 (signatures)
 * @returns 48 or 96 bytes
 * @example outOfSubgroup('G2')
 */
export function outOfSubgroup(group: 'G1' | 'G2'): Uint8Array {
  const { Fp, Fp2 } = bls12_381.fields;
  for (let k = 1n; k < 1000n; k++) {
    if (group === 'G1') {
      const rhs = Fp.add(Fp.pow(k, 3n), 4n);
      let y: bigint | undefined;
      try {
        y = Fp.sqrt(rhs);
      } catch {
        continue;
      }
      if (y === undefined || !Fp.eql(Fp.sqr(y), rhs)) continue;
      const bytes = Fp.toBytes(k);
      bytes[0]! |= 0x80;
      return bytes;
    }
    const x = Fp2.fromBigTuple([k, 0n]);
    const rhs = Fp2.add(Fp2.pow(x, 3n), Fp2.fromBigTuple([4n, 4n]));
    let y: ReturnType<typeof Fp2.sqrt>;
    try {
      y = Fp2.sqrt(rhs);
    } catch {
      continue;
    }
    if (!y || !Fp2.eql(Fp2.sqr(y), rhs)) continue;
    // Wire order of G2 x: c1 ‖ c0.
    const bytes = new Uint8Array(96);
    bytes.set(Fp.toBytes(0n), 0);
    bytes.set(Fp.toBytes(k), 48);
    bytes[0]! |= 0x80;
    return bytes;
  }
  throw new Error('no point found');
}

/**
 * The compressed encoding of the point at infinity (flags 0xc0, then zeros), which noble decodes.
 * @param length 48 (G1) or 96 (G2)
 * @returns the bytes
 * @example infinity(96)
 */
export function infinity(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i === 0 ? 0xc0 : 0));
}

// The signers field of a BitSetSignature (avalanchego utils/set/bits.go, backed by math/big):
// the minimal big-endian bytes of Σ 2^i over canonical indices i. Index 0 is the least
// significant bit of the *last* byte; the empty set is zero bytes; a leading 0x00 is invalid.
import { InvalidWarpMessageError } from '../errors';

/**
 * Encodes signer indices as the minimal big-endian bitset.
 * @param indices canonical validator indices, any order, no duplicates needed
 * @returns the bytes (`01` for {0}, `0b` for {0,1,3}, `0100` for {8})
 * @example encodeSignerBitset([0, 1, 3]) // Uint8Array [0x0b]
 */
export function encodeSignerBitset(signers: Iterable<number>): Uint8Array {
  const indices = [...signers]; // read twice below; an iterator would be empty the second time
  let highest = -1;
  for (const index of indices) highest = Math.max(highest, index);
  if (highest < 0) return new Uint8Array(0);
  const out = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const index of indices) {
    if (!Number.isInteger(index) || index < 0)
      throw new RangeError(`signer index ${index} is not a non-negative integer`);
    out[out.length - 1 - Math.floor(index / 8)]! |= 1 << (index % 8);
  }
  return out;
}

/**
 * Decodes a signers bitset into ascending canonical indices.
 * @param bytes the signers field
 * @returns the set indices, ascending
 * @throws InvalidWarpMessageError when the first byte is 0x00 (not minimal, avalanchego's ErrInvalidBitSet)
 * @example decodeSignerBitset(Uint8Array.of(0x01, 0x00)) // [8]
 */
export function decodeSignerBitset(bytes: Uint8Array): number[] {
  if (bytes.length > 0 && bytes[0] === 0) throw new InvalidWarpMessageError('signers bitset has a leading zero byte');
  const indices: number[] = [];
  for (let i = bytes.length - 1; i >= 0; i--) {
    const byte = bytes[i]!;
    const base = (bytes.length - 1 - i) * 8;
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) indices.push(base + bit);
  }
  return indices;
}

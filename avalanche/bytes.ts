// Byte helpers shared by the encoders: hex text, concatenation and big-endian integers, as used by
// avalanchego's linear codec (all integers big-endian, no padding).

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Lower-case hex of some bytes, without prefix.
 * @param bytes input
 * @returns hex text
 * @example toHex(new Uint8Array([1, 255])) // '01ff'
 */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!];
  return out;
}

/**
 * Bytes of a hex string, with or without `0x`.
 * @param hex even-length hex text
 * @returns the bytes
 * @throws Error on odd length or a non-hex digit
 * @example fromHex('0x01ff') // Uint8Array [1, 255]
 */
export function fromHex(hex: string): Uint8Array {
  const text = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new Error(`invalid hex: ${hex}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Concatenates byte arrays.
 * @param parts arrays in order
 * @returns one array
 * @example concatBytes(u32(1), new Uint8Array([7])) // 00 00 00 01 07
 */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A big-endian uint16.
 * @param value 0 to 65535
 * @returns 2 bytes
 * @example u16(0) // 00 00, the codec version
 */
export function u16(value: number): Uint8Array {
  return new Uint8Array([(value >>> 8) & 0xff, value & 0xff]);
}

/**
 * A big-endian uint32.
 * @param value 0 to 2^32-1
 * @returns 4 bytes
 * @example u32(0x23) // 00 00 00 23, the ConvertSubnetToL1Tx type ID
 */
export function u32(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

/**
 * A big-endian uint64.
 * @param value 0 to 2^64-1
 * @returns 8 bytes
 * @example u64(1n) // 00 00 00 00 00 00 00 01
 */
export function u64(value: bigint | number): Uint8Array {
  const out = new Uint8Array(8);
  let v = BigInt(value);
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/**
 * A codec byte slice: uint32 length, then the bytes.
 * @param bytes the content
 * @returns length-prefixed bytes
 * @example lengthPrefixed(new Uint8Array([0x41])) // 00 00 00 01 41
 */
export function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  return concatBytes(u32(bytes.length), bytes);
}

/**
 * Byte-wise order of two byte strings (shorter first on a common prefix), as Go's bytes.Compare.
 * @example [b, a].sort(compareBytes)
 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

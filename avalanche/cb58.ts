// cb58, Avalanche's text form of IDs: base58 of `bytes ‖ last 4 bytes of sha256(bytes)`
// (avalanchego utils/cb58). Emitted IDs must decode with a valid checksum in real clients.
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from './bytes';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((char, i) => [char, i]));

/**
 * Plain base58 (Bitcoin alphabet), leading zero bytes as `1`.
 * @param bytes input
 * @returns base58 text
 * @example base58Encode(new Uint8Array([0, 1])) // '12'
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Base-58 digits, least significant first; classic O(n²) conversion, fast for 36-byte IDs.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '1'.repeat(zeros);
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!];
  return out;
}

/**
 * Decodes plain base58.
 * @param text base58 text
 * @returns the bytes
 * @throws Error on a character outside the alphabet
 * @example base58Decode('12') // Uint8Array [0, 1]
 */
export function base58Decode(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const value = INDEX.get(text[i]!);
    if (value === undefined) throw new Error(`invalid base58 character '${text[i]}'`);
    let carry = value;
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!;
  return out;
}

/**
 * cb58-encodes bytes (an ID, a short address).
 * @param bytes payload, e.g. 32 bytes of a transaction ID
 * @returns cb58 text
 * @example cb58Encode(new Uint8Array(32)) // '11111111111111111111111111111111LpoYY'
 */
export function cb58Encode(bytes: Uint8Array): string {
  const checksum = sha256(bytes).subarray(28);
  return base58Encode(concatBytes(bytes, checksum));
}

/**
 * Decodes cb58 text and checks its checksum.
 * @param text cb58 text
 * @returns the payload bytes, checksum removed
 * @throws Error when the text is not base58 or the checksum does not match
 * @example cb58Decode('11111111111111111111111111111111LpoYY') // 32 zero bytes
 */
export function cb58Decode(text: string): Uint8Array {
  const raw = base58Decode(text);
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size');
  const payload = raw.subarray(0, raw.length - 4);
  const expected = sha256(payload).subarray(28);
  for (let i = 0; i < 4; i++) {
    if (raw[raw.length - 4 + i] !== expected[i]) throw new Error('invalid input checksum');
  }
  return payload;
}

/**
 * The text form of a node ID: `NodeID-` + cb58 of its 20 bytes.
 * @param bytes 20-byte node ID
 * @returns e.g. `NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg`
 * @example nodeIdToString(shortId)
 */
export function nodeIdToString(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new Error(`node ID must be 20 bytes, got ${bytes.length}`);
  return `NodeID-${cb58Encode(bytes)}`;
}

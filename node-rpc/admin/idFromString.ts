import { base58Decode, cb58Decode } from '../../avalanche/cb58';

/**
 * ids.FromString with avalanchego's error texts (utils/cb58, mr-tron/base58, utils/hashing):
 * `base58 decoding error: zero length string`, `base58 decoding error: invalid base58 digit ('0')`,
 * `input string is smaller than the checksum size`, `invalid input checksum`,
 * `invalid hash length: expected 32 bytes but got N`.
 * @param text a cb58 ID
 * @returns the 32 bytes
 * @throws Error with the node's text
 * @example idFromString('11111111111111111111111111111111LpoYY') // 32 zero bytes
 */
export function idFromString(text: string): Uint8Array {
  if (text.length === 0) throw new Error('base58 decoding error: zero length string');
  for (const c of text) {
    if (c.charCodeAt(0) > 127) throw new Error('base58 decoding error: high-bit set on invalid digit');
  }
  try {
    base58Decode(text);
  } catch {
    const bad = [...text].find((c) => !/[1-9A-HJ-NP-Za-km-z]/.test(c))!;
    throw new Error(`base58 decoding error: invalid base58 digit (${JSON.stringify(bad).replace(/^"|"$/g, "'")})`);
  }
  const bytes = cb58Decode(text);
  if (bytes.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${bytes.length}`);
  return bytes;
}

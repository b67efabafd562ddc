import { cb58Decode, cb58Encode } from '../avalanche/cb58';

/**
 * A 32-byte ID (subnet, chain) given as cb58 or as hex (with or without `0x`), in cb58, or
 * undefined when it is neither.
 * @param text the ID as a client wrote it
 * @returns the cb58 form, or undefined
 * @example normalizeId('0x' + '00'.repeat(32)) // '11111111111111111111111111111111LpoYY'
 */
export function normalizeId(text: string): string | undefined {
  const hex = text.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return cb58Encode(Uint8Array.from(Buffer.from(hex, 'hex')));
  try {
    return cb58Decode(text).length === 32 ? text : undefined;
  } catch {
    return undefined;
  }
}

import { cb58Decode, cb58Encode } from './cb58';

/**
 * A 32-byte ID (transaction, subnet, blockchain, asset) written in cb58, or in hex with or without
 * `0x`, in its cb58 form: the form IDs are stored and served in.
 * @param text the ID as a client wrote it
 * @returns the cb58 form, or undefined when it is neither
 * @example toCb58Id('0x' + '00'.repeat(32)) // '11111111111111111111111111111111LpoYY'
 */
export function toCb58Id(text: string): string | undefined {
  const hex = text.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return cb58Encode(Uint8Array.from(Buffer.from(hex, 'hex')));
  // 32 bytes and a 4-byte checksum: 37 characters for the all-zero ID (the primary network), up to ~54.
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,60}$/.test(text)) return undefined;
  try {
    return cb58Decode(text).length === 32 ? text : undefined;
  } catch {
    return undefined;
  }
}

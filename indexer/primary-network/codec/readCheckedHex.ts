// avalanchego's "hex" encoding (utils/formatting): 0x, then the bytes followed by the last 4 bytes
// of their SHA-256 as a checksum. Blocks, transactions and UTXOs of the P/X APIs come this way.
import { sha256 } from '@noble/hashes/sha2.js';
import { MalformedAnswerError } from '../../../shared/jsonRpc/rpcErrors';

/**
 * The bytes of a checksummed hex string, checked.
 * @param method the API method (for the error)
 * @param field the answer's field (for the error)
 * @param value the string
 * @returns the bytes, without the checksum
 * @throws MalformedAnswerError when not 0x-hex, too short, or the checksum differs
 * @example readCheckedHex('platform.getBlockByHeight', 'block', answer.block)
 */
export function readCheckedHex(method: string, field: string, value: unknown): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new MalformedAnswerError(method, `${field} is not 0x-prefixed hex`);
  const all = Buffer.from(value.slice(2), 'hex');
  if (all.length < 4) throw new MalformedAnswerError(method, `${field} is shorter than its checksum`);
  const bytes = new Uint8Array(all.subarray(0, all.length - 4));
  const checksum = sha256(bytes).subarray(28);
  if (Buffer.compare(Buffer.from(checksum), all.subarray(all.length - 4)) !== 0)
    throw new MalformedAnswerError(method, `${field}: checksum mismatch`);
  return bytes;
}

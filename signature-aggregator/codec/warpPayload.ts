// Generic Warp payloads (avalanchego vms/platformvm/warp/payload): codec version 0, then a type
// ID: Hash = 0 (`hash [32]`), AddressedCall = 1 (`sourceAddress []byte ‖ payload []byte`).
import { concatBytes, lengthPrefixed, u16, u32 } from '../../avalanche/bytes';
import { InvalidWarpMessageError } from '../errors';
import { createByteReader } from './byteReader';

/** The payload codec refuses larger inputs (payload/codec.go: 24 KiB). */
export const maxPayloadBytes = 24 * 1024;

/** A decoded generic payload. */
export type WarpPayload =
  | { kind: 'hash'; hash: Uint8Array }
  | { kind: 'addressedCall'; sourceAddress: Uint8Array; payload: Uint8Array };

/**
 * Encodes a generic payload.
 * @param payload a Hash (32 bytes) or an AddressedCall
 * @returns its bytes: 38 for a Hash, 14 + address + payload for an AddressedCall
 * @example encodeWarpPayload({ kind: 'addressedCall', sourceAddress: new Uint8Array(0), payload: inner })
 */
export function encodeWarpPayload(payload: WarpPayload): Uint8Array {
  if (payload.kind === 'hash') {
    if (payload.hash.length !== 32) throw new InvalidWarpMessageError('Hash payload must hold 32 bytes');
    return concatBytes(u16(0), u32(0), payload.hash);
  }
  return concatBytes(u16(0), u32(1), lengthPrefixed(payload.sourceAddress), lengthPrefixed(payload.payload));
}

/**
 * Decodes a generic payload.
 * @param data the payload of an unsigned message
 * @param what name used in errors
 * @returns the payload
 * @throws InvalidWarpMessageError on an unknown type, a bad length, trailing bytes or more than 24 KiB
 * @example parseWarpPayload(message.payload).kind // 'addressedCall'
 */
export function parseWarpPayload(data: Uint8Array, what = 'payload'): WarpPayload {
  if (data.length > maxPayloadBytes)
    throw new InvalidWarpMessageError(`${what}: ${data.length} bytes, at most ${maxPayloadBytes} allowed`);
  const reader = createByteReader(data, what);
  reader.codecVersion();
  const type = reader.u32('type ID');
  let payload: WarpPayload;
  if (type === 0) payload = { kind: 'hash', hash: reader.fixed(32, 'hash') };
  else if (type === 1)
    payload = { kind: 'addressedCall', sourceAddress: reader.bytes('sourceAddress'), payload: reader.bytes('payload') };
  else throw new InvalidWarpMessageError(`${what}: unknown type ID ${type}, expected 0 (Hash) or 1 (AddressedCall)`);
  reader.end();
  return payload;
}

// The Warp UnsignedMessage (avalanchego vms/platformvm/warp/unsigned_message.go):
// codec version 0 ‖ networkID u32 ‖ sourceChainID [32] ‖ payload []byte. These complete bytes,
// codec version included, are what validators sign, and their SHA-256 is the message ID.
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, lengthPrefixed, u16, u32 } from '../../avalanche/bytes';
import { InvalidWarpMessageError } from '../errors';
import { createByteReader, type ByteReader } from './byteReader';

/** A decoded unsigned Warp message, with its encoding and ID. */
export type UnsignedMessage = {
  /** 1 mainnet, 5 Fuji, 12345 local. */
  networkId: number;
  /** 32 bytes; all zero for the P-Chain. */
  sourceChainId: Uint8Array;
  /** The payload (AddressedCall or Hash), still encoded. */
  payload: Uint8Array;
  /** The complete encoding: the bytes validators sign. */
  bytes: Uint8Array;
  /** SHA-256 of `bytes`. */
  id: Uint8Array;
};

/**
 * Encodes an unsigned Warp message.
 * @param fields network, source chain (32 bytes) and payload
 * @returns the message with its bytes and ID
 * @throws InvalidWarpMessageError when the source chain ID is not 32 bytes
 * @example encodeUnsignedMessage({ networkId: 12345, sourceChainId: new Uint8Array(32), payload })
 */
export function encodeUnsignedMessage(fields: {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
}): UnsignedMessage {
  if (fields.sourceChainId.length !== 32) throw new InvalidWarpMessageError('sourceChainID must be 32 bytes');
  const bytes = concatBytes(u16(0), u32(fields.networkId), fields.sourceChainId, lengthPrefixed(fields.payload));
  return { ...fields, bytes, id: sha256(bytes) };
}

/**
 * Decodes an unsigned Warp message; the whole input must be the message.
 * @param data encoded bytes
 * @param what name used in errors (`message`)
 * @returns the message
 * @throws InvalidWarpMessageError on a wrong codec version, a short input or trailing bytes
 * @example parseUnsignedMessage(fromHex('0000000030390000...'))
 */
export function parseUnsignedMessage(data: Uint8Array, what = 'message'): UnsignedMessage {
  const reader = createByteReader(data, what);
  const message = readUnsignedMessage(reader, data);
  reader.end();
  return message;
}

/**
 * Reads an unsigned message at the start of `data`, leaving the reader after it: a signed
 * message embeds it and goes on with the signature.
 * @param reader a reader over `data`, at offset 0
 * @param data the bytes the reader reads
 * @returns the message (its `bytes` are the prefix read)
 * @example const unsigned = readUnsignedMessage(reader, signedBytes)
 */
export function readUnsignedMessage(reader: ByteReader, data: Uint8Array): UnsignedMessage {
  const start = reader.offset();
  reader.codecVersion();
  const networkId = reader.u32('networkID');
  const sourceChainId = reader.fixed(32, 'sourceChainID');
  const payload = reader.bytes('payload');
  const bytes = data.slice(start, reader.offset());
  return { networkId, sourceChainId, payload, bytes, id: sha256(bytes) };
}

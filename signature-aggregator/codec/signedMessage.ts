// The signed Warp message (avalanchego vms/platformvm/warp/message.go, signature.go):
// UnsignedMessage bytes ‖ signature type ID u32 (0 = BitSetSignature, the only one) ‖
// signers []byte ‖ signature [96] (compressed G2).
import { concatBytes, lengthPrefixed, u32 } from '../../avalanche/bytes';
import { InvalidWarpMessageError } from '../errors';
import { createByteReader } from './byteReader';
import { decodeSignerBitset, encodeSignerBitset } from './signerBitset';
import { readUnsignedMessage, type UnsignedMessage } from './unsignedMessage';

/** Length of a compressed BLS signature (G2). */
const signatureLength = 96;

/** A decoded signed Warp message. */
export type SignedMessage = {
  unsigned: UnsignedMessage;
  /** The raw signers field. */
  signers: Uint8Array;
  /** Canonical indices set in `signers`, ascending. */
  signerIndices: number[];
  /** 96-byte compressed aggregate signature (not parsed as a point here). */
  signature: Uint8Array;
  /** The complete encoding. */
  bytes: Uint8Array;
};

/**
 * Encodes a signed message: the unsigned bytes with a BitSetSignature appended.
 * @param unsigned the unsigned message
 * @param signerIndices canonical indices of the signers
 * @param signature 96-byte compressed aggregate signature
 * @returns the signed message bytes (42 + payload + 104 + signers length)
 * @example encodeSignedMessage(unsigned, [0, 1, 3], aggregate) // unsigned ‖ 00000000 00000001 0b ‖ aggregate
 */
export function encodeSignedMessage(
  unsigned: UnsignedMessage,
  signerIndices: Iterable<number>,
  signature: Uint8Array,
): Uint8Array {
  if (signature.length !== signatureLength)
    throw new InvalidWarpMessageError(`signature must be ${signatureLength} bytes`);
  return concatBytes(unsigned.bytes, u32(0), lengthPrefixed(encodeSignerBitset(signerIndices)), signature);
}

/**
 * Decodes a signed message; the whole input must be the message.
 * @param data encoded bytes
 * @param what name used in errors
 * @returns the message
 * @throws InvalidWarpMessageError on any malformed field, an unknown signature type or trailing bytes
 * @example parseSignedMessage(txMessageBytes, 'transaction message').unsigned.payload
 */
export function parseSignedMessage(data: Uint8Array, what = 'signed message'): SignedMessage {
  const reader = createByteReader(data, what);
  const unsigned = readUnsignedMessage(reader, data);
  const type = reader.u32('signature type ID');
  if (type !== 0)
    throw new InvalidWarpMessageError(`${what}: unknown signature type ${type}, expected 0 (BitSetSignature)`);
  const signers = reader.bytes('signers');
  const signature = reader.fixed(signatureLength, 'signature');
  reader.end();
  let signerIndices: number[];
  try {
    signerIndices = decodeSignerBitset(signers);
  } catch (error) {
    throw new InvalidWarpMessageError(`${what}: ${(error as Error).message}`);
  }
  return { unsigned, signers, signerIndices, signature, bytes: data };
}

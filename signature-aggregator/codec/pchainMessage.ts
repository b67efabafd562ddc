// The four P-Chain (ACP-77) messages carried inside an AddressedCall (avalanchego
// vms/platformvm/warp/message): codec version 0, type ID, then the fields below.
import { concatBytes, lengthPrefixed, u16, u32, u64 } from '../../avalanche/bytes';
import { InvalidWarpMessageError } from '../errors';
import { createByteReader, type ByteReader } from './byteReader';

/** Owner of a validator's remaining balance or of its disable right: no locktime. */
export type PChainOwner = { threshold: number; addresses: Uint8Array[] };

/** A decoded P-Chain message. IDs are 32 bytes, the node ID 20 today, the key 48 (compressed). */
export type PChainMessage =
  | { type: 'SubnetToL1Conversion'; conversionId: Uint8Array }
  | {
      type: 'RegisterL1Validator';
      subnetId: Uint8Array;
      nodeId: Uint8Array;
      blsPublicKey: Uint8Array;
      expiry: bigint;
      remainingBalanceOwner: PChainOwner;
      disableOwner: PChainOwner;
      weight: bigint;
    }
  | { type: 'L1ValidatorRegistration'; validationId: Uint8Array; registered: boolean }
  | { type: 'L1ValidatorWeight'; validationId: Uint8Array; nonce: bigint; weight: bigint };

/** Type IDs in registration order (message/codec.go). */
const typeIds = {
  SubnetToL1Conversion: 0,
  RegisterL1Validator: 1,
  L1ValidatorRegistration: 2,
  L1ValidatorWeight: 3,
} as const;

/**
 * Encodes a P-Chain message.
 * @param message the message
 * @returns its bytes (38, 122 + node ID + 20 × owners, 39 or 54 bytes)
 * @example encodePChainMessage({ type: 'L1ValidatorRegistration', validationId, registered: true })
 */
export function encodePChainMessage(message: PChainMessage): Uint8Array {
  const head = concatBytes(u16(0), u32(typeIds[message.type]));
  switch (message.type) {
    case 'SubnetToL1Conversion':
      return concatBytes(head, id32(message.conversionId, 'conversionID'));
    case 'RegisterL1Validator':
      return concatBytes(
        head,
        id32(message.subnetId, 'subnetID'),
        lengthPrefixed(message.nodeId),
        fixed(message.blsPublicKey, 48, 'blsPublicKey'),
        u64(message.expiry),
        encodeOwner(message.remainingBalanceOwner),
        encodeOwner(message.disableOwner),
        u64(message.weight),
      );
    case 'L1ValidatorRegistration':
      return concatBytes(head, id32(message.validationId, 'validationID'), Uint8Array.of(message.registered ? 1 : 0));
    case 'L1ValidatorWeight':
      return concatBytes(head, id32(message.validationId, 'validationID'), u64(message.nonce), u64(message.weight));
  }
}

/**
 * Decodes a P-Chain message (structure only: like avalanchego's Parse, no Verify rules).
 * @param data the inner payload of an AddressedCall
 * @param what name used in errors
 * @returns the message
 * @throws InvalidWarpMessageError on an unknown type, a bad length, a bad bool or trailing bytes
 * @example parsePChainMessage(addressedCall.payload).type // 'L1ValidatorWeight'
 */
export function parsePChainMessage(data: Uint8Array, what = 'P-Chain message'): PChainMessage {
  const reader = createByteReader(data, what);
  reader.codecVersion();
  const type = reader.u32('type ID');
  let message: PChainMessage;
  if (type === typeIds.SubnetToL1Conversion) {
    message = { type: 'SubnetToL1Conversion', conversionId: reader.fixed(32, 'conversionID') };
  } else if (type === typeIds.RegisterL1Validator) {
    message = {
      type: 'RegisterL1Validator',
      subnetId: reader.fixed(32, 'subnetID'),
      nodeId: reader.bytes('nodeID'),
      blsPublicKey: reader.fixed(48, 'blsPublicKey'),
      expiry: reader.u64('expiry'),
      remainingBalanceOwner: readOwner(reader, 'remainingBalanceOwner'),
      disableOwner: readOwner(reader, 'disableOwner'),
      weight: reader.u64('weight'),
    };
  } else if (type === typeIds.L1ValidatorRegistration) {
    message = {
      type: 'L1ValidatorRegistration',
      validationId: reader.fixed(32, 'validationID'),
      registered: reader.bool('registered'),
    };
  } else if (type === typeIds.L1ValidatorWeight) {
    message = {
      type: 'L1ValidatorWeight',
      validationId: reader.fixed(32, 'validationID'),
      nonce: reader.u64('nonce'),
      weight: reader.u64('weight'),
    };
  } else {
    throw new InvalidWarpMessageError(`${what}: unknown type ID ${type}, expected 0 to 3`);
  }
  reader.end();
  return message;
}

function encodeOwner(owner: PChainOwner): Uint8Array {
  return concatBytes(
    u32(owner.threshold),
    u32(owner.addresses.length),
    ...owner.addresses.map((a) => fixed(a, 20, 'owner address')),
  );
}

function readOwner(reader: ByteReader, field: string): PChainOwner {
  const threshold = reader.u32(`${field} threshold`);
  const count = reader.u32(`${field} address count`);
  // Each address takes 20 bytes: a count the input cannot hold is refused before looping.
  if (count * 20 > reader.remaining())
    throw new InvalidWarpMessageError(`${field}: ${count} addresses do not fit in ${reader.remaining()} bytes`);
  const addresses = Array.from({ length: count }, (_, i) => reader.fixed(20, `${field} address ${i}`));
  return { threshold, addresses };
}

function id32(bytes: Uint8Array, field: string): Uint8Array {
  return fixed(bytes, 32, field);
}

function fixed(bytes: Uint8Array, length: number, field: string): Uint8Array {
  if (bytes.length !== length)
    throw new InvalidWarpMessageError(`${field} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

// platformvm.L1ValidatorRegistrationJustification (avalanchego proto/platformvm/platformvm.proto):
// the justification a P-Chain validator needs to sign L1ValidatorRegistration{registered: false}.
// A oneof: field 1 SubnetIDIndex {bytes subnet_id = 1; uint32 index = 2} for a validator of the
// conversion, field 2 the RegisterL1Validator payload bytes for any other. proto3 drops zero values.
import { concatBytes } from '../../avalanche/bytes';

/** Which validation the justification proves. */
export type RegistrationJustification =
  | { kind: 'conversion'; subnetId: Uint8Array; index: number }
  | { kind: 'registerMessage'; payload: Uint8Array };

/**
 * Encodes the justification as protobuf.
 * @param justification a conversion validator (subnet, index) or a RegisterL1Validator payload
 * @returns wire bytes: `0a 22 0a 20 <subnetID>` for index 0, `12 <len> <payload>` for a message
 * @example encodeRegistrationJustification({ kind: 'conversion', subnetId, index: 3 }) // 0a 24 0a 20 … 10 03
 */
export function encodeRegistrationJustification(justification: RegistrationJustification): Uint8Array {
  if (justification.kind === 'registerMessage') return field(2, justification.payload);
  const inner = concatBytes(
    field(1, justification.subnetId),
    justification.index === 0 ? new Uint8Array(0) : concatBytes(Uint8Array.of(0x10), varint(justification.index)),
  );
  return field(1, inner);
}

/** A length-delimited field (wire type 2). */
function field(number: number, bytes: Uint8Array): Uint8Array {
  return concatBytes(varint((number << 3) | 2), varint(bytes.length), bytes);
}

function varint(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value >>> 0;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
  return Uint8Array.from(out);
}

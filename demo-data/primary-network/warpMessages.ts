// Warp messages that L1 validator managers send to the P-Chain (ACP-77), signed by the demo L1
// validators, for the RegisterL1ValidatorTx and SetL1ValidatorWeightTx rows. Layouts follow
// avalanchego vms/platformvm/warp (see the shared warp-signatures note, sections 1, 2 and 7).
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, fromHex, lengthPrefixed, toHex, u16, u32, u64 } from '../bytes';
import { cb58Decode, cb58Encode } from '../cb58';
import { BLS_SIG_DST } from '../validatorKeys';
import { encodeOwners, type Owners } from './txCodec';

/** A validator able to sign: its secret key and compressed public key (`0x` hex). */
export type WarpSigner = { secretKey: Uint8Array; publicKey: string };

/**
 * An AddressedCall payload (type 1): source address and inner payload.
 * @param sourceAddress 20-byte EVM address (empty for P-Chain messages)
 * @param payload inner payload
 * @returns encoded bytes
 * @example addressedCall(fromHex('0xfacade...'), registerPayload)
 */
export function addressedCall(sourceAddress: Uint8Array, payload: Uint8Array): Uint8Array {
  return concatBytes(u16(0), u32(1), lengthPrefixed(sourceAddress), lengthPrefixed(payload));
}

/**
 * An unsigned Warp message.
 * @param networkId 1 mainnet, 5 Fuji
 * @param sourceChainId cb58 ID of the sending chain
 * @param payload the payload (an AddressedCall)
 * @returns encoded bytes; the message ID is their sha256
 * @example unsignedMessage(1, managerChainId, call)
 */
export function unsignedMessage(networkId: number, sourceChainId: string, payload: Uint8Array): Uint8Array {
  return concatBytes(u16(0), u32(networkId), cb58Decode(sourceChainId), lengthPrefixed(payload));
}

/** Fields of a RegisterL1Validator message (type 1). */
export type RegisterL1Validator = {
  subnetId: string;
  nodeId: string;
  blsPublicKey: string;
  expiry: bigint;
  remainingBalanceOwner: Owners;
  disableOwner: Owners;
  weight: bigint;
};

/**
 * The RegisterL1Validator payload and the validation ID it defines (sha256 of the payload).
 * @param message the fields
 * @returns payload bytes and cb58 validation ID
 * @example const { payload, validationId } = registerL1ValidatorPayload(fields)
 */
export function registerL1ValidatorPayload(message: RegisterL1Validator): { payload: Uint8Array; validationId: string } {
  const payload = concatBytes(
    u16(0),
    u32(1),
    cb58Decode(message.subnetId),
    lengthPrefixed(cb58Decode(message.nodeId.replace(/^NodeID-/, ''))),
    fromHex(message.blsPublicKey),
    u64(message.expiry),
    encodeOwners(message.remainingBalanceOwner, false),
    encodeOwners(message.disableOwner, false),
    u64(message.weight),
  );
  return { payload, validationId: cb58Encode(sha256(payload)) };
}

/**
 * The L1ValidatorWeight payload (type 3).
 * @param validationId cb58 validation ID
 * @param nonce strictly increasing per validation
 * @param weight new weight (0 removes the validator)
 * @returns payload bytes
 * @example l1ValidatorWeightPayload(validationId, 1n, 200n)
 */
export function l1ValidatorWeightPayload(validationId: string, nonce: bigint, weight: bigint): Uint8Array {
  return concatBytes(u16(0), u32(3), cb58Decode(validationId), u64(nonce), u64(weight));
}

/**
 * The validation ID of the i-th validator of a ConvertSubnetToL1Tx: sha256(subnetID ‖ uint32 i).
 * @param subnetId cb58 subnet ID
 * @param index position in the transaction
 * @returns cb58 validation ID
 * @example conversionValidationId(subnetId, 0)
 */
export function conversionValidationId(subnetId: string, index: number): string {
  return cb58Encode(sha256(concatBytes(cb58Decode(subnetId), u32(index))));
}

/**
 * Signs an unsigned message with every given validator and returns the signed message with a
 * BitSetSignature. BLS is linear, so the aggregate is H(m)·Σsk: one G2 multiplication instead of
 * one per signer, with the same bytes as adding the individual signatures.
 * @param unsigned unsigned message bytes
 * @param validators the canonical set's members (all of them sign)
 * @returns signed message bytes
 * @example signWarpMessage(unsignedMessage(1, chainId, call), [signer])
 */
export function signWarpMessage(unsigned: Uint8Array, validators: WarpSigner[]): Uint8Array {
  const sigs = bls12_381.longSignatures;
  const order = bls12_381.fields.Fr.ORDER;
  // Canonical order: ascending uncompressed public key bytes (snow/validators/warp.go).
  const ordered = validators
    .map((v) => ({ v, key: uncompressed(v.publicKey) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let scalar = 0n;
  for (const { v } of ordered) scalar = (scalar + BigInt(`0x${toHex(v.secretKey)}`)) % order;
  const signature = sigs.hash(unsigned, BLS_SIG_DST).multiply(scalar).toBytes(true);
  const signers = bitset(ordered.length);
  return concatBytes(unsigned, u32(0), lengthPrefixed(signers), signature);
}

/** Uncompressed (96-byte) form of a compressed public key; memoised, decompression costs a square root. */
const uncompressedKeys = new Map<string, string>();
function uncompressed(publicKey: string): string {
  let found = uncompressedKeys.get(publicKey);
  if (!found) {
    found = toHex(bls12_381.G1.Point.fromBytes(fromHex(publicKey)).toBytes(false));
    uncompressedKeys.set(publicKey, found);
  }
  return found;
}

/** Minimal big-endian bytes of 2^n - 1: every one of `n` canonical validators signed. */
function bitset(n: number): Uint8Array {
  const value = (1n << BigInt(n)) - 1n;
  const hex = value.toString(16);
  return fromHex(hex.length % 2 ? `0${hex}` : hex);
}

// Warp messages that L1 validator managers send to the P-Chain (ACP-77), signed by the demo L1
// validators, for the RegisterL1ValidatorTx and SetL1ValidatorWeightTx rows. The bytes come from
// the signature aggregator's codec, so the demo and the service agree on every layout; this file
// only adapts the demo's cb58 strings and signs.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { compareBytes, fromHex, toHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { conversionValidationId as conversionValidationIdBytes } from '../../signature-aggregator/codec/conversionValidationId';
import { encodePChainMessage } from '../../signature-aggregator/codec/pchainMessage';
import { encodeSignedMessage } from '../../signature-aggregator/codec/signedMessage';
import { encodeUnsignedMessage, parseUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { BLS_SIG_DST } from '../validatorKeys';
import type { Owners } from './txCodec';

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
  return encodeWarpPayload({ kind: 'addressedCall', sourceAddress, payload });
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
  return encodeUnsignedMessage({ networkId, sourceChainId: cb58Decode(sourceChainId), payload }).bytes;
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
export function registerL1ValidatorPayload(message: RegisterL1Validator): {
  payload: Uint8Array;
  validationId: string;
} {
  const payload = encodePChainMessage({
    type: 'RegisterL1Validator',
    subnetId: cb58Decode(message.subnetId),
    nodeId: cb58Decode(message.nodeId.replace(/^NodeID-/, '')),
    blsPublicKey: fromHex(message.blsPublicKey),
    expiry: message.expiry,
    remainingBalanceOwner: pChainOwner(message.remainingBalanceOwner),
    disableOwner: pChainOwner(message.disableOwner),
    weight: message.weight,
  });
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
  return encodePChainMessage({ type: 'L1ValidatorWeight', validationId: cb58Decode(validationId), nonce, weight });
}

/**
 * The validation ID of the i-th validator of a ConvertSubnetToL1Tx: sha256(subnetID ‖ uint32 i).
 * @param subnetId cb58 subnet ID
 * @param index position in the transaction
 * @returns cb58 validation ID
 * @example conversionValidationId(subnetId, 0)
 */
export function conversionValidationId(subnetId: string, index: number): string {
  return cb58Encode(conversionValidationIdBytes(cb58Decode(subnetId), index));
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
  const order = bls12_381.fields.Fr.ORDER;
  // Canonical order: ascending uncompressed public key bytes (snow/validators/warp.go).
  const ordered = validators
    .map((v) => ({ v, key: uncompressed(v.publicKey) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let scalar = 0n;
  for (const { v } of ordered) scalar = (scalar + BigInt(`0x${toHex(v.secretKey)}`)) % order;
  const signature = bls12_381.longSignatures.hash(unsigned, BLS_SIG_DST).multiply(scalar).toBytes(true);
  return encodeSignedMessage(parseUnsignedMessage(unsigned), ordered.keys(), signature);
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

/** A PChainOwner (no locktime) with addresses in the P-Chain's sorted order. */
function pChainOwner(owners: Owners) {
  return { threshold: owners.threshold, addresses: [...owners.addresses].sort(compareBytes) };
}

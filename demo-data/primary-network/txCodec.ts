// Signed P-/X-Chain transactions in avalanchego's linear codec, so that txBytes decode with real
// tools and txHash = sha256(txBytes) holds for every stored transaction. Type IDs follow the
// registration order of platformvm/txs/codec.go and avm/txs/codec.go. Credentials carry
// 65-byte pseudo-random signatures: the demo has no secp256k1 keys for its addresses.
import { sha256 } from '@noble/hashes/sha2.js';
import { compareBytes, concatBytes, lengthPrefixed, u16, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';

/** P-Chain (platformvm) type IDs. */
export const P_TYPES = {
  TransferInput: 5,
  TransferOutput: 7,
  Credential: 9,
  Input: 10,
  OutputOwners: 11,
  AddValidatorTx: 12,
  AddSubnetValidatorTx: 13,
  AddDelegatorTx: 14,
  CreateChainTx: 15,
  CreateSubnetTx: 16,
  ImportTx: 17,
  ExportTx: 18,
  AdvanceTimeTx: 19,
  RewardValidatorTx: 20,
  StakeableLockIn: 21,
  StakeableLockOut: 22,
  RemoveSubnetValidatorTx: 23,
  AddPermissionlessValidatorTx: 25,
  AddPermissionlessDelegatorTx: 26,
  ProofOfPossession: 28,
  TransferSubnetOwnershipTx: 33,
  BaseTx: 34,
  ConvertSubnetToL1Tx: 35,
  RegisterL1ValidatorTx: 36,
  SetL1ValidatorWeightTx: 37,
  IncreaseL1ValidatorBalanceTx: 38,
  DisableL1ValidatorTx: 39,
} as const;

/** X-Chain (avm) type IDs. */
export const X_TYPES = {
  BaseTx: 0,
  CreateAssetTx: 1,
  OperationTx: 2,
  ImportTx: 3,
  ExportTx: 4,
  TransferInput: 5,
  TransferOutput: 7,
  Credential: 9,
  NftMintOutput: 10,
  NftMintOperation: 12,
} as const;

/** Owners of an output: locktime, threshold and 20-byte short addresses. */
export type Owners = { locktime: bigint; threshold: number; addresses: Uint8Array[] };

/** A transferable output (amount to owners, optionally stakeable-locked). */
export type Output = { assetId: string; amount: bigint; owners: Owners; stakeableLocktime?: bigint };

/** A transferable input spending `txId:outputIndex`. */
export type Input = { txId: string; outputIndex: number; assetId: string; amount: bigint; stakeableLocktime?: bigint };

/** Fields shared by every transaction except RewardValidatorTx and AdvanceTimeTx. */
export type BaseTx = { networkId: number; blockchainId: string; outputs: Output[]; inputs: Input[]; memo?: Uint8Array };

const id32 = (id: string) => cb58Decode(id);

/**
 * OutputOwners / PChainOwner body: locktime (optional), threshold, addresses.
 * @param owners the owners
 * @param withLocktime false for PChainOwner (no locktime field)
 * @returns encoded bytes
 * @example encodeOwners({ locktime: 0n, threshold: 1, addresses: [addr] }, true)
 */
export function encodeOwners(owners: Owners, withLocktime = true): Uint8Array {
  const sorted = [...owners.addresses].sort(compareBytes);
  return concatBytes(
    withLocktime ? u64(owners.locktime) : new Uint8Array(),
    u32(owners.threshold),
    u32(sorted.length),
    ...sorted,
  );
}

/**
 * A TransferableOutput (TransferOutput, wrapped in a StakeableLockOut when locked).
 * @param output the output
 * @returns encoded bytes
 * @example encodeOutput({ assetId, amount: 1n, owners })
 */
export function encodeOutput(output: Output): Uint8Array {
  const transfer = concatBytes(u32(P_TYPES.TransferOutput), u64(output.amount), encodeOwners(output.owners));
  const body = output.stakeableLocktime
    ? concatBytes(u32(P_TYPES.StakeableLockOut), u64(output.stakeableLocktime), transfer)
    : transfer;
  return concatBytes(id32(output.assetId), body);
}

function encodeInput(input: Input): Uint8Array {
  const transfer = concatBytes(u32(P_TYPES.TransferInput), u64(input.amount), u32(1), u32(0));
  const body = input.stakeableLocktime
    ? concatBytes(u32(P_TYPES.StakeableLockIn), u64(input.stakeableLocktime), transfer)
    : transfer;
  return concatBytes(id32(input.txId), u32(input.outputIndex), id32(input.assetId), body);
}

/**
 * The BaseTx fields: network, chain, outputs, inputs, memo.
 * @param tx the fields
 * @returns encoded bytes
 * @example encodeBaseTx({ networkId: 1, blockchainId: PRIMARY_NETWORK_ID, outputs: [], inputs: [] })
 */
export function encodeBaseTx(tx: BaseTx): Uint8Array {
  return concatBytes(
    u32(tx.networkId),
    id32(tx.blockchainId),
    vector(tx.outputs.map(encodeOutput)),
    vector(tx.inputs.map(encodeInput)),
    lengthPrefixed(tx.memo ?? new Uint8Array()),
  );
}

/**
 * A codec vector: uint32 count, then the items.
 * @param items encoded items
 * @returns encoded bytes
 * @example vector([u32(1), u32(2)])
 */
export function vector(items: Uint8Array[]): Uint8Array {
  return concatBytes(u32(items.length), ...items);
}

/**
 * `secp256k1fx.Input` used as subnet / disable authorization: signature indices.
 * @param indices signer indices
 * @returns typed encoded bytes
 * @example encodeAuth([0])
 */
export function encodeAuth(indices: number[] = [0]): Uint8Array {
  return concatBytes(u32(P_TYPES.Input), vector(indices.map(u32)));
}

/**
 * A signed transaction: codec version, type ID, unsigned body, then credentials.
 * @param typeId type ID of the unsigned transaction
 * @param body unsigned fields after the type ID
 * @param signatures 65-byte signatures, one credential each
 * @param credentialTypeId type of the credential (9 on both chains)
 * @returns the signed transaction bytes and its ID (cb58 of sha256)
 * @example const { bytes, txId } = signedTx(P_TYPES.BaseTx, encodeBaseTx(base), [sig])
 */
export function signedTx(
  typeId: number,
  body: Uint8Array,
  signatures: Uint8Array[],
  credentialTypeId: number = P_TYPES.Credential,
): { bytes: Uint8Array; txId: string } {
  const credentials = signatures.map((sig) => concatBytes(u32(credentialTypeId), u32(1), sig));
  const bytes = concatBytes(u16(0), u32(typeId), body, vector(credentials));
  return { bytes, txId: cb58Encode(sha256(bytes)) };
}

/**
 * A length-prefixed UTF-8 string as the codec writes it (uint16 length).
 * @param text the string
 * @returns encoded bytes
 * @example codecString('X-Chain')
 */
export function codecString(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  return concatBytes(u16(bytes.length), bytes);
}

/**
 * The serialized UTXO (codec version, txID, output index, asset, typed output) as hex with the
 * 4-byte checksum of avalanchego's `formatting.Hex`, which platform.getUTXOs returns.
 * @param txId producing transaction
 * @param outputIndex output position
 * @param output the output
 * @returns `0x` hex
 * @example utxoBytesOf(txId, 0, output)
 */
export function utxoBytesOf(txId: string, outputIndex: number, output: Output): string {
  const bytes = concatBytes(u16(0), id32(txId), u32(outputIndex), encodeOutput(output));
  const withChecksum = concatBytes(bytes, sha256(bytes).subarray(28));
  return `0x${Buffer.from(withChecksum).toString('hex')}`;
}


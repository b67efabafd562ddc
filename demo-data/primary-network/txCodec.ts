// The demo's transaction fields (plain owners, outputs, inputs) as avalanchejs objects, which the
// P-/X-Chain codec (avalanche/tx-codec) writes exactly as avalanchego does: txBytes decode with real
// tools, and txHash = sha256(txBytes) holds for every stored transaction. Credentials carry 65-byte
// pseudo-random signatures: the demo has no secp256k1 keys for its addresses.
import {
  avaxSerial,
  BigIntPr,
  Bytes,
  Id,
  Input as SecpInput,
  Int,
  NodeId,
  OutputOwners,
  PChainOwner,
  pvmSerial,
  TransferableInput,
  TransferableOutput,
  TransferInput,
  TransferOutput,
  Address,
} from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { compareBytes, concatBytes, u16, u32 } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { chainCodec } from '../../avalanche/tx-codec/chainCodecs';

/** Owners of an output: locktime, threshold and 20-byte short addresses. */
export type Owners = { locktime: bigint; threshold: number; addresses: Uint8Array[] };

/** A transferable output (amount to owners, optionally stakeable-locked). */
export type Output = { assetId: string; amount: bigint; owners: Owners; stakeableLocktime?: bigint };

/** A transferable input spending `txId:outputIndex`. */
export type Input = { txId: string; outputIndex: number; assetId: string; amount: bigint; stakeableLocktime?: bigint };

/** Fields shared by every transaction except RewardValidatorTx and AdvanceTimeTx. */
export type BaseTx = { networkId: number; blockchainId: string; outputs: Output[]; inputs: Input[]; memo?: Uint8Array };

/**
 * An ID (transaction, chain, asset, subnet, VM) from its cb58 text.
 * @param id cb58 ID
 * @returns the avalanchejs ID
 * @example idOf(PRIMARY_NETWORK_ID)
 */
export function idOf(id: string): Id {
  return new Id(cb58Decode(id));
}

/**
 * A node ID from `NodeID-…` text.
 * @param nodeId the node ID
 * @returns the avalanchejs node ID (20 bytes)
 * @example nodeIdOf('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
 */
export function nodeIdOf(nodeId: string): NodeId {
  return new NodeId(cb58Decode(nodeId.replace(/^NodeID-/, '')));
}

const sortedAddresses = (owners: Owners) =>
  [...owners.addresses].sort(compareBytes).map((address) => new Address(address));

/**
 * secp256k1fx OutputOwners: locktime, threshold and the addresses in byte order.
 * @param owners the owners
 * @returns avalanchejs OutputOwners
 * @example outputOwnersOf({ locktime: 0n, threshold: 1, addresses: [addr] })
 */
export function outputOwnersOf(owners: Owners): OutputOwners {
  return new OutputOwners(new BigIntPr(owners.locktime), new Int(owners.threshold), sortedAddresses(owners));
}

/**
 * An L1 validator's PChainOwner (no locktime), addresses in byte order.
 * @param owners the owners (locktime ignored)
 * @returns avalanchejs PChainOwner
 * @example pChainOwnerOf(owners)
 */
export function pChainOwnerOf(owners: Owners): PChainOwner {
  return new PChainOwner(new Int(owners.threshold), sortedAddresses(owners));
}

/**
 * A TransferableOutput (TransferOutput, wrapped in a StakeableLockOut when locked).
 * @param output the output
 * @returns avalanchejs TransferableOutput
 * @example transferableOutputOf({ assetId, amount: 1n, owners })
 */
export function transferableOutputOf(output: Output): TransferableOutput {
  const transfer = new TransferOutput(new BigIntPr(output.amount), outputOwnersOf(output.owners));
  const body = output.stakeableLocktime
    ? new pvmSerial.StakeableLockOut(new BigIntPr(output.stakeableLocktime), transfer)
    : transfer;
  return new TransferableOutput(idOf(output.assetId), body);
}

/**
 * A TransferableInput signed by signature 0 (TransferInput, wrapped in a StakeableLockIn when locked).
 * @param input the input
 * @returns avalanchejs TransferableInput
 * @example transferableInputOf({ txId, outputIndex: 0, assetId, amount: 1n })
 */
export function transferableInputOf(input: Input): TransferableInput {
  const transfer = new TransferInput(new BigIntPr(input.amount), authOf());
  const body = input.stakeableLocktime
    ? new pvmSerial.StakeableLockIn(new BigIntPr(input.stakeableLocktime), transfer)
    : transfer;
  return new TransferableInput(
    new avaxSerial.UTXOID(idOf(input.txId), new Int(input.outputIndex)),
    idOf(input.assetId),
    body,
  );
}

/**
 * The BaseTx fields: network, chain, outputs, inputs, memo.
 * @param tx the fields
 * @returns avalanchejs BaseTx (the part every transaction starts with)
 * @example baseTxOf({ networkId: 1, blockchainId: PRIMARY_NETWORK_ID, outputs: [], inputs: [] })
 */
export function baseTxOf(tx: BaseTx): avaxSerial.BaseTx {
  return new avaxSerial.BaseTx(
    new Int(tx.networkId),
    idOf(tx.blockchainId),
    tx.outputs.map(transferableOutputOf),
    tx.inputs.map(transferableInputOf),
    new Bytes(tx.memo ?? new Uint8Array()),
  );
}

/**
 * `secp256k1fx.Input` used as subnet / disable authorization: signature indices.
 * @param indices signer indices
 * @returns avalanchejs Input
 * @example authOf([0])
 */
export function authOf(indices: number[] = [0]): SecpInput {
  return new SecpInput(indices.map((index) => new Int(index)));
}

/**
 * The serialized TransferableOutput as the P-Chain codec writes it.
 * @param output the output
 * @returns encoded bytes
 * @example encodeOutput({ assetId, amount: 1n, owners })
 */
export function encodeOutput(output: Output): Uint8Array {
  return transferableOutputOf(output).toBytes(chainCodec('P'));
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
  const bytes = concatBytes(u16(0), cb58Decode(txId), u32(outputIndex), encodeOutput(output));
  const withChecksum = concatBytes(bytes, sha256(bytes).subarray(28));
  return `0x${Buffer.from(withChecksum).toString('hex')}`;
}

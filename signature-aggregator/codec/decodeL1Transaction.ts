// Reads the three P-Chain transactions whose Warp messages 4.2 serves, from their signed bytes
// (avalanchego vms/platformvm/txs): `0000 ‖ u32 typeID ‖ BaseTx ‖ fields ‖ credentials`. Only
// the fields the messages need are returned; the rest is read to find them and to check the end.
import { InvalidWarpMessageError } from '../errors';
import { createByteReader, type ByteReader } from './byteReader';

/** P-Chain type IDs (txs/codec.go registration order). */
export const pChainTxTypeIds = { ConvertSubnetToL1Tx: 0x23, RegisterL1ValidatorTx: 0x24, SetL1ValidatorWeightTx: 0x25 } as const;

/** A validator of a ConvertSubnetToL1Tx. */
export type ConversionTxValidator = { nodeId: Uint8Array; weight: bigint; balance: bigint; blsPublicKey: Uint8Array; proofOfPossession: Uint8Array };

/** The decoded transaction; `other` for every kind without an L1 Warp message. */
export type L1Transaction =
  | { type: 'ConvertSubnetToL1Tx'; networkId: number; subnetId: Uint8Array; managerChainId: Uint8Array; managerAddress: Uint8Array; validators: ConversionTxValidator[] }
  | { type: 'RegisterL1ValidatorTx'; networkId: number; balance: bigint; proofOfPossession: Uint8Array; message: Uint8Array }
  | { type: 'SetL1ValidatorWeightTx'; networkId: number; message: Uint8Array }
  | { type: 'other'; typeId: number };

/** Type IDs inside a BaseTx (secp256k1fx and stakeable). */
const TRANSFER_INPUT = 5;
const TRANSFER_OUTPUT = 7;
const SECP_INPUT = 10;
const LOCK_IN = 21;
const LOCK_OUT = 22;
const CREDENTIAL = 9;

/**
 * Decodes a signed P-Chain transaction far enough to build its L1 Warp message.
 * @param bytes the signed transaction (no API checksum)
 * @returns the L1 fields, or `{ type: 'other' }` for another kind
 * @throws InvalidWarpMessageError when the bytes are not a well-formed transaction of that kind
 * @example decodeL1Transaction(fromHex(row.txBytes)).type // 'RegisterL1ValidatorTx'
 */
export function decodeL1Transaction(bytes: Uint8Array): L1Transaction {
  const reader = createByteReader(bytes, 'transaction');
  reader.codecVersion();
  const typeId = reader.u32('type ID');
  if (!Object.values(pChainTxTypeIds).includes(typeId as never)) return { type: 'other', typeId };
  const networkId = readBaseTx(reader);
  let tx: L1Transaction;
  if (typeId === pChainTxTypeIds.ConvertSubnetToL1Tx) {
    const subnetId = reader.fixed(32, 'subnetID');
    const managerChainId = reader.fixed(32, 'chainID');
    const managerAddress = reader.bytes('address');
    const validators = readVector(reader, 'validators', () => {
      const validator = {
        nodeId: reader.bytes('nodeID'),
        weight: reader.u64('weight'),
        balance: reader.u64('balance'),
        blsPublicKey: reader.fixed(48, 'signer publicKey'),
        proofOfPossession: reader.fixed(96, 'signer proofOfPossession'),
      };
      readOwner(reader, 'remainingBalanceOwner');
      readOwner(reader, 'deactivationOwner');
      return validator;
    });
    readTyped(reader, 'subnetAuth', SECP_INPUT, () => readVector(reader, 'sigIndices', () => reader.u32('sigIndex')));
    tx = { type: 'ConvertSubnetToL1Tx', networkId, subnetId, managerChainId, managerAddress, validators };
  } else if (typeId === pChainTxTypeIds.RegisterL1ValidatorTx) {
    tx = { type: 'RegisterL1ValidatorTx', networkId, balance: reader.u64('balance'), proofOfPossession: reader.fixed(96, 'proofOfPossession'), message: reader.bytes('message') };
  } else {
    tx = { type: 'SetL1ValidatorWeightTx', networkId, message: reader.bytes('message') };
  }
  readVector(reader, 'credentials', () => readTyped(reader, 'credential', CREDENTIAL, () => readVector(reader, 'signatures', () => reader.fixed(65, 'signature'))));
  reader.end();
  return tx;
}

/** BaseTx: networkID ‖ blockchainID ‖ outputs ‖ inputs ‖ memo. Returns the network ID. */
function readBaseTx(reader: ByteReader): number {
  const networkId = reader.u32('networkID');
  reader.fixed(32, 'blockchainID');
  readVector(reader, 'outputs', () => {
    reader.fixed(32, 'output assetID');
    readOutput(reader);
  });
  readVector(reader, 'inputs', () => {
    reader.fixed(32, 'input txID');
    reader.u32('input outputIndex');
    reader.fixed(32, 'input assetID');
    readInput(reader);
  });
  reader.bytes('memo');
  return networkId;
}

function readOutput(reader: ByteReader): void {
  const type = reader.u32('output type ID');
  if (type === LOCK_OUT) {
    reader.u64('locktime');
    return readOutput(reader);
  }
  if (type !== TRANSFER_OUTPUT) throw new InvalidWarpMessageError(`transaction: unsupported output type ${type}`);
  reader.u64('amount');
  reader.u64('locktime');
  reader.u32('threshold');
  readVector(reader, 'addresses', () => reader.fixed(20, 'address'));
}

function readInput(reader: ByteReader): void {
  const type = reader.u32('input type ID');
  if (type === LOCK_IN) {
    reader.u64('locktime');
    return readInput(reader);
  }
  if (type !== TRANSFER_INPUT) throw new InvalidWarpMessageError(`transaction: unsupported input type ${type}`);
  reader.u64('amount');
  readVector(reader, 'sigIndices', () => reader.u32('sigIndex'));
}

function readOwner(reader: ByteReader, field: string): void {
  reader.u32(`${field} threshold`);
  readVector(reader, `${field} addresses`, () => reader.fixed(20, 'address'));
}

function readTyped<T>(reader: ByteReader, field: string, expected: number, read: () => T): T {
  const type = reader.u32(`${field} type ID`);
  if (type !== expected) throw new InvalidWarpMessageError(`transaction: ${field} has type ${type}, expected ${expected}`);
  return read();
}

/** A codec slice of structs. Each element takes at least one byte, so larger counts are refused up front. */
function readVector<T>(reader: ByteReader, field: string, read: () => T): T[] {
  const count = reader.u32(`${field} count`);
  if (count > reader.remaining()) throw new InvalidWarpMessageError(`transaction: ${field} count ${count} exceeds the ${reader.remaining()} bytes left`);
  return Array.from({ length: count }, read);
}

// The three P-Chain transactions whose Warp messages 4.2 serves, read from their signed bytes by
// the P-Chain codec the indexer uses (avalanche/tx-codec, avalanchejs). Only the fields the messages
// need are returned.
import { TypeSymbols, type pvmSerial } from '@avalabs/avalanchejs';
import { chainCodec } from '../../avalanche/tx-codec/chainCodecs';
import { decodeSignedTx, SignedTxDecodeError } from '../../avalanche/tx-codec/readSignedTxs';
import { InvalidWarpMessageError } from '../errors';

const typeIdOf = (type: TypeSymbols) => chainCodec('P').typeToTypeID.get(type)!;

/** The P-Chain codec's type IDs of the kinds with an L1 Warp message. */
const L1_TX_TYPE_IDS = {
  ConvertSubnetToL1Tx: typeIdOf(TypeSymbols.ConvertSubnetToL1Tx),
  RegisterL1ValidatorTx: typeIdOf(TypeSymbols.RegisterL1ValidatorTx),
  SetL1ValidatorWeightTx: typeIdOf(TypeSymbols.SetL1ValidatorWeightTx),
};

/** A validator of a ConvertSubnetToL1Tx. */
export type ConversionTxValidator = {
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  blsPublicKey: Uint8Array;
  proofOfPossession: Uint8Array;
};

/** The decoded transaction; `other` for every kind without an L1 Warp message. */
export type L1Transaction =
  | {
      type: 'ConvertSubnetToL1Tx';
      networkId: number;
      subnetId: Uint8Array;
      managerChainId: Uint8Array;
      managerAddress: Uint8Array;
      validators: ConversionTxValidator[];
    }
  | {
      type: 'RegisterL1ValidatorTx';
      networkId: number;
      balance: bigint;
      proofOfPossession: Uint8Array;
      message: Uint8Array;
    }
  | { type: 'SetL1ValidatorWeightTx'; networkId: number; message: Uint8Array }
  | { type: 'other'; typeId: number };

/**
 * Decodes a signed P-Chain transaction far enough to build its L1 Warp message. Other kinds are
 * told by their type ID alone.
 * @param bytes the signed transaction (no API checksum)
 * @returns the L1 fields, or `{ type: 'other' }` for another kind
 * @throws InvalidWarpMessageError when the bytes are not a well-formed transaction of that kind
 * @example decodeL1Transaction(fromHex(row.txBytes)).type // 'RegisterL1ValidatorTx'
 */
export function decodeL1Transaction(bytes: Uint8Array): L1Transaction {
  if (bytes.length < 6)
    throw new InvalidWarpMessageError(`transaction: ${bytes.length} bytes hold no codec version and type ID`);
  const typeId = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(2);
  if (!Object.values(L1_TX_TYPE_IDS).includes(typeId)) return { type: 'other', typeId };
  let unsigned: unknown;
  try {
    unsigned = decodeSignedTx(bytes, 'P').unsigned;
  } catch (error) {
    if (error instanceof SignedTxDecodeError) throw new InvalidWarpMessageError(`transaction: ${error.message}`);
    throw error;
  }
  if (typeId === L1_TX_TYPE_IDS.ConvertSubnetToL1Tx) {
    const tx = unsigned as pvmSerial.ConvertSubnetToL1Tx;
    return {
      type: 'ConvertSubnetToL1Tx',
      networkId: tx.baseTx.NetworkId.value(),
      subnetId: tx.subnetID.toBytes(),
      managerChainId: tx.chainID.toBytes(),
      managerAddress: tx.address.bytes,
      validators: tx.validators.map((v) => ({
        nodeId: v.nodeId.bytes,
        weight: v.weight.value(),
        balance: v.balance.value(),
        blsPublicKey: v.signer.publicKey,
        proofOfPossession: v.signer.signature,
      })),
    };
  }
  if (typeId === L1_TX_TYPE_IDS.RegisterL1ValidatorTx) {
    const tx = unsigned as pvmSerial.RegisterL1ValidatorTx;
    return {
      type: 'RegisterL1ValidatorTx',
      networkId: tx.baseTx.NetworkId.value(),
      balance: tx.balance.value(),
      proofOfPossession: tx.blsSignature.toBytes(),
      message: tx.message.bytes,
    };
  }
  const tx = unsigned as pvmSerial.SetL1ValidatorWeightTx;
  return { type: 'SetL1ValidatorWeightTx', networkId: tx.baseTx.NetworkId.value(), message: tx.message.bytes };
}

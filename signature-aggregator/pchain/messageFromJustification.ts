// 4.1 with a justification and no message: the justifications the P-Chain accepts (notes §7.3)
// each name exactly one message, so it is built here from the indexed state:
// - 32 bytes (a subnet ID) → SubnetToL1Conversion of that L1's ConvertSubnetToL1Tx;
// - L1ValidatorRegistrationJustification (protobuf) → L1ValidatorRegistration{validationID, false}.
import { sha256 } from '@noble/hashes/sha2.js';
import type { PrismaClient } from '../../prisma/generated/client';
import type { Network } from '../../prisma/generated/enums';
import { cb58Encode } from '../../avalanche/cb58';
import { conversionValidationId } from '../codec/conversionValidationId';
import { encodePChainMessage, parsePChainMessage } from '../codec/pchainMessage';
import { encodeUnsignedMessage } from '../codec/unsignedMessage';
import { encodeWarpPayload } from '../codec/warpPayload';
import { InvalidAggregationRequestError } from '../errors';
import { warpNetworkId } from '../warpNetworkId';
import { buildL1Message, type L1Message, type L1TransactionOfKind } from './buildL1Message';
import { loadL1Transaction } from './loadL1Transaction';

/**
 * The P-Chain message a justification stands for.
 * @param prisma database
 * @param network network of the request
 * @param justification the request's justification bytes
 * @returns message, justification and signing subnet
 * @throws InvalidAggregationRequestError when the justification names no indexed L1 message, or a validation that still exists
 * @example await messageFromJustification(prisma, 'FUJI', subnetIdBytes)
 */
export async function messageFromJustification(
  prisma: PrismaClient,
  network: Network,
  justification: Uint8Array,
): Promise<L1Message> {
  if (justification.length === 32) {
    const subnetId = cb58Encode(justification);
    const subnet = await prisma.subnet.findUnique({
      where: { network_subnetId: { network, subnetId } },
      select: { l1ConversionTransactionHash: true },
    });
    if (!subnet?.l1ConversionTransactionHash)
      throw new InvalidAggregationRequestError(
        `justification names subnet ${subnetId}, which is not an L1 of ${network.toLowerCase()}`,
      );
    const { tx } = await loadL1Transaction(prisma, network, subnet.l1ConversionTransactionHash);
    return buildL1Message(prisma, network, tx as L1TransactionOfKind);
  }
  const parsed = parseJustification(justification);
  let validationId: Uint8Array;
  let subnetBytes: Uint8Array;
  if (parsed.field === 1) {
    const inner = readFields(parsed.value);
    subnetBytes = inner.get(1) as Uint8Array;
    if (!(subnetBytes instanceof Uint8Array) || subnetBytes.length !== 32) throw unknown();
    validationId = conversionValidationId(subnetBytes, Number(inner.get(2) ?? 0));
  } else {
    const message = parsePChainMessage(parsed.value, 'justification');
    if (message.type !== 'RegisterL1Validator') throw unknown();
    validationId = sha256(parsed.value);
    subnetBytes = message.subnetId;
  }
  const id = cb58Encode(validationId);
  const existing = await prisma.validator.findFirst({
    where: { network, validationId: id, removedAtBlockIndex: null },
    select: { txHash: true },
  });
  if (existing)
    throw new InvalidAggregationRequestError(
      `validation ${id} is still registered; the P-Chain signs its removal only once it is gone`,
    );
  const subnetId = cb58Encode(subnetBytes);
  const subnet = await prisma.subnet.findUnique({
    where: { network_subnetId: { network, subnetId } },
    select: { l1ValidatorManagerBlockchainId: true },
  });
  const manager = subnet?.l1ValidatorManagerBlockchainId
    ? await prisma.blockchain.findUnique({
        where: { network_blockchainId: { network, blockchainId: subnet.l1ValidatorManagerBlockchainId } },
        select: { subnetId: true },
      })
    : null;
  const payload = encodeWarpPayload({
    kind: 'addressedCall',
    sourceAddress: new Uint8Array(0),
    payload: encodePChainMessage({ type: 'L1ValidatorRegistration', validationId, registered: false }),
  });
  return {
    message: encodeUnsignedMessage({ networkId: warpNetworkId(network), sourceChainId: new Uint8Array(32), payload }),
    justification,
    signingSubnetId: manager?.subnetId ?? subnetId,
  };
}

function unknown(): InvalidAggregationRequestError {
  return new InvalidAggregationRequestError(
    'message is required: the justification is neither a subnet ID nor an L1ValidatorRegistrationJustification',
  );
}

/** The oneof of the justification: exactly one length-delimited field 1 or 2. */
function parseJustification(bytes: Uint8Array): { field: 1 | 2; value: Uint8Array } {
  const fields = readFields(bytes);
  const one = fields.get(1);
  const two = fields.get(2);
  if (fields.size === 1 && one instanceof Uint8Array) return { field: 1, value: one };
  if (fields.size === 1 && two instanceof Uint8Array) return { field: 2, value: two };
  throw unknown();
}

/** Protobuf fields of wire types 0 (varint) and 2 (bytes); anything else is refused. */
function readFields(bytes: Uint8Array): Map<number, Uint8Array | bigint> {
  const fields = new Map<number, Uint8Array | bigint>();
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; shift < 64n; shift += 7n) {
      if (at >= bytes.length) throw unknown();
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
    throw unknown();
  };
  while (at < bytes.length) {
    const tag = Number(varint());
    const field = tag >> 3;
    if ((tag & 7) === 0) fields.set(field, varint());
    else if ((tag & 7) === 2) {
      const length = Number(varint());
      if (at + length > bytes.length) throw unknown();
      fields.set(field, bytes.slice(at, at + length));
      at += length;
    } else throw unknown();
  }
  return fields;
}

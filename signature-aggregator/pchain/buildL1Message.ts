// 4.2: the Warp message the P-Chain signs on request for an L1 transaction (warp-signatures
// notes §7.4; avalanchego vms/platformvm/network/warp.go). Every one is
// UnsignedMessage(networkID, P-Chain = 32 zero bytes, AddressedCall(empty address, payload)),
// signed by the subnet that validates the validator manager's chain, which verifies it.
import { sha256 } from '@noble/hashes/sha2.js';
import type { PrismaClient } from '../../prisma/generated/client';
import type { Network } from '../../prisma/generated/enums';
import { cb58Encode } from '../../avalanche/cb58';
import { conversionId } from '../codec/conversionData';
import { conversionValidationId } from '../codec/conversionValidationId';
import type { L1Transaction } from '../codec/decodeL1Transaction';
import { encodePChainMessage, type PChainMessage } from '../codec/pchainMessage';
import { encodeRegistrationJustification } from '../codec/registrationJustification';
import { encodeUnsignedMessage, type UnsignedMessage } from '../codec/unsignedMessage';
import { encodeWarpPayload } from '../codec/warpPayload';
import { TransactionNotFoundError } from '../errors';
import { warpNetworkId } from '../warpNetworkId';
import { loadL1Transaction } from './loadL1Transaction';
import { readManagerMessage } from './readManagerMessage';

/** A P-Chain message ready to aggregate. */
export type L1Message = { message: UnsignedMessage; justification?: Uint8Array; signingSubnetId: string };

/** The L1 transaction kinds (every L1Transaction but `other`). */
export type L1TransactionOfKind = Exclude<L1Transaction, { type: 'other' }>;

/**
 * Builds the message for an L1 transaction from its fields and the current validator state:
 * - ConvertSubnetToL1Tx → SubnetToL1Conversion{conversionID}, justified by the subnet ID;
 * - RegisterL1ValidatorTx → L1ValidatorRegistration{validationID, registered} (true while the
 *   validation exists; false once removed, justified by the RegisterL1Validator payload);
 * - SetL1ValidatorWeightTx → L1ValidatorWeight{…} as sent, or for weight 0 (removal)
 *   L1ValidatorRegistration{validationID, false}, justified by where the validation came from.
 * @param prisma database (validator state, chains, the registering transaction)
 * @param network network of the transaction
 * @param tx the decoded transaction
 * @returns message, justification and signing subnet (cb58)
 * @throws TransactionNotFoundError when a removal's registering transaction is not indexed
 * @example await buildL1Message(prisma, 'FUJI', decodeL1Transaction(bytes) as L1TransactionOfKind)
 */
export async function buildL1Message(
  prisma: PrismaClient,
  network: Network,
  tx: L1TransactionOfKind,
): Promise<L1Message> {
  if (tx.type === 'ConvertSubnetToL1Tx') {
    const id = conversionId({
      subnetId: tx.subnetId,
      managerChainId: tx.managerChainId,
      managerAddress: tx.managerAddress,
      validators: tx.validators,
    });
    return {
      message: pChainMessage(network, { type: 'SubnetToL1Conversion', conversionId: id }),
      justification: tx.subnetId,
      signingSubnetId: (await subnetOfChain(prisma, network, tx.managerChainId)) ?? cb58Encode(tx.subnetId),
    };
  }
  if (tx.type === 'RegisterL1ValidatorTx') {
    const manager = readManagerMessage(tx.message, 'RegisterL1Validator');
    const validationId = sha256(manager.payload);
    const validator = await prisma.validator.findFirst({
      where: { network, validationId: cb58Encode(validationId) },
      select: { removedAtBlockIndex: true },
    });
    const registered = validator !== null && validator.removedAtBlockIndex === null;
    return {
      message: pChainMessage(network, { type: 'L1ValidatorRegistration', validationId, registered }),
      justification: registered
        ? undefined
        : encodeRegistrationJustification({ kind: 'registerMessage', payload: manager.payload }),
      signingSubnetId:
        (await subnetOfChain(prisma, network, manager.sourceChainId)) ?? cb58Encode(manager.message.subnetId),
    };
  }
  const manager = readManagerMessage(tx.message, 'L1ValidatorWeight');
  const weight = manager.message;
  const signingSubnet = await subnetOfChain(prisma, network, manager.sourceChainId);
  if (weight.weight > 0n) {
    return {
      message: pChainMessage(network, weight),
      signingSubnetId: signingSubnet ?? (await subnetOfValidation(prisma, network, weight.validationId)),
    };
  }
  return {
    // The P-Chain refuses L1ValidatorWeight for a validator that is gone; removal is proven this way.
    message: pChainMessage(network, {
      type: 'L1ValidatorRegistration',
      validationId: weight.validationId,
      registered: false,
    }),
    justification: await removalJustification(prisma, network, weight.validationId),
    signingSubnetId: signingSubnet ?? (await subnetOfValidation(prisma, network, weight.validationId)),
  };
}

/**
 * The justification of `registered: false` for a validation: its slot in the subnet's
 * conversion (found by recomputing the slot IDs), else its RegisterL1Validator payload.
 */
async function removalJustification(
  prisma: PrismaClient,
  network: Network,
  validationId: Uint8Array,
): Promise<Uint8Array> {
  const id = cb58Encode(validationId);
  const validator = await prisma.validator.findFirst({
    where: { network, validationId: id },
    select: { txHash: true, subnetId: true },
  });
  if (!validator)
    throw new TransactionNotFoundError(
      `validation ${id} is not indexed, so the transaction that registered it is unknown`,
    );
  const subnet = await prisma.subnet.findUnique({
    where: { network_subnetId: { network, subnetId: validator.subnetId } },
    select: { l1ConversionTransactionHash: true },
  });
  if (subnet?.l1ConversionTransactionHash) {
    const conversion = (await loadL1Transaction(prisma, network, subnet.l1ConversionTransactionHash)).tx;
    if (conversion.type === 'ConvertSubnetToL1Tx') {
      const { subnetId, validators } = conversion;
      const index = validators.findIndex(
        (_, i) => Buffer.compare(conversionValidationId(subnetId, i), validationId) === 0,
      );
      if (index >= 0) return encodeRegistrationJustification({ kind: 'conversion', subnetId, index });
    }
  }
  const origin = await loadL1Transaction(prisma, network, validator.txHash);
  if (origin.tx.type === 'RegisterL1ValidatorTx') {
    return encodeRegistrationJustification({
      kind: 'registerMessage',
      payload: readManagerMessage(origin.tx.message, 'RegisterL1Validator').payload,
    });
  }
  throw new TransactionNotFoundError(`transaction ${validator.txHash} does not register validation ${id}`);
}

function pChainMessage(network: Network, message: PChainMessage): UnsignedMessage {
  const payload = encodeWarpPayload({
    kind: 'addressedCall',
    sourceAddress: new Uint8Array(0),
    payload: encodePChainMessage(message),
  });
  return encodeUnsignedMessage({ networkId: warpNetworkId(network), sourceChainId: new Uint8Array(32), payload });
}

async function subnetOfChain(prisma: PrismaClient, network: Network, chainId: Uint8Array): Promise<string | undefined> {
  const chain = await prisma.blockchain.findUnique({
    where: { network_blockchainId: { network, blockchainId: cb58Encode(chainId) } },
    select: { subnetId: true },
  });
  return chain?.subnetId;
}

async function subnetOfValidation(prisma: PrismaClient, network: Network, validationId: Uint8Array): Promise<string> {
  const id = cb58Encode(validationId);
  const validator = await prisma.validator.findFirst({
    where: { network, validationId: id },
    select: { subnetId: true },
  });
  if (!validator) throw new TransactionNotFoundError(`validation ${id} is not indexed, so its subnet is unknown`);
  return validator.subnetId;
}

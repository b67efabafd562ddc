// Which L1 validations (ACP-77) a P-Chain transaction acts on, read from the transaction alone: the
// indexer links each such transaction to them in its block's write, the demo generator does the
// same over its transactions, and a database indexed before the links existed gets them from the
// stored signed bytes. One rule for all three, so the three agree.
import type { Common } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode } from '../../avalanche/cb58';
import { conversionValidationId } from './conversionValidationId';
import { parsePChainMessage, type PChainMessage } from './pchainMessage';
import { parseSignedMessage } from './signedMessage';
import { parseWarpPayload } from './warpPayload';

/** The P-Chain transaction types that act on L1 validations. */
export const L1_VALIDATION_TX_TYPES = [
  'ConvertSubnetToL1Tx',
  'RegisterL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx',
  'SetL1ValidatorWeightTx',
  'DisableL1ValidatorTx',
] as const;

type Id = { toString(): string; toBytes(): Uint8Array };

/**
 * The P-Chain message of an L1 transaction's signed Warp message, and the AddressedCall payload it came in.
 * @param bytes the signed Warp message the transaction carries
 * @returns the message and its payload
 * @throws when the Warp message holds no AddressedCall, or the payload is not a P-Chain message
 * @example l1WarpMessage(tx.message.bytes).message.type // 'RegisterL1Validator'
 */
export function l1WarpMessage(bytes: Uint8Array): { message: PChainMessage; payload: Uint8Array } {
  const signed = parseSignedMessage(bytes);
  const call = parseWarpPayload(signed.unsigned.payload);
  if (call.kind !== 'addressedCall') throw new Error('the Warp message does not hold an AddressedCall');
  return { message: parsePChainMessage(call.payload), payload: call.payload };
}

/**
 * The validation IDs (CB58) a P-Chain transaction acts on: a ConvertSubnetToL1Tx's initial
 * validators (SHA-256(subnetID ‖ uint32 index)), the validation a RegisterL1ValidatorTx adds
 * (SHA-256 of its RegisterL1Validator message), the one an L1ValidatorWeight message names (any
 * weight), and the `validationID` of an IncreaseL1ValidatorBalanceTx or DisableL1ValidatorTx.
 * @param txType the type name as the node reports it
 * @param unsigned avalanchejs's unsigned transaction
 * @returns the validation IDs, in the transaction's order; none for another type
 * @throws when an L1 transaction's Warp message is malformed or of the wrong kind
 * @example l1ValidationIdsOfTx(tx.txType, tx.unsigned) // ['2b3dmf…']
 */
export function l1ValidationIdsOfTx(txType: string, unsigned: Common.Transaction): string[] {
  switch (txType) {
    case 'ConvertSubnetToL1Tx': {
      const tx = unsigned as unknown as { subnetID: Id; validators: unknown[] };
      return tx.validators.map((_, i) => cb58Encode(conversionValidationId(tx.subnetID.toBytes(), i)));
    }
    case 'RegisterL1ValidatorTx': {
      const tx = unsigned as unknown as { message: { bytes: Uint8Array } };
      const { message, payload } = l1WarpMessage(tx.message.bytes);
      if (message.type !== 'RegisterL1Validator')
        throw new Error(`a RegisterL1ValidatorTx carries a ${message.type} message`);
      return [cb58Encode(sha256(payload))];
    }
    case 'SetL1ValidatorWeightTx': {
      const tx = unsigned as unknown as { message: { bytes: Uint8Array } };
      const { message } = l1WarpMessage(tx.message.bytes);
      if (message.type !== 'L1ValidatorWeight')
        throw new Error(`a SetL1ValidatorWeightTx carries a ${message.type} message`);
      return [cb58Encode(message.validationId)];
    }
    case 'IncreaseL1ValidatorBalanceTx':
    case 'DisableL1ValidatorTx':
      return [(unsigned as unknown as { validationId: Id }).validationId.toString()];
    default:
      return [];
  }
}

import { parsePChainMessage, type PChainMessage } from '../codec/pchainMessage';
import { parseSignedMessage } from '../codec/signedMessage';
import { parseWarpPayload } from '../codec/warpPayload';
import { InvalidWarpMessageError } from '../errors';

/** The validator manager's message inside a RegisterL1ValidatorTx or SetL1ValidatorWeightTx. */
export type ManagerMessage = {
  /** The chain of the validator manager (the message's source). */
  sourceChainId: Uint8Array;
  /** The P-Chain message, encoded: a RegisterL1Validator's hash is its validation ID. */
  payload: Uint8Array;
  message: PChainMessage;
};

/**
 * Reads the signed Warp message an L1 transaction carries: AddressedCall(manager, P-Chain message).
 * @param signedBytes the transaction's `message` field
 * @param expected the message type the transaction kind requires
 * @returns source chain, inner payload and its decoding
 * @throws InvalidWarpMessageError when it is not such a message
 * @example readManagerMessage(tx.message, 'RegisterL1Validator').payload
 */
export function readManagerMessage<T extends PChainMessage['type']>(
  signedBytes: Uint8Array,
  expected: T,
): ManagerMessage & { message: Extract<PChainMessage, { type: T }> } {
  const signed = parseSignedMessage(signedBytes, 'transaction message');
  const payload = parseWarpPayload(signed.unsigned.payload, 'transaction message payload');
  if (payload.kind !== 'addressedCall')
    throw new InvalidWarpMessageError('transaction message: payload is not an AddressedCall');
  const message = parsePChainMessage(payload.payload, 'transaction message');
  if (message.type !== expected)
    throw new InvalidWarpMessageError(`transaction message: ${message.type}, expected ${expected}`);
  return {
    sourceChainId: signed.unsigned.sourceChainId,
    payload: payload.payload,
    message: message as Extract<PChainMessage, { type: T }>,
  };
}

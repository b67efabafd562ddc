// The event logs of Interchain Messaging, encoded as the contracts emit them: the Warp precompile's
// SendWarpMessage, the TeleporterMessenger's SendCrossChainMessage, ReceiveCrossChainMessage,
// MessageExecuted, MessageExecutionFailed and ReceiptReceived (icm-contracts TeleporterMessenger.sol),
// and ICTT's TokensSent and TokensWithdrawn.
import { concatBytes, fromHex, toHex } from '../../avalanche/bytes';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { abi, encodeAbi, type AbiValue } from './abiEncode';
import { TELEPORTER_MESSENGER, WARP_PRECOMPILE, ZERO_ADDRESS } from './chains';
import { EVENTS, eventLog as log, type EmittedLog } from './events';

const encoder = new TextEncoder();

/** A receipt a Teleporter message carries back: the nonce of a message its sender received, and its relayer's reward address. */
export type TeleporterReceiptFields = { receivedMessageNonce: bigint; relayerRewardAddress: string };

/** A Teleporter message as both chains' events carry it. */
export type TeleporterMessageFields = {
  nonce: bigint;
  originSender: string;
  destinationBlockchainId: Uint8Array;
  destinationAddress: string;
  requiredGasLimit: bigint;
  /** Receipts of messages received from the destination (none when omitted). */
  receipts?: TeleporterReceiptFields[];
  message: Uint8Array;
};

/** A relayer fee (TeleporterFeeInfo): the zero address and 0 for none. */
export type TeleporterFeeFields = { token: string; amount: bigint };

const NO_FEE: TeleporterFeeFields = { token: ZERO_ADDRESS, amount: 0n };
const feeInfo = (fee: TeleporterFeeFields): AbiValue => abi.tuple(abi.word(fee.token), abi.word(fee.amount));

/**
 * The TeleporterMessage struct as an ABI value (allowedRelayerAddresses empty: any relayer may deliver).
 * @param m the message
 * @returns the tuple
 * @example encodeAbi([teleporterMessage(fields)])
 */
export function teleporterMessage(m: TeleporterMessageFields): AbiValue {
  return abi.tuple(
    abi.word(m.nonce),
    abi.word(m.originSender),
    abi.word(`0x${toHex(m.destinationBlockchainId)}`),
    abi.word(m.destinationAddress),
    abi.word(m.requiredGasLimit),
    abi.array([]),
    abi.array(
      (m.receipts ?? []).map((r) => abi.tuple(abi.word(r.receivedMessageNonce), abi.word(r.relayerRewardAddress))),
    ),
    abi.bytes(m.message),
  );
}

/**
 * What the source chain emits when a Teleporter message leaves, in the messenger's order
 * (`_sendTeleporterMessage`): its SendCrossChainMessage with the fee it took, then the Warp
 * precompile's SendWarpMessage (the unsigned Warp message: AddressedCall from the messenger with the
 * ABI-encoded TeleporterMessage). The fee's ERC-20 Transfer, when there is one, precedes both.
 * @param id Teleporter message ID
 * @param networkId network of the Warp message
 * @param sourceBlockchainId source chain, 32 bytes
 * @param m the message
 * @param fee the fee the send offered (none when omitted)
 * @returns [SendCrossChainMessage, SendWarpMessage]
 * @example teleporterSendLogs(id, 1, source, fields, { token: usdc, amount: 50_000n })
 */
export function teleporterSendLogs(
  id: string,
  networkId: number,
  sourceBlockchainId: Uint8Array,
  m: TeleporterMessageFields,
  fee: TeleporterFeeFields = NO_FEE,
): [EmittedLog, EmittedLog] {
  const payload = encodeAbi([teleporterMessage(m)]);
  const warp = encodeUnsignedMessage({
    networkId,
    sourceChainId: sourceBlockchainId,
    payload: encodeWarpPayload({ kind: 'addressedCall', sourceAddress: fromHex(TELEPORTER_MESSENGER), payload }),
  });
  return [
    log(
      TELEPORTER_MESSENGER,
      EVENTS.sendCrossChainMessage,
      [id, `0x${toHex(m.destinationBlockchainId)}`],
      [teleporterMessage(m), feeInfo(fee)],
    ),
    log(
      WARP_PRECOMPILE,
      EVENTS.sendWarpMessage,
      [TELEPORTER_MESSENGER, `0x${toHex(warp.id)}`],
      [abi.bytes(warp.bytes)],
    ),
  ];
}

/**
 * The messenger's ReceiveCrossChainMessage on the destination chain.
 * @example teleporterReceiveLog(id, source, relayer, fields)
 */
export function teleporterReceiveLog(
  id: string,
  sourceBlockchainId: Uint8Array,
  deliverer: string,
  m: TeleporterMessageFields,
): EmittedLog {
  return log(
    TELEPORTER_MESSENGER,
    EVENTS.receiveCrossChainMessage,
    [id, `0x${toHex(sourceBlockchainId)}`, deliverer],
    [abi.word(deliverer), teleporterMessage(m)],
  );
}

/**
 * The messenger's MessageExecuted.
 * @example messageExecuted(id, source)
 */
export function messageExecuted(id: string, sourceBlockchainId: Uint8Array): EmittedLog {
  return log(TELEPORTER_MESSENGER, EVENTS.messageExecuted, [id, `0x${toHex(sourceBlockchainId)}`]);
}

/**
 * The messenger's MessageExecutionFailed: the delivery's call of the receiver reverted; the message
 * may be retried (retryMessageExecution).
 * @example messageExecutionFailed(id, source, fields)
 */
export function messageExecutionFailed(
  id: string,
  sourceBlockchainId: Uint8Array,
  m: TeleporterMessageFields,
): EmittedLog {
  return log(
    TELEPORTER_MESSENGER,
    EVENTS.messageExecutionFailed,
    [id, `0x${toHex(sourceBlockchainId)}`],
    [teleporterMessage(m)],
  );
}

/**
 * The messenger's ReceiptReceived on a message's source chain: a message from its destination
 * carried the receipt of its delivery; the fee is now owed to the relayer's reward address.
 * @param id the receipted message's ID
 * @param destinationBlockchainId the chain it was delivered on, 32 bytes
 * @param relayerRewardAddress the reward address its relayer gave
 * @param fee the fee its send offered
 * @returns the log
 * @example receiptReceived(id, destination, relayer, { token: usdc, amount: 50_000n })
 */
export function receiptReceived(
  id: string,
  destinationBlockchainId: Uint8Array,
  relayerRewardAddress: string,
  fee: TeleporterFeeFields = NO_FEE,
): EmittedLog {
  return log(
    TELEPORTER_MESSENGER,
    EVENTS.receiptReceived,
    [id, `0x${toHex(destinationBlockchainId)}`, relayerRewardAddress],
    [feeInfo(fee)],
  );
}

/**
 * ICTT TokenHome's TokensSent (single-hop send, no fees).
 * @example tokensSent(home, id, sender, destination, remote, recipient, amount, 250_000n)
 */
export function tokensSent(
  home: string,
  id: string,
  sender: string,
  destinationBlockchainId: Uint8Array,
  remote: string,
  recipient: string,
  amount: bigint,
  requiredGasLimit: bigint,
): EmittedLog {
  const input = abi.tuple(
    abi.word(`0x${toHex(destinationBlockchainId)}`),
    abi.word(remote),
    abi.word(recipient),
    abi.word(ZERO_ADDRESS),
    abi.word(0n),
    abi.word(0n),
    abi.word(requiredGasLimit),
    abi.word(ZERO_ADDRESS),
  );
  return log(home, EVENTS.tokensSent, [id, sender], [input, abi.word(amount)]);
}

/**
 * ICTT TokenRemote's TokensWithdrawn.
 * @example tokensWithdrawn(remote, recipient, amount)
 */
export function tokensWithdrawn(remote: string, recipient: string, amount: bigint): EmittedLog {
  return log(remote, EVENTS.tokensWithdrawn, [recipient], [abi.word(amount)]);
}

/**
 * The ICTT message of a single-hop send: `abi.encode(TransferrerMessage{SINGLE_HOP_SEND,
 * abi.encode(recipient, amount)})`.
 * @example ictSendPayload(recipient, amount)
 */
export function ictSendPayload(recipient: string, amount: bigint): Uint8Array {
  return encodeAbi([abi.tuple(abi.word(2), abi.bytes(encodeAbi([abi.word(recipient), abi.word(amount)])))]);
}

/**
 * The payload of a plain demo message: the UTF-8 text `ping #<nonce>`.
 * @example pingPayload(7n)
 */
export function pingPayload(nonce: bigint): Uint8Array {
  return concatBytes(encoder.encode(`ping #${nonce}`));
}

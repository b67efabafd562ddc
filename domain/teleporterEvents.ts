// Teleporter (ICM) events of the messenger: a message's send (SendCrossChainMessage) and the
// receipt that comes back for it (ReceiptReceived) on its source chain; its delivery
// (ReceiveCrossChainMessage) and execution (MessageExecuted, MessageExecutionFailed) on its destination.
import { cb58Encode } from '../avalanche/cb58';
import { fromHex } from '../avalanche/bytes';
import { keccak_256 } from '@noble/hashes/sha3.js';

const topic = (signature: string) =>
  `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature))).toString('hex')}`;

const TELEPORTER_MESSAGE = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)';
/** Teleporter SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, message, feeInfo). */
export const SEND_CROSS_CHAIN_MESSAGE_TOPIC = topic(
  `SendCrossChainMessage(bytes32,bytes32,${TELEPORTER_MESSAGE},(address,uint256))`,
);
/** Teleporter ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, rewardRedeemer, message). */
export const RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC = topic(
  `ReceiveCrossChainMessage(bytes32,bytes32,address,address,${TELEPORTER_MESSAGE})`,
);
/** Teleporter MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID). */
export const MESSAGE_EXECUTED_TOPIC = topic('MessageExecuted(bytes32,bytes32)');
/** Teleporter MessageExecutionFailed(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, message). */
export const MESSAGE_EXECUTION_FAILED_TOPIC = topic(`MessageExecutionFailed(bytes32,bytes32,${TELEPORTER_MESSAGE})`);
/** Teleporter ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, feeInfo). */
export const RECEIPT_RECEIVED_TOPIC = topic('ReceiptReceived(bytes32,bytes32,address,(address,uint256))');

/** A log as the node serves it (the members Teleporter events need). */
export type TeleporterLog = { address: string; topics: string[]; data: string; transactionHash: string };

/** A receipt a message carries back to the chain it came from. */
export type TeleporterReceipt = { receivedMessageNonce: string; relayerRewardAddress: string };

/** The TeleporterMessage struct both sides' events carry. */
export type TeleporterMessageBody = {
  messageNonce: string;
  originSenderAddress: string;
  destinationAddress: string;
  requiredGasLimit: string;
  receipts: TeleporterReceipt[];
  /** The payload, 0x-hex. */
  message: string;
};

type EventBase = {
  messageId: string;
  sourceBlockchainId: string;
  destinationBlockchainId: string;
  txHash: string;
  /** The emitting messenger, lower case. */
  contract: string;
};

/** One Teleporter event seen in this chain's logs. */
export type TeleporterEvent =
  | (EventBase & {
      kind: 'send';
      body: TeleporterMessageBody;
      feeTokenAddress: string;
      feeAmount: string;
    })
  | (EventBase & { kind: 'receive'; body: TeleporterMessageBody; deliverer: string; rewardRedeemer: string })
  | (EventBase & { kind: 'executed' | 'executionFailed' })
  | (EventBase & { kind: 'receipt'; relayerRewardAddress: string });

const WORD = 64;

/** The ABI-encoded data of a log, read by 32-byte words. */
class Words {
  constructor(private readonly hex: string) {}
  word(at: number): string {
    const start = at * 2;
    if (start + WORD > this.hex.length) throw new Error('Teleporter event data ends early');
    return this.hex.slice(start, start + WORD);
  }
  uint(at: number): bigint {
    return BigInt(`0x${this.word(at)}`);
  }
  offset(at: number): number {
    const value = this.uint(at);
    if (value > BigInt(this.hex.length)) throw new Error('Teleporter event offset beyond its data');
    return Number(value);
  }
  address(at: number): string {
    return `0x${this.word(at).slice(24)}`;
  }
  bytes(at: number): string {
    const length = this.offset(at);
    const start = (at + 32) * 2;
    if (start + length * 2 > this.hex.length) throw new Error('Teleporter event bytes end early');
    return `0x${this.hex.slice(start, start + length * 2)}`;
  }
}

/** The TeleporterMessage tuple starting at byte `at`. */
function messageAt(data: Words, at: number): TeleporterMessageBody {
  const receiptsAt = at + data.offset(at + 6 * 32);
  const count = data.offset(receiptsAt);
  const receipts: TeleporterReceipt[] = [];
  for (let i = 0; i < count; i++) {
    const item = receiptsAt + 32 + i * 64;
    receipts.push({ receivedMessageNonce: data.uint(item).toString(), relayerRewardAddress: data.address(item + 32) });
  }
  return {
    messageNonce: data.uint(at).toString(),
    originSenderAddress: data.address(at + 32),
    destinationAddress: data.address(at + 3 * 32),
    requiredGasLimit: data.uint(at + 4 * 32).toString(),
    receipts,
    message: data.bytes(at + data.offset(at + 7 * 32)),
  };
}

/** Blockchain IDs by topic: a chain exchanges messages with a few others, and each ID costs a SHA-256 to encode. */
const chainIds = new Map<string, string>();
const chainOf = (topic: string) => {
  let id = chainIds.get(topic);
  if (id === undefined) {
    id = cb58Encode(fromHex(topic.slice(2)));
    if (chainIds.size >= 1024) chainIds.clear();
    chainIds.set(topic, id);
  }
  return id;
};
const addressOf = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

/**
 * The Teleporter event of a log, if it is one. Any emitter is accepted (the messenger's address
 * differs between deployments); a log whose data does not decode is no Teleporter event.
 * @param blockchainId this chain's blockchain ID (cb58)
 * @param log the log
 * @returns the event, or null
 * @example decodeTeleporter('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', log)
 */
export function decodeTeleporter(blockchainId: string, log: TeleporterLog): TeleporterEvent | null {
  const t0 = log.topics[0]?.toLowerCase();
  if (log.topics.length < 3) return null;
  const other = chainOf(log.topics[2]!);
  const base = {
    messageId: log.topics[1]!.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    contract: log.address.toLowerCase(),
  };
  const sent = { ...base, sourceBlockchainId: blockchainId, destinationBlockchainId: other };
  const received = { ...base, sourceBlockchainId: other, destinationBlockchainId: blockchainId };
  const data = new Words(log.data.slice(2).toLowerCase());
  try {
    if (t0 === SEND_CROSS_CHAIN_MESSAGE_TOPIC && log.topics.length === 3)
      return {
        ...sent,
        kind: 'send',
        body: messageAt(data, data.offset(0)),
        feeTokenAddress: data.address(32),
        feeAmount: data.uint(64).toString(),
      };
    if (t0 === RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC && log.topics.length === 4)
      return {
        ...received,
        kind: 'receive',
        body: messageAt(data, data.offset(32)),
        deliverer: addressOf(log.topics[3]!),
        rewardRedeemer: data.address(0),
      };
    if (t0 === MESSAGE_EXECUTED_TOPIC && log.topics.length === 3) return { ...received, kind: 'executed' };
    if (t0 === MESSAGE_EXECUTION_FAILED_TOPIC && log.topics.length === 3)
      return { ...received, kind: 'executionFailed' };
    if (t0 === RECEIPT_RECEIVED_TOPIC && log.topics.length === 4)
      return { ...sent, kind: 'receipt', relayerRewardAddress: addressOf(log.topics[3]!) };
  } catch {
    return null;
  }
  return null;
}

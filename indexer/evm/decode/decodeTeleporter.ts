// Teleporter (ICM) messages from the messenger's SendCrossChainMessage / ReceiveCrossChainMessage logs.
import { cb58Encode } from '../../../avalanche/cb58';
import { fromHex } from '../../../avalanche/bytes';
import type { RpcLog } from '../rpc/types';
import { RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC, SEND_CROSS_CHAIN_MESSAGE_TOPIC } from './eventTopics';

/** One side of a Teleporter message seen in this chain's logs. */
export type TeleporterEvent =
  | {
      direction: 'send';
      messageId: string;
      sourceBlockchainId: string;
      destinationBlockchainId: string;
      txHash: string;
    }
  | {
      direction: 'receive';
      messageId: string;
      sourceBlockchainId: string;
      destinationBlockchainId: string;
      txHash: string;
    };

/**
 * The Teleporter event of a log, if it is one. Any emitter is accepted (the messenger's address differs between deployments).
 * @param blockchainId this chain's blockchain ID (cb58)
 * @param log the log
 * @returns the event, or null
 * @example decodeTeleporter('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', log)
 */
export function decodeTeleporter(blockchainId: string, log: RpcLog): TeleporterEvent | null {
  const t0 = log.topics[0]?.toLowerCase();
  if (log.topics.length < 3) return null;
  const other = cb58Encode(fromHex(log.topics[2]!.slice(2)));
  const messageId = log.topics[1]!.toLowerCase();
  const txHash = log.transactionHash.toLowerCase();
  if (t0 === SEND_CROSS_CHAIN_MESSAGE_TOPIC)
    return { direction: 'send', messageId, sourceBlockchainId: blockchainId, destinationBlockchainId: other, txHash };
  if (t0 === RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC && log.topics.length === 4)
    return {
      direction: 'receive',
      messageId,
      sourceBlockchainId: other,
      destinationBlockchainId: blockchainId,
      txHash,
    };
  return null;
}

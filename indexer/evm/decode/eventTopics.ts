// Topic 0 of the events the indexer reads, computed from their signatures.
import { keccak_256 } from '@noble/hashes/sha3.js';

const topic = (signature: string) =>
  `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature))).toString('hex')}`;

/** ERC-20 (3 topics) and ERC-721 (4 topics) Transfer share one signature; the topic count tells them apart. */
export const TRANSFER_TOPIC = topic('Transfer(address,address,uint256)');
/** ERC-1155 TransferSingle(operator, from, to, id, value). */
export const TRANSFER_SINGLE_TOPIC = topic('TransferSingle(address,address,address,uint256,uint256)');
/** ERC-1155 TransferBatch(operator, from, to, ids, values). */
export const TRANSFER_BATCH_TOPIC = topic('TransferBatch(address,address,address,uint256[],uint256[])');

export {
  MESSAGE_EXECUTED_TOPIC,
  MESSAGE_EXECUTION_FAILED_TOPIC,
  RECEIPT_RECEIVED_TOPIC,
  RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC,
  SEND_CROSS_CHAIN_MESSAGE_TOPIC,
} from '../../../domain/teleporterEvents';
/** Warp precompile SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message): kept as an EvmLog row, which signature aggregation reads. */
export const SEND_WARP_MESSAGE_TOPIC = topic('SendWarpMessage(address,bytes32,bytes)');

/**
 * keccak-256 of a text signature, 0x-hex (event topic; its first 4 bytes are a function selector).
 * @param signature e.g. `name()`
 * @returns 0x + 64 hex digits
 * @example signatureHash('name()').slice(0, 10) // '0x06fdde03'
 */
export function signatureHash(signature: string): string {
  return topic(signature);
}

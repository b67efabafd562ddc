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

const TELEPORTER_MESSAGE = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)';
/** Teleporter SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, message, feeInfo). */
export const SEND_CROSS_CHAIN_MESSAGE_TOPIC = topic(
  `SendCrossChainMessage(bytes32,bytes32,${TELEPORTER_MESSAGE},(address,uint256))`,
);
/** Teleporter ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, rewardRedeemer, message). */
export const RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC = topic(
  `ReceiveCrossChainMessage(bytes32,bytes32,address,address,${TELEPORTER_MESSAGE})`,
);
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

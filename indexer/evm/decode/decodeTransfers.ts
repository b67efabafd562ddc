// Token transfers from a receipt's logs: ERC-20 / ERC-721 Transfer (told apart by topic count: the
// ERC-721 token ID is indexed, the ERC-20 amount is not) and ERC-1155 TransferSingle / TransferBatch.
import type { RowOf } from '../../../prisma/write';
import type { RpcLog } from '../rpc/types';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from './eventTopics';

type Transfer = RowOf<'EvmTokenTransfer'>;

const word = (data: string, index: number) => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64) || '0'}`);
const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase();

/** The uint256[] at a head offset of ABI data; null when out of bounds (a malformed log is not a transfer). */
function uintArray(data: string, headIndex: number): bigint[] | null {
  const words = (data.length - 2) / 64;
  const offset = Number(word(data, headIndex) / 32n);
  if (offset >= words) return null;
  const length = Number(word(data, offset));
  if (offset + 1 + length > words) return null;
  return Array.from({ length }, (_, i) => word(data, offset + 1 + i));
}

/**
 * The transfers one log holds (none, one, or a batch's items). Logs that look like a transfer but
 * do not have the shape of one (wrong data length) yield nothing.
 * @param chainId chain
 * @param blockNumber block
 * @param log the receipt log
 * @returns EvmTokenTransfer rows
 * @example decodeTransfers(31337n, 5n, log)
 */
export function decodeTransfers(chainId: bigint, blockNumber: bigint, log: RpcLog): Transfer[] {
  const [t0, t1, t2, t3] = log.topics.map((t) => t.toLowerCase());
  const base = {
    chainId,
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(BigInt(log.logIndex)),
    blockNumber,
    tokenAddress: log.address.toLowerCase(),
  };
  const dataWords = (log.data.length - 2) / 64;
  if (t0 === TRANSFER_TOPIC) {
    if (log.topics.length === 3 && dataWords === 1) {
      return [
        {
          ...base,
          ercType: 'ERC20',
          from: topicAddress(t1!),
          to: topicAddress(t2!),
          value: word(log.data, 0).toString(),
        },
      ];
    }
    if (log.topics.length === 4 && dataWords === 0) {
      return [
        {
          ...base,
          ercType: 'ERC721',
          from: topicAddress(t1!),
          to: topicAddress(t2!),
          value: '1',
          tokenId: BigInt(t3!).toString(),
        },
      ];
    }
    return [];
  }
  if (t0 === TRANSFER_SINGLE_TOPIC && log.topics.length === 4 && dataWords === 2) {
    return [
      {
        ...base,
        ercType: 'ERC1155',
        from: topicAddress(t2!),
        to: topicAddress(t3!),
        tokenId: word(log.data, 0).toString(),
        value: word(log.data, 1).toString(),
      },
    ];
  }
  if (t0 === TRANSFER_BATCH_TOPIC && log.topics.length === 4 && dataWords >= 4) {
    const ids = uintArray(log.data, 0);
    const values = uintArray(log.data, 1);
    if (!ids || !values || ids.length !== values.length) return [];
    return ids.map((id, batchIndex) => ({
      ...base,
      batchIndex,
      ercType: 'ERC1155' as const,
      from: topicAddress(t2!),
      to: topicAddress(t3!),
      tokenId: id.toString(),
      value: values[batchIndex]!.toString(),
    }));
  }
  return [];
}

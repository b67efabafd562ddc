import type { LogRow } from './chainData';
import { quantity } from './hex';

/**
 * A log in the node's JSON form (core/types/gen_log_json.go member order), with execution-apis'
 * `blockTimestamp` (its Log schema) after `blockHash`, where geth puts it.
 * @param row an evm_log row with its block hash
 * @returns the RPC log
 * @example formatLog(row).logIndex // '0x3'
 */
export function formatLog(row: LogRow) {
  return {
    address: row.address,
    topics: topicsOf(row),
    data: row.data,
    blockNumber: quantity(row.block_number),
    transactionHash: row.tx_hash,
    transactionIndex: quantity(row.tx_index),
    blockHash: row.block_hash,
    blockTimestamp: quantity(row.block_timestamp),
    logIndex: quantity(row.log_index),
    removed: false,
  };
}

/**
 * The topics of a stored log, in order.
 * @param row an evm_log row
 * @returns topic hashes
 * @example topicsOf(row) // ['0xddf2…', '0x…from', '0x…to']
 */
export function topicsOf(row: Pick<LogRow, 'topic0' | 'topic1' | 'topic2' | 'topic3'>): string[] {
  return [row.topic0, row.topic1, row.topic2, row.topic3].filter((t): t is string => t !== null);
}

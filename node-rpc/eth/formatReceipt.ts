import { createAddress } from '../../avalanche/createAddress';
import type { LogRow, TransactionRow } from './chainData';
import { formatLog, topicsOf } from './formatLog';
import { quantity } from './hex';
import { logsBloom } from './logsBloom';

/**
 * A receipt in the node's JSON form (marshalReceipt: a map, so members sorted). Everything is read
 * or derived from the index: the cumulative gas from the block's earlier transactions, the bloom
 * from the logs, the created address from sender and nonce (a node sets it for failed creations too).
 * @param row the transaction
 * @param blockHash its block's hash
 * @param cumulativeGasUsed gas used by the block up to and including it
 * @param logs its logs, in order
 * @returns the RPC receipt
 * @example formatReceipt(tx, block.hash, 42000n, logs).status // '0x1'
 */
export function formatReceipt(row: TransactionRow, blockHash: string, cumulativeGasUsed: bigint, logs: LogRow[]) {
  return {
    blockHash,
    blockNumber: quantity(row.block_number),
    contractAddress: row.to_address === null ? createAddress(row.from_address, row.nonce) : null,
    cumulativeGasUsed: quantity(cumulativeGasUsed),
    effectiveGasPrice: quantity(row.gas_price),
    from: row.from_address,
    gasUsed: quantity(row.gas_used),
    logs: logs.map(formatLog),
    logsBloom: logsBloom(logs.map((l) => ({ address: l.address, topics: topicsOf(l) }))),
    status: quantity(row.status),
    to: row.to_address,
    transactionHash: row.tx_hash,
    transactionIndex: quantity(row.block_index),
    type: quantity(row.tx_type),
  };
}

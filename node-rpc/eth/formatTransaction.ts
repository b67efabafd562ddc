import type { TransactionRow } from './chainData';
import { quantity } from './hex';

/** Where a mined transaction sits: its block's hash and time. */
export type TransactionBlock = { hash: string; timestamp: bigint };

/**
 * A mined transaction in the node's JSON form (internal/ethapi RPCTransaction, its member order),
 * with execution-apis' `blockTimestamp` (TransactionInfo) after `blockNumber`, where geth puts it.
 * `gasPrice` is the effective price the receipt paid; typed transactions carry `accessList` and
 * `chainId`, legacy ones `chainId` when EIP-155 protected. Signature members are served when the
 * index recorded them.
 * @param row the stored transaction
 * @param block its block's hash and time
 * @param chainId the chain's EVM chain ID
 * @returns the RPC transaction
 * @example formatTransaction(row, { hash: block.hash, timestamp: block.timestamp }, 43114n).type // '0x2'
 */
export function formatTransaction(row: TransactionRow, block: TransactionBlock, chainId: bigint) {
  const typed = row.tx_type !== 0;
  const v = row.sig_v === null ? undefined : BigInt(row.sig_v);
  const protectedLegacy = !typed && v !== undefined && v >= 35n;
  return {
    blockHash: block.hash,
    blockNumber: quantity(row.block_number),
    blockTimestamp: quantity(block.timestamp),
    from: row.from_address,
    gas: quantity(row.gas_limit),
    gasPrice: quantity(row.gas_price),
    maxFeePerGas: row.max_fee_per_gas === null ? undefined : quantity(row.max_fee_per_gas),
    maxPriorityFeePerGas: row.max_priority_fee_per_gas === null ? undefined : quantity(row.max_priority_fee_per_gas),
    hash: row.tx_hash,
    input: row.input,
    nonce: quantity(row.nonce),
    to: row.to_address,
    transactionIndex: quantity(row.block_index),
    value: quantity(row.value),
    type: quantity(row.tx_type),
    accessList: typed ? (row.access_list ?? []) : undefined,
    chainId: typed || protectedLegacy ? quantity(chainId) : undefined,
    v: v === undefined ? undefined : quantity(v),
    r: row.sig_r ?? undefined,
    s: row.sig_s ?? undefined,
    yParity: typed && v !== undefined ? quantity(v) : undefined,
  };
}

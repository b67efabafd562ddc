import type { BlockRow, LogRow, TransactionRow } from './chainData';
import { formatTransaction } from './formatTransaction';
import { topicsOf } from './formatLog';
import { quantity } from './hex';
import { logsBloom } from './logsBloom';

/** keccak256(rlp([])): the uncle hash of a block without uncles. */
const EMPTY_UNCLE_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
const ZERO_HASH = `0x${'0'.repeat(64)}`;

const orNone = <T, R>(value: T | null, format: (value: T) => R): R | undefined =>
  value === null ? undefined : format(value);

/**
 * A block in the node's JSON form (RPCMarshalBlock: a map, so members sorted). Members are what
 * the index holds or what follows from it: Avalanche blocks have difficulty 1 (so totalDifficulty
 * is the height), no uncles, a zero mix digest and nonce, and the bloom is the logs'. The other
 * header members (roots, extraData, size, coreth's atomic-data members, blockGasCost, blob gas,
 * Granite's millisecond time and delay excess) are the node's own, stored when the block was
 * indexed; a member the row lacks (a block of another VM or upgrade, or a row indexed before the
 * member was kept) is left out rather than invented. Headers (eth_getHeaderBy*) carry neither
 * `size` nor `blockExtraData`, as on the node.
 * @param block the stored block
 * @param transactions its transactions, in order (or only their hashes when `full` is false)
 * @param logs all its logs
 * @param chainId EVM chain ID (typed transactions' chainId)
 * @param full full transaction objects instead of hashes
 * @param withTransactions false for a header (eth_getHeaderBy*)
 * @returns the RPC block
 * @example formatBlock(block, txs, logs, 43114n, false, true).number
 */
export function formatBlock(
  block: BlockRow,
  transactions: TransactionRow[],
  logs: LogRow[],
  chainId: bigint,
  full: boolean,
  withTransactions = true,
) {
  const members: Record<string, unknown> = {
    baseFeePerGas: orNone(block.base_fee_per_gas, quantity),
    blobGasUsed: orNone(block.blob_gas_used, quantity),
    blockExtraData: withTransactions ? (block.block_extra_data ?? undefined) : undefined,
    blockGasCost: orNone(block.block_gas_cost, quantity),
    difficulty: '0x1',
    excessBlobGas: orNone(block.excess_blob_gas, quantity),
    extDataGasUsed: orNone(block.ext_data_gas_used, quantity),
    extDataHash: block.ext_data_hash ?? undefined,
    extraData: block.extra_data ?? undefined,
    gasLimit: quantity(block.gas_limit),
    gasUsed: quantity(block.gas_used),
    hash: block.hash,
    logsBloom: logsBloom(logs.map((l) => ({ address: l.address, topics: topicsOf(l) }))),
    minDelayExcess: orNone(block.min_delay_excess, quantity),
    miner: block.miner,
    mixHash: ZERO_HASH,
    nonce: '0x0000000000000000',
    number: quantity(block.number),
    parentBeaconBlockRoot: block.parent_beacon_block_root ?? undefined,
    parentHash: block.parent_hash,
    receiptsRoot: block.receipts_root ?? undefined,
    sha3Uncles: EMPTY_UNCLE_HASH,
    size: withTransactions ? orNone(block.size, quantity) : undefined,
    stateRoot: block.state_root ?? undefined,
    timestamp: quantity(block.timestamp),
    timestampMilliseconds: orNone(block.timestamp_milliseconds, quantity),
    totalDifficulty: quantity(block.number),
    transactions: withTransactions
      ? transactions.map((t) => (full ? formatTransaction(t, block, chainId) : t.tx_hash))
      : undefined,
    transactionsRoot: block.transactions_root ?? undefined,
    uncles: withTransactions ? [] : undefined,
  };
  // Go writes a map's keys in byte order; `<` on these ASCII names is the same order.
  return Object.fromEntries(Object.entries(members).sort(([a], [b]) => (a < b ? -1 : 1)));
}

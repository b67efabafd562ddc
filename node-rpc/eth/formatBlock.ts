import type { BlockRow, LogRow, TransactionRow } from './chainData';
import { formatTransaction } from './formatTransaction';
import { topicsOf } from './formatLog';
import { quantity } from './hex';
import { logsBloom } from './logsBloom';

/** keccak256(rlp([])): the uncle hash of a block without uncles. */
const EMPTY_UNCLE_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
const ZERO_HASH = `0x${'0'.repeat(64)}`;

/**
 * A block in the node's JSON form (RPCMarshalBlock: a map, so members sorted). Members are what the
 * index holds or what follows from it: subnet-evm blocks have difficulty 1 (so totalDifficulty is
 * the height), no uncles, a zero mix digest and nonce, and the bloom is the logs'. Header members
 * the index does not keep (stateRoot, transactionsRoot, receiptsRoot, extraData, size,
 * blockGasCost, blob gas) are left out rather than invented.
 * @param block the stored block
 * @param transactions its transactions, in order (or only their hashes when `full` is false)
 * @param logs all its logs
 * @param chainId EVM chain ID (typed transactions' chainId)
 * @param full full transaction objects instead of hashes
 * @param withTransactions false for a header (eth_getHeaderBy*)
 * @returns the RPC block
 * @example formatBlock(block, txs, logs, 43114n, false, true).number
 */
export function formatBlock(block: BlockRow, transactions: TransactionRow[], logs: LogRow[], chainId: bigint, full: boolean, withTransactions = true) {
  return {
    baseFeePerGas: block.base_fee_per_gas === null ? undefined : quantity(block.base_fee_per_gas),
    difficulty: '0x1',
    gasLimit: quantity(block.gas_limit),
    gasUsed: quantity(block.gas_used),
    hash: block.hash,
    logsBloom: logsBloom(logs.map((l) => ({ address: l.address, topics: topicsOf(l) }))),
    miner: block.miner,
    mixHash: ZERO_HASH,
    nonce: '0x0000000000000000',
    number: quantity(block.number),
    parentHash: block.parent_hash,
    sha3Uncles: EMPTY_UNCLE_HASH,
    timestamp: quantity(block.timestamp),
    totalDifficulty: quantity(block.number),
    transactions: withTransactions ? transactions.map((t) => (full ? formatTransaction(t, block.hash, chainId) : t.tx_hash)) : undefined,
    uncles: withTransactions ? [] : undefined,
  };
}

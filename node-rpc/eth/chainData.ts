// The index reads of the chain RPC: one parameterised statement each, on the EVM tables' keys
// (evm_block (chain_id, number) and (chain_id, hash); evm_transaction (chain_id, tx_hash) and
// (chain_id, block_number, block_index); evm_log (chain_id, block_number, log_index)).
import type { Database } from '../../prisma/database';

/** The database handle the chain RPC reads through. */
export type Reader = Pick<Database, 'query'>;

/** An evm_block row. */
export type BlockRow = {
  number: bigint;
  hash: string;
  parent_hash: string;
  timestamp: bigint;
  gas_limit: string;
  gas_used: string;
  base_fee_per_gas: string | null;
  tx_count: number;
  miner: string;
  /** Header members kept from the node's block; null on rows indexed before they were kept. */
  state_root: string | null;
  transactions_root: string | null;
  receipts_root: string | null;
  extra_data: string | null;
  size: bigint | null;
  block_extra_data: string | null;
  ext_data_hash: string | null;
  ext_data_gas_used: string | null;
  block_gas_cost: string | null;
  blob_gas_used: string | null;
  excess_blob_gas: string | null;
  parent_beacon_block_root: string | null;
  timestamp_milliseconds: bigint | null;
  min_delay_excess: string | null;
};

/** An evm_transaction row with what receipts and RPC transactions need. */
export type TransactionRow = {
  tx_hash: string;
  block_number: bigint;
  block_index: number;
  from_address: string;
  to_address: string | null;
  value: string;
  gas_limit: string;
  gas_used: string;
  gas_price: string;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  nonce: bigint;
  tx_type: number;
  status: number;
  input: string;
  sig_v: string | null;
  sig_r: string | null;
  sig_s: string | null;
  access_list: { address: string; storageKeys: string[] }[] | null;
};

/** An evm_log row, with its block's hash and time. */
export type LogRow = {
  block_number: bigint;
  block_hash: string;
  block_timestamp: bigint;
  log_index: number;
  tx_hash: string;
  tx_index: number;
  address: string;
  topic0: string | null;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
};

const BLOCK_COLUMNS =
  'number, hash, parent_hash, timestamp, gas_limit::text, gas_used::text, base_fee_per_gas::text, tx_count, miner, state_root, transactions_root, receipts_root, ' +
  'extra_data, size, block_extra_data, ext_data_hash, ext_data_gas_used::text, block_gas_cost::text, blob_gas_used::text, excess_blob_gas::text, ' +
  'parent_beacon_block_root, timestamp_milliseconds, min_delay_excess::text';
const TX_COLUMNS =
  'tx_hash, block_number, block_index, from_address, to_address, value::text, gas_limit::text, gas_used::text, gas_price::text, ' +
  'max_fee_per_gas::text, max_priority_fee_per_gas::text, nonce, tx_type, status, input, sig_v::text, sig_r, sig_s, access_list';
const LOG_COLUMNS =
  'l.block_number, b.hash AS block_hash, b.timestamp AS block_timestamp, l.log_index, l.tx_hash, l.tx_index, l.address, l.topic0, l.topic1, l.topic2, l.topic3, l.data';

/**
 * First and last indexed block numbers of a chain (null when it has none).
 * @param db the database
 * @param chainId EVM chain ID
 * @returns the range
 * @example const { first, head } = await indexedRange(db, 43114n)
 */
export async function indexedRange(
  db: Reader,
  chainId: bigint,
): Promise<{ first: bigint | null; head: bigint | null }> {
  const [row] = await db.query<{ first: bigint | null; head: bigint | null }>(
    'SELECT (SELECT number FROM evm_block WHERE chain_id = $1 ORDER BY number ASC LIMIT 1) AS first, (SELECT number FROM evm_block WHERE chain_id = $1 ORDER BY number DESC LIMIT 1) AS head',
    [chainId.toString()],
  );
  return { first: row?.first ?? null, head: row?.head ?? null };
}

/**
 * A block by number.
 * @example await blockByNumber(db, 43114n, 71_000_000n)
 */
export async function blockByNumber(db: Reader, chainId: bigint, number: bigint): Promise<BlockRow | undefined> {
  const rows = await db.query<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM evm_block WHERE chain_id = $1 AND number = $2`, [
    chainId.toString(),
    number.toString(),
  ]);
  return rows[0];
}

/**
 * A block by hash.
 * @example await blockByHash(db, 43114n, '0xab…')
 */
export async function blockByHash(db: Reader, chainId: bigint, hash: string): Promise<BlockRow | undefined> {
  const rows = await db.query<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM evm_block WHERE chain_id = $1 AND hash = $2`, [
    chainId.toString(),
    hash,
  ]);
  return rows[0];
}

/**
 * The first block at or after a time (a precompile activation's block).
 * @example await firstBlockAtOrAfter(db, 737373n, 1_790_815_250n)
 */
export async function firstBlockAtOrAfter(db: Reader, chainId: bigint, timestamp: bigint): Promise<bigint | undefined> {
  const rows = await db.query<{ number: bigint }>(
    'SELECT number FROM evm_block WHERE chain_id = $1 AND timestamp >= $2 ORDER BY timestamp, number LIMIT 1',
    [chainId.toString(), timestamp.toString()],
  );
  return rows[0]?.number;
}

/**
 * The transactions of a block, in block order.
 * @example await blockTransactions(db, 43114n, 71_000_000n)
 */
export async function blockTransactions(db: Reader, chainId: bigint, number: bigint): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `SELECT ${TX_COLUMNS} FROM evm_transaction WHERE chain_id = $1 AND block_number = $2 ORDER BY block_index`,
    [chainId.toString(), number.toString()],
  );
}

/** A transaction with its block's hash and time and the gas used up to it in its block. */
export type LocatedTransactionRow = TransactionRow & {
  block_hash: string;
  block_timestamp: bigint;
  cumulative_gas_used: string;
};

/**
 * A transaction by hash, with its block's hash and time and the gas used up to it in its block.
 * @example await transactionByHash(db, 43114n, '0xab…')
 */
export async function transactionByHash(
  db: Reader,
  chainId: bigint,
  hash: string,
): Promise<LocatedTransactionRow | undefined> {
  const rows = await db.query<LocatedTransactionRow>(
    `SELECT ${TX_COLUMNS.split(', ')
      .map((c) => `t.${c}`)
      .join(', ')}, b.hash AS block_hash, b.timestamp AS block_timestamp,
       (SELECT SUM(c.gas_used) FROM evm_transaction c WHERE c.chain_id = t.chain_id AND c.block_number = t.block_number AND c.block_index <= t.block_index)::text AS cumulative_gas_used
     FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
     WHERE t.chain_id = $1 AND t.tx_hash = $2`,
    [chainId.toString(), hash],
  );
  return rows[0];
}

/**
 * The logs of a block (all, or one transaction's), in log order.
 * @example await blockLogs(db, 43114n, 71_000_000n)
 */
export async function blockLogs(db: Reader, chainId: bigint, number: bigint, txIndex?: number): Promise<LogRow[]> {
  const params: unknown[] = [chainId.toString(), number.toString()];
  if (txIndex !== undefined) params.push(txIndex);
  return db.query<LogRow>(
    `SELECT ${LOG_COLUMNS} FROM evm_log l JOIN evm_block b ON b.chain_id = l.chain_id AND b.number = l.block_number
     WHERE l.chain_id = $1 AND l.block_number = $2${txIndex === undefined ? '' : ' AND l.tx_index = $3'} ORDER BY l.log_index`,
    params,
  );
}

/** An eth_getLogs query on the index. */
export type LogQuery = { from: bigint; to: bigint; addresses: string[]; topics: (string[] | null)[]; limit: number };

/**
 * Logs of a block range matching addresses and topics (geth's filter rules: a log must have at
 * least as many topics as the filter has positions; an empty position matches anything).
 * @param db the database
 * @param chainId EVM chain ID
 * @param query range, filters and the row limit
 * @returns up to `limit` logs in chain order
 * @example await queryLogs(db, 43114n, { from: 1n, to: 10n, addresses: [], topics: [[transferTopic]], limit: 10_001 })
 */
export async function queryLogs(db: Reader, chainId: bigint, query: LogQuery): Promise<LogRow[]> {
  const params: unknown[] = [chainId.toString(), query.from.toString(), query.to.toString()];
  const where = ['l.chain_id = $1', 'l.block_number BETWEEN $2 AND $3'];
  if (query.addresses.length > 0) {
    params.push(query.addresses);
    where.push(`l.address = ANY($${params.length}::bytea[])`);
  }
  query.topics.forEach((options, i) => {
    if (options && options.length > 0) {
      params.push(options);
      where.push(`l.topic${i} = ANY($${params.length}::bytea[])`);
    }
  });
  if (query.topics.length > 0) where.push(`l.topic${query.topics.length - 1} IS NOT NULL`);
  params.push(query.limit);
  return db.query<LogRow>(
    `SELECT ${LOG_COLUMNS} FROM evm_log l JOIN evm_block b ON b.chain_id = l.chain_id AND b.number = l.block_number
     WHERE ${where.join(' AND ')} ORDER BY l.block_number, l.log_index LIMIT $${params.length}`,
    params,
  );
}

/**
 * The native balance of an address after a block: the last recorded change at or before it.
 * @returns the balance as decimal text, or undefined when the index holds no change up to the block
 * @example await nativeBalanceAt(db, 43114n, '0xab…', 71_000_500n)
 */
export async function nativeBalanceAt(
  db: Reader,
  chainId: bigint,
  address: string,
  number: bigint,
): Promise<string | undefined> {
  const rows = await db.query<{ balance: string }>(
    'SELECT balance::text FROM native_balance_change WHERE chain_id = $1 AND address = $2 AND block_number <= $3 ORDER BY block_number DESC LIMIT 1',
    [chainId.toString(), address, number.toString()],
  );
  return rows[0]?.balance;
}

// The stored logs of an EVM chain, as tests compare answers and demo events with them.
import type { Database } from '../../prisma/database';

/** A stored log, its topics in order. */
export type EvmLogRow = {
  block_number: bigint;
  log_index: number;
  tx_hash: string;
  tx_index: number;
  address: string;
  topics: string[];
  /** 0x hex. */
  data: string;
};

/**
 * The logs of a chain matching a condition, in block and log order.
 * @param db the database
 * @param chainId the chain
 * @param where a condition on evm_log, its parameters from `$2`
 * @param params the condition's parameters
 * @returns the rows
 * @example await evmLogRows(db, 43114n, 'tx_hash = $2', [hash])
 */
export function evmLogRows(
  db: Pick<Database, 'query'>,
  chainId: bigint,
  where: string,
  params: unknown[],
): Promise<EvmLogRow[]> {
  return db.query<EvmLogRow>(
    `SELECT block_number, log_index, tx_hash, tx_index, address, array_remove(ARRAY[topic0, topic1, topic2, topic3], NULL) AS topics, data
     FROM evm_log WHERE chain_id = $1 AND ${where} ORDER BY block_number, log_index`,
    [chainId.toString(), ...params],
  );
}

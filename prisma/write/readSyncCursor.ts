// Where an indexer resumes: the chain's SyncState row.
import type { SqlExecutor } from '../database';
import type { SyncCursor } from './writeBlock';

/**
 * The chain's cursor, or null before its first block.
 * @param executor the database, or a transaction
 * @param chainKey the chain, e.g. `evm:43114`
 * @returns the cursor
 * @example const cursor = await readSyncCursor(db, 'evm:43114'); const next = (cursor?.height ?? -1n) + 1n
 */
export async function readSyncCursor(executor: SqlExecutor, chainKey: string): Promise<SyncCursor | null> {
  const [row] = await executor.query<{ chain_key: string; height: bigint; block_hash: string }>(
    'SELECT chain_key, height, block_hash FROM sync_state WHERE chain_key = $1',
    [chainKey],
  );
  return row ? { chainKey: row.chain_key, height: row.height, blockHash: row.block_hash } : null;
}

// What an engine's data set takes on disk: its tables with their indexes and TOAST (the schema's
// relations, as the database counts them), per EVM transaction; on PGlite also the data folder
// after a clean close, write-ahead log, catalogs and free space included.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SqlExecutor } from '../../prisma/sqlExecutor';

/** An engine's data set on disk. */
export type StorageFigures = {
  evmTransactions: number;
  /** Tables, indexes and TOAST of the data set's schema, bytes. */
  tableBytes: number;
  /** The largest tables, all-in, largest first. */
  largest: { table: string; bytes: number }[];
  /** PGlite: the data folder, bytes. */
  folderBytes?: number;
};

/**
 * Sizes the tables of the current schema.
 * @param db the data set, open
 * @param evmTransactions its EVM transactions
 * @returns the figures without the folder
 * @example const storage = await measureTables(db, counts.evmTransactions)
 */
export async function measureTables(db: SqlExecutor, evmTransactions: number): Promise<StorageFigures> {
  const tables = await db.query<{ table: string; bytes: number }>(
    `SELECT c.relname AS table, pg_total_relation_size(c.oid)::float8 AS bytes FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 2 DESC, 1`,
  );
  const tableBytes = tables.reduce((sum, t) => sum + Number(t.bytes), 0);
  return {
    evmTransactions,
    tableBytes,
    largest: tables.slice(0, 5).map((t) => ({ table: t.table, bytes: Number(t.bytes) })),
  };
}

/** The tables' bytes per EVM transaction. */
export const bytesPerTransaction = (storage: StorageFigures) =>
  storage.tableBytes / Math.max(1, storage.evmTransactions);

/**
 * The bytes of every file under a folder.
 * @param dir the folder
 * @returns the sum of the files' sizes
 * @example folderBytes(dataDir)
 */
export function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += folderBytes(full);
    else if (entry.isFile()) bytes += statSync(full).size;
  }
  return bytes;
}

// The project's one bulk write path: typed rows (Prisma's CreateManyInput) written with
// `INSERT ... SELECT FROM json_populate_recordset($1)`, tables, columns, keys, enum values and
// foreign-key order taken from the schema (prisma/generated/metadata.ts, see
// prisma/tools/generate-metadata.mjs). Used by the demo seeder and the indexers.
//
// - createBulkWriter: buffered, pipelined loads (seeding, backfills).
// - insertRows: one batch now, `skip` (ON CONFLICT DO NOTHING), `update` (upsert) or `error`.
// - writeBlock / writeBlocks: a block's (or a batch of consecutive blocks') rows plus the chain's
//   SyncState row, one transaction; the caller's hooks (metric rollups, webhook events) join it.
// - deleteRowsAbove / rewindChain: reorg rollback above a height, with the cursor.
// - readSyncCursor: where an indexer resumes.
// - updateRows / deleteRows: a block's changes to stored rows (writeBlock's `updates`, `deletes`).
// - createStatisticsKeeper: ANALYZE, and where no autovacuum runs (PGlite) VACUUM, of the tables a
//   writer fills, by autovacuum's rules; analyzeTablesWithoutStatistics: of the tables a database
//   opened without any statistics.
export { createBulkWriter, type BulkWriter, type BulkWriterOptions } from './createBulkWriter';
export { insertRows, type InsertRowsOptions } from './insertRows';
export type { ConflictPolicy } from './insertStatement';
export {
  writeBlock,
  writeBlocks,
  type BeforeRows,
  type BlockWrite,
  type BlockWriteOptions,
  type SyncCursor,
} from './writeBlock';
export { deleteRowsAbove, type ChainRows } from './deleteRowsAbove';
export { rewindChain, type BeforeDelete, type RewindOptions } from './rewindChain';
export { readSyncCursor } from './readSyncCursor';
export { updateRows, deleteRows, type RowUpdate, type RowDelete } from './changeRows';
export {
  analyzeTablesWithoutStatistics,
  createStatisticsKeeper,
  hasAutovacuum,
  type StatisticsKeeper,
  type StatisticsKeeperOptions,
} from './createStatisticsKeeper';
export { WRITE_ORDER } from './writeOrder';
export type { ModelName, RowOf, RowsByModel } from './types';

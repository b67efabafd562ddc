// What the rows of transactions indexed by an older version still lack, filled once from what is
// stored, at every entry that opens the database for writing (start, indexer, migrate): each
// backfill runs only while the migration that asked for it left its marker.
import type { Database } from '../../prisma/database';
import { backfillL1FeeEvents } from './backfillL1FeeEvents';
import { backfillL1ValidationLinks } from './backfillL1ValidationLinks';

/**
 * Runs the backfills the migrations asked for: the L1 validation links, then the L1 fee events.
 * @param db the database, migrated
 * @param options where their lines go
 * @returns when both are done (or had nothing to do)
 * @example await runStoredBackfills(db, { log: console.log })
 */
export async function runStoredBackfills(
  db: Pick<Database, 'query' | 'transaction'>,
  options: { log?: (line: string) => void } = {},
): Promise<void> {
  await backfillL1ValidationLinks(db, options);
  await backfillL1FeeEvents(db, options);
}

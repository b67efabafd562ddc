import type { SqlExecutor } from '../../prisma/database';

/** Rows one statement deletes at most: a long backlog goes in several short statements, never one long lock. */
const deleteBatchRows = 10_000;

/**
 * Deletes the recorded requests older than the retention (USAGE_RETENTION_DAYS).
 * @param db the database
 * @param before rows that finished before this instant go
 * @returns how many were deleted
 * @example await deleteExpiredUsage(db, new Date(Date.now() - 30 * 86_400_000))
 */
export async function deleteExpiredUsage(db: SqlExecutor, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    // The `at` index finds them; the id range keeps each statement to one batch.
    const rows = await db.query<{ count: number }>(
      `WITH gone AS (
         DELETE FROM api_request WHERE id IN (SELECT id FROM api_request WHERE at < $1 LIMIT ${deleteBatchRows})
         RETURNING 1)
       SELECT count(*)::int AS count FROM gone`,
      [before],
    );
    const count = rows[0]?.count ?? 0;
    deleted += count;
    if (count < deleteBatchRows) return deleted;
  }
}

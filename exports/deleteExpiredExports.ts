import type { Database } from '../prisma/database';

/**
 * Deletes up to `limit` finished jobs whose time has passed, with their files (the chunks cascade).
 * @param db the database
 * @param now the instant that decides expiry
 * @param limit most jobs deleted by one call
 * @returns how many were deleted
 * @example while ((await deleteExpiredExports(db, new Date(), 100)) === 100);
 */
export async function deleteExpiredExports(db: Pick<Database, 'query'>, now: Date, limit: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM transaction_export WHERE id IN (
       SELECT id FROM transaction_export WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [now, limit],
  );
  return rows.length;
}

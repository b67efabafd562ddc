// Every row of some tables as text, for comparing an interrupted indexer run with an uninterrupted one.
import type { Database } from '../../../prisma/database';

/**
 * The rows of `tables` as JSON text (the `updated_at` write timestamps excluded), sorted.
 * @example expect(await dumpTables(resumed, TABLES)).toEqual(await dumpTables(reference, TABLES))
 */
export async function dumpTables(db: Database, tables: readonly string[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.query<{ row: string }>(
      `SELECT (to_jsonb(t) - 'updated_at')::text AS row FROM ${table} t ORDER BY 1`,
    );
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

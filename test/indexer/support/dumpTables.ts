// Every row of some tables as text, for comparing an interrupted indexer run with an uninterrupted one.
import type { Database } from '../../../prisma/database';

/** A table by name, or by a query of the rows to compare when its stored form may differ (numbers it assigns). */
export type DumpedTable = string | { name: string; sql: string };

/**
 * The rows of `tables` as JSON text (the `updated_at` write timestamps excluded), sorted.
 * @example expect(await dumpTables(resumed, TABLES)).toEqual(await dumpTables(reference, TABLES))
 */
export async function dumpTables(db: Database, tables: readonly DumpedTable[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const [name, from] = typeof table === 'string' ? [table, table] : [table.name, `(${table.sql})`];
    const rows = await db.query<{ row: string }>(
      `SELECT (to_jsonb(t) - 'updated_at')::text AS row FROM ${from} t ORDER BY 1`,
    );
    result[name] = rows.map((r) => r.row);
  }
  return result;
}

// Planner statistics of the tables an indexer fills. PGlite has no autovacuum, so without this its
// tables are never analyzed; PostgreSQL's autovacuum comes, but late after a backfill. Until then the
// planner believes each freshly filled table is empty and picks nested loops over whole chains: a
// reorg's rollup recount took 22 s for 40 anvil blocks before the tables were analyzed, 0.1 s after.
// The rule is autovacuum's own (analyze once the rows written since the last ANALYZE exceed a base
// plus a fraction of the table), run by the writer after its block commits, outside the transaction.
import { dataModel } from '../generated/metadata';
import type { SqlExecutor } from '../database';
import type { ModelName, RowsByModel } from './types';

/** Options of {@link createStatisticsKeeper}; the defaults are autovacuum's (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor). */
export type StatisticsKeeperOptions = {
  /** Rows written before a table is analyzed at all. @default 50 */
  baseRows?: number;
  /** Share of the table's analyzed size that must be written again before the next ANALYZE. @default 0.1 */
  fraction?: number;
  /** Told when an ANALYZE fails (e.g. another process analyzed the same table at that moment). */
  onError?: (table: string, error: Error) => void;
};

/** Counts written rows per table and analyzes the tables that changed enough. */
export type StatisticsKeeper = {
  /** Counts a write's rows; cheap, call it for every block. */
  noteWritten(...writes: readonly (RowsByModel | undefined)[]): void;
  /** Counts rows written per model (a bulk writer's `counts()`). */
  noteCounts(counts: Partial<Record<ModelName, number>>): void;
  /** Analyzes the tables past their threshold (one at a time; concurrent calls share the run). */
  analyzeDue(): Promise<void>;
};

/**
 * Creates a keeper for one database.
 * @param db where the tables are (not inside a block's transaction: ANALYZE there would hold its locks until commit)
 * @param options thresholds
 * @returns the keeper
 * @example
 * const statistics = createStatisticsKeeper(db)
 * await writeBlock(db, write); statistics.noteWritten(write.rows, write.upserts); await statistics.analyzeDue()
 */
export function createStatisticsKeeper(db: SqlExecutor, options: StatisticsKeeperOptions = {}): StatisticsKeeper {
  const baseRows = options.baseRows ?? 50;
  const fraction = options.fraction ?? 0.1;
  const written = new Map<ModelName, number>();
  const analyzedRows = new Map<ModelName, number>();
  let running: Promise<void> | null = null;

  async function analyze(due: ModelName[]): Promise<void> {
    for (const model of due) {
      const table = dataModel.models[model].table;
      written.set(model, 0);
      try {
        await db.query(`ANALYZE "${table}"`);
        const [row] = await db.query<{ rows: number }>(`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)`, [`"${table}"`]);
        analyzedRows.set(model, Number(row?.rows ?? 0));
      } catch (error) {
        options.onError?.(table, error as Error);
      }
    }
  }

  return {
    noteWritten(...writes) {
      for (const rows of writes) {
        if (!rows) continue;
        for (const [model, list] of Object.entries(rows) as [ModelName, readonly unknown[] | undefined][]) {
          if (list?.length) written.set(model, (written.get(model) ?? 0) + list.length);
        }
      }
    },
    noteCounts(counts) {
      for (const [model, n] of Object.entries(counts) as [ModelName, number][]) if (n > 0) written.set(model, (written.get(model) ?? 0) + n);
    },
    analyzeDue() {
      if (running) return running;
      const due = [...written].filter(([model, n]) => n > baseRows + fraction * (analyzedRows.get(model) ?? 0)).map(([model]) => model);
      if (due.length === 0) return Promise.resolve();
      running = analyze(due).finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/**
 * Analyzes the data model's tables that hold rows but have no planner statistics: a database
 * written before its writers analyzed (a demo seed of an earlier version), or restored from a
 * dump (pg_restore carries no statistics). PGlite, without autovacuum, would serve such tables
 * unanalyzed for good, and the planner would take them for empty. Run when the database opens.
 * @param db the database, its tables on the search path
 * @param onError told when an ANALYZE fails; the other tables are still analyzed
 * @returns the tables analyzed
 * @example const analyzed = await analyzeTablesWithoutStatistics(session)
 */
export async function analyzeTablesWithoutStatistics(db: SqlExecutor, onError?: (table: string, error: Error) => void): Promise<string[]> {
  const tables = Object.values(dataModel.models).map((model) => model.table);
  // pg_stats, not pg_statistic: readable by the tables' owner without superuser rights.
  const missing = await db.query<{ table: string }>(
    `SELECT c.relname AS "table" FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname = ANY($1::text[])
       AND pg_relation_size(c.oid) > 0
       AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = c.relname)
     ORDER BY c.relname`,
    [tables],
  );
  const analyzed: string[] = [];
  for (const { table } of missing) {
    try {
      await db.query(`ANALYZE "${table}"`);
      analyzed.push(table);
    } catch (error) {
      // Another process opening the same database analyzes it at this moment ("tuple concurrently updated").
      onError?.(table, error as Error);
    }
  }
  return analyzed;
}

// Planner statistics and the visibility map of the tables a writer fills. PGlite has no autovacuum
// (nor has a PostgreSQL server with autovacuum off), so without this its tables are never analyzed
// nor vacuumed; PostgreSQL's autovacuum comes, but late after a backfill. Until then the planner
// believes each freshly filled table is empty and picks nested loops over whole chains, which
// turns a reorg's rollup recount from a blink into seconds per block. And an
// index-only scan of a never-vacuumed table reads the heap page of every row it returns, while the
// dead rows of upserts (current balances, NFT owners) and of reorgs are never reclaimed.
// The rules are autovacuum's own (analyze once the rows written since the last ANALYZE exceed a base
// plus a fraction of the table; vacuum likewise, with its larger base and fraction), run by the
// writer after its block commits, outside the transaction.
import { performance } from 'node:perf_hooks';
import { dataModel } from '../generated/metadata';
import type { SqlExecutor } from '../sqlExecutor';
import type { ModelName, RowsByModel } from './types';

/** Options of {@link createStatisticsKeeper}; the defaults are autovacuum's. */
export type StatisticsKeeperOptions = {
  /** Rows written before a table is analyzed at all (autovacuum_analyze_threshold). @default 50 */
  baseRows?: number;
  /** Share of the table's size (as the keeper last measured it; 0 before its first run) that must be written again before the next ANALYZE (autovacuum_analyze_scale_factor). @default 0.1 */
  fraction?: number;
  /** Rows written before a table is vacuumed at all (autovacuum_vacuum_insert_threshold). @default 1000 */
  vacuumBaseRows?: number;
  /** The same share for the next VACUUM (autovacuum_vacuum_insert_scale_factor). @default 0.2 */
  vacuumFraction?: number;
  /**
   * Whether the keeper vacuums too. @default asked of the database at the keeper's first run: yes
   * when no autovacuum launcher runs there (PGlite; a server with autovacuum off), which would
   * otherwise leave the tables unvacuumed for good.
   */
  vacuum?: boolean;
  /**
   * Least time from the end of one run to the start of a paced one (autovacuum_naptime's role, shorter: a
   * backfill grows a table by thousands of rows a second, and a small table's ANALYZE reads all of it). The
   * pause is also at least four times the last run's length, so paced runs take at most a fifth of the
   * writer's time.
   * @default 1000
   */
  pauseMs?: number;
  /** Told when an ANALYZE or VACUUM fails (e.g. another process analyzed the same table at that moment). */
  onError?: (table: string, error: Error) => void;
};

/** Counts written rows per table, and analyzes (and, where no autovacuum runs, vacuums) the tables that changed enough. */
export type StatisticsKeeper = {
  /** Counts a write's rows; cheap, call it for every block. */
  noteWritten(...writes: readonly (RowsByModel | undefined)[]): void;
  /** Counts rows written per model (a bulk writer's `counts()`). */
  noteCounts(counts: Partial<Record<ModelName, number>>): void;
  /**
   * Analyzes, and vacuums, the tables past their thresholds (one at a time; concurrent calls share the run).
   * Paced (a writer calling after every batch), it does nothing within `pauseMs` of the last run's end.
   */
  analyzeDue(options?: { paced?: boolean }): Promise<void>;
};

/**
 * Whether an autovacuum launcher serves this database (PGlite runs PostgreSQL as a single process:
 * no launcher, whatever its `autovacuum` setting says).
 * @param db the database
 * @returns true when a launcher runs
 * @example if (!(await hasAutovacuum(db))) await db.query('VACUUM')
 */
export async function hasAutovacuum(db: SqlExecutor): Promise<boolean> {
  const rows = await db.query<{ running: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS running`,
  );
  return rows[0]?.running === true;
}

/** A table's rows written since its last ANALYZE and since its last VACUUM, and its size as last measured. */
type Upkeep = { sinceAnalyze: number; sinceVacuum: number; rows: number };

/**
 * Creates a keeper for one database.
 * @param db where the tables are (not inside a block's transaction: ANALYZE there would hold its locks until commit, and VACUUM cannot run there)
 * @param options thresholds
 * @returns the keeper
 * @example
 * const statistics = createStatisticsKeeper(db)
 * await writeBlock(db, write); statistics.noteWritten(write.rows, write.upserts); await statistics.analyzeDue()
 */
export function createStatisticsKeeper(db: SqlExecutor, options: StatisticsKeeperOptions = {}): StatisticsKeeper {
  const analyzeBase = options.baseRows ?? 50;
  const analyzeFraction = options.fraction ?? 0.1;
  const vacuumBase = options.vacuumBaseRows ?? 1000;
  const vacuumFraction = options.vacuumFraction ?? 0.2;
  const tables = new Map<ModelName, Upkeep>();
  /** Known at the first run unless given; until then vacuuming counts as possible. */
  let vacuums = options.vacuum;
  let running: Promise<void> | null = null;
  const pauseMs = options.pauseMs ?? 1000;
  /** When the last run may be followed by a paced one. */
  let pausedUntil = Number.NEGATIVE_INFINITY;

  const analyzeDue = (t: Upkeep) => t.sinceAnalyze > analyzeBase + analyzeFraction * t.rows;
  const vacuumDue = (t: Upkeep) => vacuums !== false && t.sinceVacuum > vacuumBase + vacuumFraction * t.rows;
  const count = (model: ModelName, n: number) => {
    const t = tables.get(model);
    if (t) {
      t.sinceAnalyze += n;
      t.sinceVacuum += n;
    } else tables.set(model, { sinceAnalyze: n, sinceVacuum: n, rows: 0 });
  };

  async function maintain(): Promise<void> {
    // Where the launcher cannot be looked up, vacuuming is left to the database's operator.
    vacuums ??= await hasAutovacuum(db).then(
      (launcher) => !launcher,
      () => false,
    );
    for (const [model, t] of tables) {
      const analyze = analyzeDue(t);
      const vacuum = vacuumDue(t);
      if (!analyze && !vacuum) continue;
      const table = dataModel.models[model].table;
      if (analyze) t.sinceAnalyze = 0;
      if (vacuum) t.sinceVacuum = 0;
      try {
        // VACUUM (ANALYZE) does both in one pass over the table.
        await db.query(vacuum ? `VACUUM ${analyze ? '(ANALYZE) ' : ''}"${table}"` : `ANALYZE "${table}"`);
        const [row] = await db.query<{ rows: number }>(
          `SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)`,
          [`"${table}"`],
        );
        t.rows = Number(row?.rows ?? 0);
      } catch (error) {
        options.onError?.(table, error as Error);
      }
    }
  }

  return {
    noteWritten(...writes) {
      for (const rows of writes) {
        if (!rows) continue;
        for (const [model, list] of Object.entries(rows) as [ModelName, readonly unknown[] | undefined][])
          if (list?.length) count(model, list.length);
      }
    },
    noteCounts(counts) {
      for (const [model, n] of Object.entries(counts) as [ModelName, number][]) if (n > 0) count(model, n);
    },
    analyzeDue({ paced = false } = {}) {
      if (running) return running;
      if (paced && performance.now() < pausedUntil) return Promise.resolve();
      if (![...tables.values()].some((t) => analyzeDue(t) || vacuumDue(t))) return Promise.resolve();
      const started = performance.now();
      running = maintain().finally(() => {
        running = null;
        const ended = performance.now();
        pausedUntil = ended + Math.max(pauseMs, 4 * (ended - started));
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
export async function analyzeTablesWithoutStatistics(
  db: SqlExecutor,
  onError?: (table: string, error: Error) => void,
): Promise<string[]> {
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

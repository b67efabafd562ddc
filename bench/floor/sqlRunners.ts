// How a floor runs its statements: through its own pg.Pool beside the service's (PostgreSQL), or on
// the service's own PGlite instance, read as the service's reads are (prisma/read/preparedReads.ts).
import pg from 'pg';
import type { Database } from '../../prisma/database';
import { parsingByteaAsHex, toByteaParams } from '../../prisma/hexBytes';
import { createPreparedReads, KEEP_PLAN, type ReadOptions } from '../../prisma/read/preparedReads';

/** Runs one statement (`$1`…), prepared under a name with `KEEP_PLAN` as the service's reads are, and returns its rows with int8 as bigint and numeric as text (PostgreSQL) or Prisma.Decimal (PGlite, through `read`). */
export type RunSql = (text: string, values: unknown[], options?: ReadOptions) => Promise<Record<string, unknown>[]>;

/** Runs one captured statement with its parameters and gives its rows as the service's pool parses them; `end` releases what it holds. */
export type StatementRunner = {
  run: (sql: string, params: unknown[]) => Promise<Record<string, any>[]>;
  end?: () => Promise<void>;
};

/**
 * A pg pool (default size 10, like the service's) on the bench's schema whose rows come out as the
 * service's database layer gives them to Prisma's raw queries (int8 as bigint; numeric as text,
 * turned into Decimals per field by the route).
 * @param databaseUrl the bench's PostgreSQL
 * @param schema the bench's schema
 * @returns the statement runner and the pool's end
 * @example const { run, end } = pgRunner(url, 'bench_abc')
 */
export function pgRunner(databaseUrl: string, schema: string): { run: RunSql; end: () => Promise<void> } {
  const pool = benchPool(databaseUrl, schema);
  const types = {
    getTypeParser: parsingByteaAsHex(((oid: number, format?: 'text' | 'binary') =>
      oid === 20 ? BigInt : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser),
  };
  const read = createPreparedReads(pool);
  return {
    run: (text, values, readOptions) => read(text, toByteaParams(values)!, types, readOptions),
    end: () => pool.end(),
  };
}

/**
 * The embedded engine's runner: the same statement on the service's own PGlite instance, read as
 * the service's reads are (`read`: numeric comes as Prisma.Decimal, which the routes take as they
 * take numeric text).
 * @param db the bench's PGlite database
 * @returns the statement runner
 * @example validatorsFloorRoute({ run: pgliteRunner(db), ... })
 */
export function pgliteRunner(db: Database): RunSql {
  return (text, values, options) => db.read<Record<string, unknown>>(text, values, options);
}

/**
 * A pool for replayed statements: rows as pg parses them (bytea as 0x hex, as the service's pool
 * reads it), 0x hex parameters sent as bytea as the service sends them, every statement prepared under a name
 * (each statement of the replayed EVM requests keeps its plan in the service too).
 * @param databaseUrl the bench's PostgreSQL
 * @param schema the schema the service reads
 * @returns the runner; `end` ends the pool
 * @example replayFloorRoute({ ...pgStatementRunner(url, 'bench_abc'), routes })
 */
export function pgStatementRunner(databaseUrl: string, schema: string): StatementRunner {
  const pool = benchPool(databaseUrl, schema);
  const read = createPreparedReads(pool);
  const types = { getTypeParser: parsingByteaAsHex(pg.types.getTypeParser) };
  return { run: (sql, params) => read(sql, toByteaParams(params)!, types, KEEP_PLAN), end: () => pool.end() };
}

/** A pool on the bench's schema: the service's raw SQL resolves tables through search_path, as here. */
function benchPool(databaseUrl: string, schema: string): pg.Pool {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema'); // Prisma's parameter, not libpq's
  const pool = new pg.Pool({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
  pool.on('error', () => {}); // an idle connection dropped by the server must not crash the bench
  return pool;
}

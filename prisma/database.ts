// The one way the service opens its database: PostgreSQL when a URL is given, otherwise embedded
// PGlite (PostgreSQL compiled to WASM) in a data folder, run in a worker thread that speaks the
// PostgreSQL protocol (pgliteServer.ts). Both are reached through one `pg` pool and Prisma's pg
// adapter, and speak the same SQL, so one schema (schema/) and one set of migrations serve both;
// pending migrations are applied on open.
import { accessSync, constants as fsConstants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlQueryable,
  Transaction,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { Prisma, PrismaClient } from './generated/client';
import { migrate, type MigrationSession } from './migrate';
import { parsingByteaAsHex, refuseHexLiterals, toByteaParams } from './hexBytes';
import { analyzeTablesWithoutStatistics } from './write/createStatisticsKeeper';
import { createPreparedReads, type ReadOptions } from './read/preparedReads';
import { PGLITE_MAX_CONNECTIONS, startPgliteServer } from './pgliteServer';
import type { SqlExecutor } from './sqlExecutor';

export type { SqlExecutor } from './sqlExecutor';

/** An open database: the Prisma client plus raw SQL on the same data. */
export type Database = {
  /** Prisma client bound to this database (and schema). */
  prisma: PrismaClient;
  /** Which engine backs it. */
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the schema it uses, when one was named (`?schema=` or the `schema` option); else the server's search_path. */
  schema?: string;
  /**
   * Runs one raw, parameterised statement (`$1`, `$2`, ...) and returns its rows. Column values are
   * parsed alike on both engines: int8 as `bigint`, numeric as `string`, timestamptz as `Date`,
   * json as objects, bytea as 0x hex; 0x hex parameters are sent as bytea (hexBytes.ts). Not seen
   * by `onQuery`. On PGlite (one statement at a time) do not await it inside a Prisma interactive
   * transaction: it would wait for that transaction to end.
   */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * The reads that answer requests, where Prisma's client costs more than the statement (lists,
   * hot loaders): `query`, with values typed as Prisma's `$queryRaw` types them (numeric as
   * `Prisma.Decimal` besides int8 as `bigint`), so the formatters get what Prisma would hand them
   * (model rows: prisma/read/toModelRow.ts; a `Prisma.sql` statement: prisma/read/readSql.ts).
   * Reported to `onQuery` and `onQueryTime` as Prisma's statements are, so statement counts and
   * timings cover every statement a request sends. Planned for its values on every execution, or
   * with `KEEP_PLAN` prepared under a name, parsed and planned once per connection
   * (read/preparedReads.ts).
   */
  read<T>(sql: string, params?: unknown[], options?: ReadOptions): Promise<T[]>;
  /**
   * Runs `fn` in one transaction on one connection: everything it sends through `tx` commits
   * together when it resolves, and nothing does when it throws (the error is rethrown): a pooled
   * connection with BEGIN / COMMIT / ROLLBACK. `tx` is raw SQL only, and closed once `fn` settles.
   * While it runs, other connections' statements wait on PGlite (it serves one transaction at a
   * time), so `fn` must not await Prisma or `query` calls of its own database.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Disconnects Prisma, closes the pool and, for PGlite, its worker; later calls do nothing. */
  close(): Promise<void>;
};

/** Options of {@link createDatabase}. */
export type DatabaseOptions = {
  /** PostgreSQL connection string. Set: use PostgreSQL; unset: use embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder, created if missing; `memory://` keeps it in memory. @default './data/pglite' */
  dataDir?: string;
  /** PGlite's shared_buffers (PostgreSQL size syntax, `16MB`); ignored with `databaseUrl`. @default PGLITE_SHARED_BUFFERS */
  pgliteSharedBuffers?: string;
  /**
   * PostgreSQL schema to use, created if missing; Prisma, `query` and migrations all use it.
   * Defaults to the URL's `?schema=` parameter (Prisma's convention), else the server's search_path.
   * Ignored by PGlite, whose whole database belongs to the service.
   */
  schema?: string;
  /**
   * Called once per SQL statement Prisma sends, before it runs; not for `query`, and not for
   * transaction control (BEGIN, COMMIT, ROLLBACK, savepoints), so counts match on both engines.
   * `read`'s statements come with their options (whether they keep a plan).
   */
  onQuery?: (sql: string, params: readonly unknown[], readOptions?: ReadOptions) => void;
  /** Called with each Prisma statement's duration in seconds, once it settles (metrics). */
  onQueryTime?: (seconds: number) => void;
  /** Receives human-readable lines of what changes or fails (migrations applied, a lost connection). */
  log?: (msg: string) => void;
  /**
   * Receives the lines of the database's own upkeep (how it was opened, tables analyzed on open): what
   * an operator looks at only when investigating, so a logger's debug level, never a command's output.
   */
  debug?: (msg: string) => void;
  /**
   * Called with the error of every Prisma and `read` statement that fails, before its caller sees it
   * (the read replicas take a replica out on a lost connection).
   */
  onStatementError?: (error: unknown) => void;
  /** Apply pending migrations before returning. @default true */
  migrate?: boolean;
  /**
   * A read-only server (a streaming replica): nothing is created or migrated on open, and nothing is
   * sent until the first statement, so it opens while the server is down. @default false
   */
  readOnly?: boolean;
  /** Migrations folder. @default prisma/migrations */
  migrationsDir?: string;
  /**
   * PostgreSQL only: the server cancels any statement running longer (SQLSTATE 57014, answered 503),
   * so a hostile or unlucky query does not keep running after its request gave up. Migrations and
   * write transactions are exempt. PGlite runs statements on this thread and cannot cancel them.
   * @default 0 (none)
   */
  statementTimeoutMs?: number;
  /**
   * Refuse raw SQL that quotes a 0x hex literal (`'0x00ab'`), which PostgreSQL reads as its
   * characters where bytes are compared, so the comparison silently fails (hexBytes.ts): for the
   * tests, which run every statement the service sends. @default false
   */
  refuseHexLiterals?: boolean;
};

const INT8 = 20;
const INT8_ARRAY = 1016;
const parseInt8 = (value: string) => BigInt(value);
// pg's own int8[] parser splits the array text (nesting, NULLs); we only convert the elements.
const splitInt8Array = (pg.types.getTypeParser as (oid: number) => (text: string) => unknown)(INT8_ARRAY);
const parseInt8Array = (value: string): unknown => deepMap(splitInt8Array(value), (item) => BigInt(item as string));
const NUMERIC = 1700;
const NUMERIC_ARRAY = 1231;
const parseNumeric = (value: string) => new Prisma.Decimal(value);
const splitNumericArray = (pg.types.getTypeParser as (oid: number) => (text: string) => unknown)(NUMERIC_ARRAY);
const parseNumericArray = (value: string): unknown =>
  deepMap(splitNumericArray(value), (item) => new Prisma.Decimal(item as string));
/**
 * The pool's parsers: int8 as bigint, bytea as 0x hex (hexBytes.ts), the rest as pg parses them
 * (numeric as text, for the write path). Prisma's adapter brings its own.
 */
const poolTypes = {
  getTypeParser: parsingByteaAsHex(((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? parseInt8
      : oid === INT8_ARRAY
        ? parseInt8Array
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser),
};
/** `read`'s parsers: the pool's, numeric as Prisma.Decimal ($queryRaw's types). */
const readTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === NUMERIC
      ? parseNumeric
      : oid === NUMERIC_ARRAY
        ? parseNumericArray
        : poolTypes.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Opens the database and applies pending migrations. Needs no network besides `databaseUrl`.
 * @param options where the data lives, plus hooks
 * @returns an open {@link Database}; close it on shutdown
 * @throws {MigrationError} when the migrations cannot be applied (see `prisma/migrate.ts`)
 * @example
 * const db = await createDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: './data/pglite' })
 * const chains = await db.prisma.evmChain.findMany()
 * await db.close()
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const debug = options.debug ?? (() => {});
  const dataDir = options.dataDir ?? './data/pglite';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    // Fail here, with the folder's name, rather than deep inside PGlite's start-up.
    accessSync(dataDir, fsConstants.W_OK);
  }
  const server = await startPgliteServer(inMemory ? dataDir : path.resolve(dataDir), {
    sharedBuffers: options.pgliteSharedBuffers,
  });
  debug(
    `opened PGlite ${inMemory ? 'in memory' : `in ${dataDir}`} in ${server.openedInMs} ms (a worker thread, on a private socket)`,
  );
  // PGlite runs one statement at a time and cannot cancel one: no statement timeout.
  // Idle connections stay open: their prepared statements live in PGlite's one session (read/preparedReads.ts).
  const connection: pg.PoolConfig = {
    host: server.socketDir,
    port: server.port,
    user: 'postgres',
    database: 'postgres',
    max: PGLITE_MAX_CONNECTIONS,
    idleTimeoutMillis: 0,
  };
  try {
    return await openPool('pglite', connection, { ...options, schema: undefined, statementTimeoutMs: 0 }, server.stop);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const url = new URL(databaseUrl);
  const schema = options.schema ?? url.searchParams.get('schema') ?? undefined;
  // `schema` means something to Prisma, not to libpq.
  url.searchParams.delete('schema');
  return openPool('postgres', { connectionString: url.toString() }, { ...options, schema });
}

/**
 * The database behind a `pg` pool: a PostgreSQL server, or PGlite's worker (see pgliteServer.ts).
 * @param afterClose what else to close once the pool has ended (PGlite's worker)
 */
async function openPool(
  kind: Database['kind'],
  connection: pg.PoolConfig,
  options: DatabaseOptions,
  afterClose: () => Promise<void> = async () => {},
): Promise<Database> {
  const log = options.log ?? (() => {});
  const debug = options.debug ?? (() => {});
  const schema = options.schema;
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Validation failed: schema "${schema}", expected letters, digits and underscores`);
  }
  const pool = new pg.Pool({
    ...connection,
    // Every connection resolves unqualified names (migrations, raw SQL) in the chosen schema.
    options: schema ? `-c search_path="${schema}"` : undefined,
    statement_timeout: options.statementTimeoutMs || undefined,
    types: poolTypes,
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => log(`PostgreSQL connection error: ${error.message}`));
  try {
    if (schema && !options.readOnly) await createSchema(pool, schema);
    if (options.migrate !== false && !options.readOnly) {
      const client = await pool.connect();
      let failed = true;
      try {
        // Migrations may run long (indexes on big tables); this connection is discarded afterwards.
        if (options.statementTimeoutMs) await client.query('SET statement_timeout = 0');
        const session: MigrationSession = {
          kind,
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          exec: async (script) => {
            await client.query(script);
          },
        };
        await migrate({ session, migrationsDir: options.migrationsDir, log });
        const analyzed = await analyzeTablesWithoutStatistics(session, (table, error) =>
          log(`ANALYZE ${table}: ${error.message}`),
        );
        if (analyzed.length > 0)
          debug(`analyzed ${analyzed.length} tables that had rows but no planner statistics: ${analyzed.join(', ')}`);
        failed = false;
      } finally {
        // After a failure the connection may still hold the migration lock or an aborted
        // transaction: close it rather than hand it to Prisma.
        client.release(failed || Boolean(options.statementTimeoutMs));
      }
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  if (kind === 'postgres') {
    const url = new URL(connection.connectionString!);
    debug(`connected to PostgreSQL ${url.host}${url.pathname}${schema ? ` (schema ${schema})` : ''}`);
  }

  // The adapter qualifies Prisma's table names with `schema`; search_path covers the rest.
  const adapter = new PrismaPg(pool, { schema, disposeExternalPool: false });
  // Prisma's default error format outside NODE_ENV=production captures a stack trace on every query,
  // to point its messages at the calling line; 'minimal' keeps message and code without that cost.
  const prisma = new PrismaClient({ adapter: listenToQueries(adapter, options), errorFormat: 'minimal' });
  const preparedRead = createPreparedReads(pool);
  const checkSql = options.refuseHexLiterals ? refuseHexLiterals : () => {};
  return {
    prisma,
    kind,
    schema,
    query: async <T>(sql: string, params?: unknown[]) => {
      checkSql(sql);
      return (await pool.query(sql, toByteaParams(params))).rows as T[];
    },
    read: async <T>(sql: string, params: unknown[] = [], readOptions?: ReadOptions) => {
      checkSql(sql);
      options.onQuery?.(sql, params, readOptions);
      const started = process.hrtime.bigint();
      try {
        return await preparedRead<T>(sql, toByteaParams(params)!, readTypes, readOptions);
      } catch (error) {
        options.onStatementError?.(error);
        throw error;
      } finally {
        options.onQueryTime?.(Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
    transaction: (fn) => poolTransaction(pool, fn, Boolean(options.statementTimeoutMs), checkSql),
    close: once(async () => {
      try {
        await prisma.$disconnect();
        await pool.end();
      } finally {
        await afterClose();
      }
    }),
  };
}

/** BEGIN ... COMMIT on one pooled client; ROLLBACK (and the error) when `fn` throws. */
async function poolTransaction<T>(
  pool: pg.Pool,
  fn: (tx: SqlExecutor) => Promise<T>,
  noTimeout = false,
  checkSql: (sql: string) => void = () => {},
): Promise<T> {
  const client = await pool.connect();
  let closed = false;
  // A connection whose ROLLBACK failed may still hold the aborted transaction: destroy it on release.
  let broken = false;
  const tx: SqlExecutor = {
    query: async <R>(sql: string, params?: unknown[]) => {
      if (closed) throw new Error('Transaction is closed');
      checkSql(sql);
      return (await client.query(sql, toByteaParams(params))).rows as R[];
    },
  };
  try {
    await client.query('BEGIN');
    try {
      // The write path's transactions (a block, a seed batch) are not requests: no statement timeout.
      if (noTimeout) await client.query('SET LOCAL statement_timeout = 0');
      const result = await fn(tx);
      closed = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      closed = true;
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    }
  } catch (error) {
    broken ||= !closed;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** CREATE SCHEMA IF NOT EXISTS still races when two processes run it at once; the loser may ignore it. */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

/**
 * Transaction control, which `onQuery` does not report: it is how the adapter runs a request's
 * statements (adapter-pg sends COMMIT through `executeRaw`), not what the request asks for, and
 * statement counts (tests, benches) compare requests.
 */
const TRANSACTION_CONTROL = /^\s*(BEGIN|START\s+TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/**
 * Wraps a driver adapter factory so `onQuery` sees every statement Prisma executes, in and out of
 * transactions, `onQueryTime` how long each took and `onStatementError` each failure. Done at the
 * adapter rather than with `$on('query')` so the hook is synchronous with the statement and
 * filtered the same way on both engines.
 */
function listenToQueries<F extends SqlDriverAdapterFactory>(
  factory: F,
  { onQuery, onQueryTime, onStatementError }: Pick<DatabaseOptions, 'onQuery' | 'onQueryTime' | 'onStatementError'>,
): F {
  if (!onQuery && !onQueryTime && !onStatementError) return factory;
  const run = <R>(query: SqlQuery, statement: () => Promise<R>): Promise<R> => {
    const execute = onStatementError
      ? () =>
          statement().catch((error: unknown) => {
            onStatementError(error);
            throw error;
          })
      : statement;
    if (TRANSACTION_CONTROL.test(query.sql)) return execute();
    onQuery?.(query.sql, query.args);
    if (!onQueryTime) return execute();
    const started = process.hrtime.bigint();
    return execute().finally(() => onQueryTime(Number(process.hrtime.bigint() - started) / 1e9));
  };
  const statements = (target: SqlQueryable) => ({
    queryRaw: (query: SqlQuery) => run(query, () => target.queryRaw(query)),
    executeRaw: (query: SqlQuery) => run(query, () => target.executeRaw(query)),
  });
  const watchAdapter = (adapter: SqlDriverAdapter) =>
    override(adapter, {
      ...statements(adapter),
      startTransaction: async (...args: Parameters<SqlDriverAdapter['startTransaction']>) => {
        const transaction = await adapter.startTransaction(...args);
        return override<Transaction>(transaction, statements(transaction));
      },
    });
  return override<F>(factory, { connect: async () => watchAdapter(await factory.connect()) } as Partial<F>);
}

/** A view of `target` with some members replaced; everything else still reaches the real object. */
function override<T extends object>(target: T, members: Partial<T>): T {
  return new Proxy(target, {
    get(obj, prop) {
      if (Object.hasOwn(members, prop)) return (members as Record<PropertyKey, unknown>)[prop];
      const value = Reflect.get(obj, prop, obj) as unknown;
      // Bound to the real object: adapters keep state in private fields that a proxy cannot reach.
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

/** Shutdown paths often overlap (signal handler, test teardown): closing twice must not throw. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/** Applies `fn` to every leaf of a (possibly nested) array. */
function deepMap(value: unknown, fn: (item: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => deepMap(item, fn));
  return value === null ? null : fn(value);
}

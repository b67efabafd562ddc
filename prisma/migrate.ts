// Applies prisma/migrations at start-up, on PGlite and PostgreSQL alike, without Prisma's native
// schema engine (which cannot be downloaded on our machines; see docs on offline Prisma).
//
// Bookkeeping uses Prisma's own `_prisma_migrations` table, with the same columns, ids (UUID) and
// checksums (SHA-256 hex of the file), so `prisma migrate deploy` / `migrate status` treat a database
// migrated here as up to date wherever the native engine exists, and the other way round.
//
// Each migration runs in one transaction (Prisma's engine does not wrap them), so a failure leaves
// nothing half-applied. The one PostgreSQL statement that cannot be used that way: a value added
// with `ALTER TYPE ... ADD VALUE` cannot be used in the same migration; put its use in the next one.
import { ServiceError } from '../shared/errors';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One database connection that migrations run on: the PGlite instance, or a single checked-out
 * `pg` client (the advisory lock and `BEGIN`/`COMMIT` must all happen on the same connection).
 */
export type MigrationSession = {
  /** Which engine: PGlite has one connection and needs no lock. */
  kind: 'pglite' | 'postgres';
  /** Runs one parameterised statement and returns its rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (simple query protocol, no parameters). */
  exec(script: string): Promise<void>;
};

/** A migration folder read from disk. */
export type Migration = {
  /** Folder name, `YYYYMMDDHHMMSS_<name>`; also the sort key and `migration_name`. */
  name: string;
  /** Content of `migration.sql`. */
  sql: string;
  /** SHA-256 hex of `sql`, Prisma's checksum. */
  checksum: string;
};

/** Options of {@link migrate}. */
export type MigrateOptions = {
  /** The connection to migrate. */
  session: MigrationSession;
  /** Folder holding `<timestamp>_<name>/migration.sql`. @default {@link defaultMigrationsDir} */
  migrationsDir?: string;
  /** Receives one line per applied migration and per notable event. */
  log?: (msg: string) => void;
};

/** What {@link migrate} did. */
export type MigrateResult = {
  /** Names of the migrations applied by this call, in order. */
  applied: string[];
  /** Number of migrations that were already applied. */
  alreadyApplied: number;
};

/** Stable codes of {@link MigrationError}. */
export type MigrationErrorCode =
  | 'MIGRATION_CHECKSUM_MISMATCH'
  | 'MIGRATION_PREVIOUSLY_FAILED'
  | 'MIGRATION_FAILED'
  | 'MIGRATIONS_DIR_MISSING';

/**
 * A migration problem that needs a person: the service must not start on a database in this state.
 * @example
 * try { await migrate({ session }) } catch (e) { if (e instanceof MigrationError) console.error(e.code) }
 */
export class MigrationError extends ServiceError {
  override name = 'MigrationError';
  /** Stable code, for logs and tests. */
  readonly code: MigrationErrorCode;
  constructor(code: MigrationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Where migrations live: `prisma/migrations` next to this file when run from source (ts, jest),
 * or in the project's `prisma/` when run from the compiled `dist/prisma/`, which holds no SQL.
 */
export const defaultMigrationsDir =
  [path.join(__dirname, 'migrations'), path.resolve(__dirname, '../../prisma/migrations')].find((dir) =>
    existsSync(dir),
  ) ?? path.join(__dirname, 'migrations');

/**
 * Prisma's advisory lock key for migrations (prisma-engines, postgres flavour). Sharing it means
 * this migrator and `prisma migrate deploy` never run at the same time against one database.
 */
const PRISMA_MIGRATION_LOCK = 72707369;

/** Prisma's own table definition, so its engine can read and extend what we write. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Prisma's checksum of a migration script: SHA-256 of its UTF-8 bytes, lower-case hex.
 * @param sql content of `migration.sql`
 * @returns 64 hex characters
 * @example migrationChecksum('SELECT 1;') // 'f0e6...'
 */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/**
 * Reads the migration folders, sorted by name (their timestamp prefix). Folders without a
 * `migration.sql` are ignored, as Prisma does with stray folders.
 * @param migrationsDir folder holding the migrations
 * @returns the migrations in the order they apply
 * @example readMigrations().map((m) => m.name) // ['20261122002141_init']
 */
export function readMigrations(migrationsDir: string = defaultMigrationsDir): Migration[] {
  if (!existsSync(migrationsDir)) {
    throw new MigrationError('MIGRATIONS_DIR_MISSING', `migrations folder not found: ${migrationsDir}`);
  }
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    });
}

type AppliedRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

/**
 * Applies the pending migrations in order, each in its own transaction together with its
 * `_prisma_migrations` row, so a failing migration leaves neither schema changes nor a record.
 * On PostgreSQL it holds Prisma's advisory lock throughout, so processes starting at the same time
 * take turns and the later ones find nothing left to do.
 * @param options the session to migrate, and optionally the folder and a logger
 * @returns the migrations applied now and how many were applied before
 * @throws {MigrationError} `MIGRATION_CHECKSUM_MISMATCH` when an applied migration's file was edited,
 *   `MIGRATION_PREVIOUSLY_FAILED` when Prisma recorded an unfinished migration,
 *   `MIGRATION_FAILED` when a script fails (rolled back; `cause` holds the database error)
 * @example
 * const { applied } = await migrate({ session, log: console.log })
 */
export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const { session } = options;
  const log = options.log ?? (() => {});
  const migrations = readMigrations(options.migrationsDir);

  if (session.kind === 'postgres') {
    const [{ locked }] = await session.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${PRISMA_MIGRATION_LOCK}) AS locked`,
    );
    if (!locked) {
      log('waiting for the migration lock held by another process');
      await session.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATION_LOCK})`);
    }
  }
  try {
    await session.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await session.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const pending = checkHistory(migrations, rows, log);
    for (const migration of pending) await applyOne(session, migration, log);
    return { applied: pending.map((m) => m.name), alreadyApplied: migrations.length - pending.length };
  } finally {
    if (session.kind === 'postgres') {
      await session.query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATION_LOCK})`);
    }
  }
}

/**
 * Compares the folder with the table and returns what is left to apply. Mirrors Prisma's rules:
 * rolled-back rows are history only; an unfinished row blocks everything (P3009); an edited
 * applied migration is refused, because the database no longer matches the files.
 */
function checkHistory(migrations: Migration[], rows: AppliedRow[], log: (msg: string) => void): Migration[] {
  const live = rows.filter((row) => row.rolled_back_at === null);
  const failed = live.filter((row) => row.finished_at === null);
  if (failed.length > 0) {
    const names = failed.map((row) => row.migration_name).join(', ');
    throw new MigrationError(
      'MIGRATION_PREVIOUSLY_FAILED',
      `migration ${names} started but never finished; repair the database, then mark it with ` +
        '`prisma migrate resolve --applied|--rolled-back <name>` (or delete its _prisma_migrations row)',
    );
  }
  const applied = new Map(live.map((row) => [row.migration_name, row.checksum]));
  for (const migration of migrations) {
    const recorded = applied.get(migration.name);
    if (recorded !== undefined && !checksumMatches(migration.sql, recorded)) {
      throw new MigrationError(
        'MIGRATION_CHECKSUM_MISMATCH',
        `migration ${migration.name} was modified after it was applied ` +
          `(recorded checksum ${recorded}, file ${migration.checksum}); ` +
          'restore the file and put the change in a new migration',
      );
    }
  }
  const known = new Set(migrations.map((m) => m.name));
  for (const name of applied.keys()) {
    // A newer release migrated this database; running older code on it is the operator's call.
    if (!known.has(name)) log(`migration ${name} is applied in the database but has no folder here`);
  }
  return migrations.filter((m) => !applied.has(m.name));
}

/**
 * Like Prisma, accept the file's checksum with LF or CRLF line endings, so a Windows checkout
 * (git autocrlf) of an applied migration is not mistaken for an edit.
 */
function checksumMatches(sql: string, recorded: string): boolean {
  const expected = recorded.toLowerCase();
  return [sql, sql.replace(/\r\n/g, '\n'), sql.replace(/\r?\n/g, '\r\n')].some(
    (variant) => migrationChecksum(variant) === expected,
  );
}

async function applyOne(session: MigrationSession, migration: Migration, log: (msg: string) => void): Promise<void> {
  const started = Date.now();
  const id = randomUUID();
  await session.exec('BEGIN');
  try {
    await session.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) ' +
        'VALUES ($1, $2, $3, clock_timestamp(), 0)',
      [id, migration.checksum, migration.name],
    );
    await session.exec(migration.sql);
    await session.query(
      'UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError('MIGRATION_FAILED', `migration ${migration.name} failed and was rolled back: ${reason}`, {
      cause: error,
    });
  }
  log(`applied migration ${migration.name} in ${Date.now() - started} ms`);
}

/**
 * The migrations of the folder not yet applied to the database (readiness: a process whose
 * database lags its code must not take traffic).
 * @param query raw SQL on the database
 * @param migrationsDir folder holding the migrations
 * @returns their names, in order; empty when the database is up to date
 * @example if ((await pendingMigrations(db.query)).length > 0) answerNotReady()
 */
export async function pendingMigrations(
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>,
  migrationsDir: string = defaultMigrationsDir,
): Promise<string[]> {
  const [{ exists }] = await query<{ exists: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
  );
  const applied = new Set(
    exists
      ? (
          await query<{ migration_name: string }>(
            'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
          )
        ).map((row) => row.migration_name)
      : [],
  );
  return readMigrations(migrationsDir)
    .map((migration) => migration.name)
    .filter((name) => !applied.has(name));
}

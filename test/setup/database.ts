// A fresh, migrated database per test file, on the engine the run asks for:
// in-memory PGlite by default, PostgreSQL when DATABASE_URL is set (CI, `npm test` against a server).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseOptions } from '../../prisma/database';

/** Options of {@link setupTestDatabase}: the hooks of `createDatabase`, never the location. */
export type TestDatabaseOptions = Pick<DatabaseOptions, 'onQuery' | 'onQueryTime' | 'log' | 'migrate' | 'migrationsDir' | 'statementTimeoutMs'>;

/** How to clean up each database handed out, keyed by the database itself. */
const cleanups = new WeakMap<Database, () => Promise<void>>();

/**
 * Opens a fresh, migrated, empty database for one test file.
 * - No `DATABASE_URL`: PGlite in memory (about 2-3 s; nothing on disk).
 * - `DATABASE_URL` set: a new schema `test_<random>` in that database, dropped by {@link teardown},
 *   so parallel jest workers and parallel CI runs never see each other's rows.
 * @param options `onQuery` to count statements, `log`, `migrate: false` for an empty schema
 * @returns the database; pass it to {@link teardown} in `afterAll`
 * @example
 * let db: Database
 * beforeAll(async () => { db = await setupTestDatabase() })
 * afterAll(() => teardown(db))
 */
export async function setupTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await createDatabase({ ...options, dataDir: 'memory://' });
    cleanups.set(db, () => db.close());
    return db;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const db = await createDatabase({ ...options, databaseUrl, schema }).catch(async (error: unknown) => {
    await dropSchema(databaseUrl, schema); // createDatabase made it before failing
    throw error;
  });
  cleanups.set(db, async () => {
    try {
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await db.close();
    }
  });
  return db;
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * Closes a database from {@link setupTestDatabase} and drops its PostgreSQL schema. Safe to call
 * with `undefined` (when `beforeAll` failed) or twice.
 * @param db the database to release
 * @returns when it is closed
 * @example afterAll(() => teardown(db))
 */
export async function teardown(db: Database | undefined): Promise<void> {
  const cleanup = db && cleanups.get(db);
  if (!cleanup) return;
  cleanups.delete(db);
  await cleanup();
}

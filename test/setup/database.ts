// A fresh, migrated database per test file, on the engine the run asks for:
// PGlite by default, PostgreSQL when DATABASE_URL is set (CI, `npm test` against a server).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseOptions } from '../../prisma/database';
import { once, openPgliteCopy, ORIGINALS_ROOT, temporaryCopy } from './sharedOriginal';

/** Options of {@link setupTestDatabase}: the hooks of `createDatabase`, never the location. */
export type TestDatabaseOptions = Pick<
  DatabaseOptions,
  'onQuery' | 'onQueryTime' | 'log' | 'migrate' | 'migrationsDir' | 'statementTimeoutMs'
>;

/** How to clean up each database handed out, keyed by the database itself. */
const cleanups = new WeakMap<Database, () => Promise<void>>();

/**
 * Opens a fresh, migrated, empty database for one test file.
 * - No `DATABASE_URL`: PGlite in a copy of a folder initdb made once (sharedOriginal.ts), removed by
 *   {@link teardown}. initdb is most of a new PGlite's start: 3-4 s of a core each time, against
 *   0.2 s for the copy, over some sixty test databases a run.
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
    const { db, release } = await openPgliteCopy(await initializedOriginal(), options);
    cleanups.set(db, release);
    return db;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const db = await createDatabase({ refuseHexLiterals: true, ...options, databaseUrl, schema }).catch(
    async (error: unknown) => {
      await dropSchema(databaseUrl, schema); // createDatabase made it before failing
      throw error;
    },
  );
  cleanups.set(db, async () => {
    try {
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await db.close();
    }
  });
  return db;
}

/**
 * A new temporary copy of a PGlite folder that initdb made and nothing else touched (no
 * migrations), for a test that opens PGlite itself; the caller removes it.
 * @returns the copy's path
 * @example const pglite = new PGlite(await initializedPgliteFolder())
 */
export async function initializedPgliteFolder(): Promise<string> {
  return temporaryCopy(await initializedOriginal());
}

/** The PGlite folder initdb made, built once per PGlite version (sharedOriginal.ts). */
async function initializedOriginal(): Promise<string> {
  // What initdb writes depends on PGlite's build alone.
  const packageJson = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256').update(version).digest('hex').slice(0, 16);
  const original = path.join(ORIGINALS_ROOT, `initdb-${key}`);
  await once({
    kind: 'initdb',
    key,
    make: async () => {
      rmSync(original, { recursive: true, force: true });
      await (await createDatabase({ dataDir: original, migrate: false })).close();
      return { pglite: version };
    },
  });
  return original;
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

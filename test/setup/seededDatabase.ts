// The demo data set (scale 1) for test files that read it: seeded once per version of the code,
// then copied for each file, so ten files cost one seed instead of ten. Each file still gets its
// own database (it may write), on the engine the run asks for:
// - PGlite: the seeded data folder is copied to a temporary folder and opened there.
// - PostgreSQL (DATABASE_URL): the seeded database is the template of a new database per file.
// The seeded original is keyed by a hash of the service's source, so a change to the seeder,
// the migrations or anything they call seeds afresh; older originals are removed then.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { seedDemoData, type SeedSummary } from '../../demo-data';
import { createDatabase, type Database } from '../../prisma/database';
import type { TestDatabaseOptions } from './database';
import { forget, once, openPgliteCopy, ORIGINALS_ROOT } from './sharedOriginal';

/** What {@link setupSeededDatabase} hands a test file. */
export type SeededDatabase = {
  /** The file's own copy of the seeded database. */
  db: Database;
  /** What seeding reported (row counts, showcase addresses, DEMO_NOW). */
  summary: SeedSummary;
};

/** Bound for a test file's `beforeAll` that calls {@link setupSeededDatabase}: a cold seed on a busy machine. */
export const SEEDED_DATABASE_TIMEOUT_MS = 900_000;

const repoRoot = path.resolve(__dirname, '../..');
/** Not part of the service: its tests, benches, builds and data do not change what seeding writes. */
const notSource = new Set(['test', 'bench', 'node_modules', 'dist', 'data', 'profiles', 'plugins', 'coverage']);

const cleanups = new WeakMap<Database, () => Promise<void>>();

/**
 * Opens this test file's own copy of the demo data set at scale 1, seeding the shared original
 * first if this version of the code has none (other jest workers wait for it).
 * @param options hooks of `createDatabase` (`onQuery`, `log`, ...)
 * @returns the copy and the seed summary; release the copy with {@link teardownSeeded}
 * @example
 * let seeded: SeededDatabase
 * beforeAll(async () => { seeded = await setupSeededDatabase() }, SEEDED_DATABASE_TIMEOUT_MS)
 * afterAll(() => teardownSeeded(seeded?.db))
 */
export async function setupSeededDatabase(options: TestDatabaseOptions = {}): Promise<SeededDatabase> {
  const key = sourceKey();
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? copyPostgres(databaseUrl, key, options) : copyPglite(key, options);
}

/**
 * Closes and deletes a copy from {@link setupSeededDatabase}; the original stays for the next run.
 * Safe with `undefined` or twice.
 */
export async function teardownSeeded(db: Database | undefined): Promise<void> {
  const cleanup = db && cleanups.get(db);
  if (!cleanup) return;
  cleanups.delete(db);
  await cleanup();
}

async function copyPglite(key: string, options: TestDatabaseOptions): Promise<SeededDatabase> {
  const original = path.join(ORIGINALS_ROOT, `pglite-${key}`);
  const summary = await once({
    kind: 'pglite',
    key,
    make: async () => {
      rmSync(original, { recursive: true, force: true });
      const db = await createDatabase({ dataDir: original });
      try {
        return await seedDemoData(db);
      } finally {
        await db.close();
      }
    },
  });
  const { db, release } = await openPgliteCopy(original, options);
  cleanups.set(db, release);
  return { db, summary };
}

const SCHEMA = 'seeded';

async function copyPostgres(databaseUrl: string, key: string, options: TestDatabaseOptions): Promise<SeededDatabase> {
  const originalName = `ads_seed_${key}`;
  // A summary without its database (dropped by hand, or another server): seed again.
  const exists = await admin(databaseUrl, (client) =>
    client.query('SELECT 1 FROM pg_database WHERE datname = $1', [originalName]),
  );
  if (exists.rowCount === 0) forget('postgres', key);
  const summary = await once({
    kind: 'postgres',
    key,
    make: async () => {
      await admin(databaseUrl, async (client) => {
        // This one again if a seed was interrupted.
        await client.query(`DROP DATABASE IF EXISTS "${originalName}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${originalName}"`);
      });
      const db = await createDatabase({ databaseUrl: withDatabase(databaseUrl, originalName), schema: SCHEMA });
      try {
        return await seedDemoData(db);
      } finally {
        await db.close();
      }
    },
    removeOlder: (older) =>
      admin(databaseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "ads_seed_${older}" WITH (FORCE)`).then(() => {}),
      ),
  });
  const copyName = `ads_test_${randomBytes(6).toString('hex')}`;
  await admin(databaseUrl, async (client) => {
    // Copies of the same template made at the same moment by two workers: PostgreSQL refuses the
    // second while the first holds the template; it is a matter of seconds.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${copyName}" TEMPLATE "${originalName}" STRATEGY FILE_COPY`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 60) throw error;
        await sleep(1000);
      }
    }
  });
  const drop = () =>
    admin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`).then(() => {}));
  const db = await createDatabase({
    refuseHexLiterals: true,
    ...options,
    databaseUrl: withDatabase(databaseUrl, copyName),
    schema: SCHEMA,
  }).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  cleanups.set(db, async () => {
    try {
      await db.close();
    } finally {
      await drop();
    }
  });
  return { db, summary };
}

/** Hash of every source file of the service (not its tests or benches), and of the lock file. */
function sourceKey(): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !(dir === repoRoot && notSource.has(entry.name))) visit(full);
      } else if (/\.(ts|mjs|js|json|prisma|sql)$/.test(entry.name)) {
        hash.update(path.relative(repoRoot, full)).update('\0').update(readFileSync(full)).update('\0');
      }
    }
  };
  visit(repoRoot);
  return hash.digest('hex').slice(0, 16);
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

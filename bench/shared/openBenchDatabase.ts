import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseOptions } from '../../prisma/database';

/** A migrated, empty PostgreSQL schema of its own, and how to get rid of it. */
export type BenchDatabase = {
  db: Database;
  /** `bench_<random>` */
  schema: string;
  /** Drops the schema and its data, then closes the database. Call it once, also after a failure. */
  dropAndClose(): Promise<void>;
};

/**
 * Opens a fresh schema `bench_<random>` in the PostgreSQL database at `databaseUrl`, with the
 * service's migrations applied, so a bench never touches other data and parallel runs never meet.
 *
 * @param options where PostgreSQL is, plus createDatabase hooks
 * @returns the database and its schema name
 * @throws whatever createDatabase throws, after dropping the half-made schema if it can
 * @example const { db, dropAndClose } = await openBenchDatabase({ databaseUrl }); try { ... } finally { await dropAndClose() }
 */
export async function openBenchDatabase(
  options: { databaseUrl: string } & Pick<DatabaseOptions, 'log' | 'onQuery'>,
): Promise<BenchDatabase> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const db = await createDatabase({ ...options, schema }).catch(async (error: unknown) => {
    // createDatabase may have created the schema before failing; if PostgreSQL cannot be reached
    // there is none, and the first error is the one to report.
    await dropSchema(options.databaseUrl, schema).catch(() => {});
    throw error;
  });
  return {
    db,
    schema,
    dropAndClose: async () => {
      try {
        await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
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

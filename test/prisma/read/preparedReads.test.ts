// createPreparedReads(): reads that keep their plan run as named prepared statements, one name per
// connection and statement text, on both engines (PGlite serves every connection from one
// session), bounded in number, and still answered after a migration changed a table; the others
// are planned for their values on every execution.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { startPgliteServer, type PgliteServer } from '../../../prisma/pgliteServer';
import { createPreparedReads, KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { initializedPgliteFolder } from '../../setup/database';

const schema = `test_${randomBytes(6).toString('hex')}`;
const opened: { pool: pg.Pool; server?: PgliteServer; dataDir?: string }[] = [];

/**
 * A pool on this run's engine: a schema of DATABASE_URL, or a new PGlite (a copy of an initialized folder) behind its
 * socket (one per pool: every connection to a PGlite shares its one session, names included).
 */
async function openPool(max: number): Promise<pg.Pool> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      options: `-c search_path="${schema}"`,
      max,
    });
    opened.push({ pool });
    return pool;
  }
  const dataDir = await initializedPgliteFolder();
  const server = await startPgliteServer(dataDir);
  const pool = new pg.Pool({
    host: server.socketDir,
    port: server.port,
    user: 'postgres',
    database: 'postgres',
    max,
    idleTimeoutMillis: 0,
  });
  opened.push({ pool, server, dataDir });
  await pool.query(`CREATE SCHEMA "${schema}"`);
  return pool;
}

/** The session's prepared statements of `text` (on PGlite, the one session all connections share). */
async function preparedNames(pool: pg.Pool, text: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    'SELECT name FROM pg_prepared_statements WHERE statement = $1 ORDER BY name',
    [text],
  );
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) await (await openPool(1)).query(`CREATE SCHEMA "${schema}"`);
}, 60_000);

afterAll(async () => {
  if (process.env.DATABASE_URL) await opened[0]!.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  for (const { pool, server, dataDir } of opened) {
    await pool.end();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('createPreparedReads()', () => {
  test('a statement is prepared once on a connection and run again under its name', async () => {
    const pool = await openPool(1);
    const read = createPreparedReads(pool);
    const text = 'SELECT $1::int + 1 AS n';
    expect(await read(text, [1], pg.types, KEEP_PLAN)).toEqual([{ n: 2 }]);
    expect(await read(text, [41], pg.types, KEEP_PLAN)).toEqual([{ n: 42 }]);
    expect(await preparedNames(pool, text)).toEqual([expect.stringMatching(/^c0_s0$/)]);
  });

  test('connections sharing one session (PGlite) do not collide: each prepares under its own name', async () => {
    const pool = await openPool(4);
    const read = createPreparedReads(pool);
    const text = 'SELECT $1::int * 2 AS n, pg_sleep(0.005) IS NULL AS slept';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => read<{ n: number }>(text, [i], pg.types, KEEP_PLAN)),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(pool.totalCount).toBeGreaterThan(1);
  });

  test('a statement read without KEEP_PLAN is planned for its values each time: the session keeps no name for it', async () => {
    const pool = await openPool(1);
    const read = createPreparedReads(pool);
    const text = 'SELECT $1::int - 1 AS n';
    expect(await read(text, [1], pg.types)).toEqual([{ n: 0 }]);
    expect(await read(text, [2], pg.types, { keepPlan: false })).toEqual([{ n: 1 }]);
    expect(await preparedNames(pool, text)).toEqual([]);
  });

  test('texts beyond the limit run unnamed', async () => {
    const pool = await openPool(1);
    const read = createPreparedReads(pool, 2);
    const texts = ['SELECT 1 AS n', 'SELECT 2 AS n', 'SELECT 3 AS n'];
    for (const text of texts) await read(text, [], pg.types, KEEP_PLAN);
    for (const text of texts) await read(text, [], pg.types, KEEP_PLAN);
    expect([
      ...(await preparedNames(pool, texts[0]!)),
      ...(await preparedNames(pool, texts[1]!)),
      ...(await preparedNames(pool, texts[2]!)),
    ]).toEqual(['c0_s0', 'c0_s1']);
  });

  test('a migration that changes the columns under a prepared SELECT * does not fail the read (the statement runs unnamed from then on)', async () => {
    const pool = await openPool(1);
    await pool.query(`CREATE TABLE "${schema}".prepared_t (a int); INSERT INTO "${schema}".prepared_t VALUES (1)`);
    const read = createPreparedReads(pool);
    const text = `SELECT * FROM "${schema}".prepared_t`;
    expect(await read(text, [], pg.types, KEEP_PLAN)).toEqual([{ a: 1 }]);
    await pool.query(`ALTER TABLE "${schema}".prepared_t ADD COLUMN b int DEFAULT 2`);
    expect(await read(text, [], pg.types, KEEP_PLAN)).toEqual([{ a: 1, b: 2 }]);
    expect(await read(text, [], pg.types, KEEP_PLAN)).toEqual([{ a: 1, b: 2 }]);
  });

  test('a statement the server refuses leaves its connection in the pool, and the statement runs again', async () => {
    const pool = await openPool(1);
    const read = createPreparedReads(pool);
    const text = 'SELECT 10 / $1::int AS n';
    await expect(read(text, [0], pg.types, KEEP_PLAN)).rejects.toMatchObject({ code: '22012' });
    expect(await read(text, [5], pg.types, KEEP_PLAN)).toEqual([{ n: 2 }]);
    expect(pool.totalCount).toBe(1);
    expect(await preparedNames(pool, text)).toEqual(['c0_s0']);
  });
});

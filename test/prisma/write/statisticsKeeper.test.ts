// The planner's statistics and the visibility map of the tables a writer fills are kept as autovacuum
// would (PGlite has no autovacuum): a table is analyzed once more rows than 50 + 10 % of its size were
// written, and, where no autovacuum runs, vacuumed once more than 1000 + 20 %.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../../prisma/database';
import {
  analyzeTablesWithoutStatistics,
  createStatisticsKeeper,
  hasAutovacuum,
  insertRows,
  type RowOf,
} from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
let next = 0;

const signatures = (n: number): RowOf<'EvmMethodSignature'>[] =>
  Array.from({ length: n }, () => ({
    methodHash: `0x${(next++).toString(16).padStart(8, '0')}`,
    methodName: `f${next}()`,
  }));

/** The row count the planner believes (-1: never analyzed). */
async function plannerRows(): Promise<number> {
  const [row] = await db.query<{ rows: number }>(
    `SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = to_regclass('evm_method_signature')`,
  );
  return Number(row!.rows);
}

async function write(keeper: ReturnType<typeof createStatisticsKeeper>, n: number): Promise<void> {
  const rows = signatures(n);
  await insertRows(db, 'EvmMethodSignature', rows);
  keeper.noteWritten({ EvmMethodSignature: rows });
  await keeper.analyzeDue();
}

// On PostgreSQL the file gets a database of its own: VACUUM marks a page all-visible only when no open
// snapshot of the same database still sees its old rows, and other test files run transactions in theirs.
const sharedUrl = process.env.DATABASE_URL;
const ownDatabase = `ads_statistics_${randomBytes(6).toString('hex')}`;

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: sharedUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (sharedUrl) {
    await onServer(`CREATE DATABASE "${ownDatabase}"`);
    const url = new URL(sharedUrl);
    url.pathname = `/${ownDatabase}`;
    process.env.DATABASE_URL = url.toString();
  }
  try {
    db = await setupTestDatabase();
  } finally {
    process.env.DATABASE_URL = sharedUrl;
  }
});
afterAll(async () => {
  await teardown(db);
  if (sharedUrl) await onServer(`DROP DATABASE IF EXISTS "${ownDatabase}"`);
});

describe('createStatisticsKeeper()', () => {
  let statistics: ReturnType<typeof createStatisticsKeeper>;
  beforeAll(() => {
    statistics = createStatisticsKeeper(db);
  });

  test('below the threshold (50 rows) a new table is not analyzed', async () => {
    const before = await plannerRows();
    await write(statistics, 40);
    expect(await plannerRows()).toBe(before);
  });

  test('past it, the table is analyzed: the planner knows every row written', async () => {
    await write(statistics, 20);
    expect(await plannerRows()).toBe(60);
  });

  test('the next ANALYZE waits for 50 + 10 % of the analyzed rows: 56 here', async () => {
    await write(statistics, 56);
    expect(await plannerRows()).toBe(60);
    await write(statistics, 1);
    expect(await plannerRows()).toBe(117);
  });

  test('rows of several writes and models are counted together; a model without rows changes nothing', async () => {
    const rows = signatures(70);
    await insertRows(db, 'EvmMethodSignature', rows);
    statistics.noteWritten({ EvmMethodSignature: rows.slice(0, 35), EvmBlock: [] }, undefined, {
      EvmMethodSignature: rows.slice(35),
    });
    await statistics.analyzeDue();
    expect(await plannerRows()).toBe(187);
  });

  test('a paced run waits pauseMs after the last run ends; an unpaced one does not', async () => {
    const paced = createStatisticsKeeper(db, { baseRows: 0, fraction: 0, pauseMs: 60_000 });
    const rows = signatures(10);
    await insertRows(db, 'EvmMethodSignature', rows);
    paced.noteWritten({ EvmMethodSignature: rows });
    await paced.analyzeDue({ paced: true }); // no run before: nothing to wait for
    expect(await plannerRows()).toBe(197);
    const more = signatures(10);
    await insertRows(db, 'EvmMethodSignature', more);
    paced.noteWritten({ EvmMethodSignature: more });
    await paced.analyzeDue({ paced: true });
    expect(await plannerRows()).toBe(197);
    await paced.analyzeDue();
    expect(await plannerRows()).toBe(207);
  });
});

describe('createStatisticsKeeper() where no autovacuum runs', () => {
  /** Manual VACUUMs and ANALYZEs of the table so far (autovacuum's own are counted apart). */
  async function upkeep(): Promise<{ vacuums: number; analyzes: number }> {
    const [row] = await db.query<{ vacuums: bigint; analyzes: bigint }>(
      `SELECT vacuum_count AS vacuums, analyze_count AS analyzes FROM pg_stat_user_tables WHERE relid = to_regclass('evm_method_signature')`,
    );
    return { vacuums: Number(row!.vacuums), analyzes: Number(row!.analyzes) };
  }

  test('a keeper that has not measured the table yet vacuums it once more than 1000 rows were written', async () => {
    const statistics = createStatisticsKeeper(db, { vacuum: true, baseRows: 1e9 });
    const before = await upkeep();
    await write(statistics, 1000);
    expect(await upkeep()).toEqual(before);
    await write(statistics, 1);
    expect(await upkeep()).toEqual({ vacuums: before.vacuums + 1, analyzes: before.analyzes });

    // Then it knows the table's size: the next VACUUM waits for 1000 + 20 % of it.
    const size = await plannerRows();
    await write(statistics, 1000 + Math.floor(0.2 * size));
    expect((await upkeep()).vacuums).toBe(before.vacuums + 1);
    await write(statistics, 1);
    expect((await upkeep()).vacuums).toBe(before.vacuums + 2);
  });

  test('when ANALYZE is due as well, both run in one pass (VACUUM (ANALYZE))', async () => {
    const statistics = createStatisticsKeeper(db, { vacuum: true });
    const before = await upkeep();
    await write(statistics, 1001);
    expect(await upkeep()).toEqual({ vacuums: before.vacuums + 1, analyzes: before.analyzes + 1 });
  });

  test("a vacuumed table's pages are all visible: index-only scans need not read them", async () => {
    const [row] = await db.query<{ pages: number; visible: number }>(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = to_regclass('evm_method_signature')`,
    );
    expect(row!.pages).toBeGreaterThan(0);
    expect(row!.visible).toBe(row!.pages);
  });

  test('with vacuum: false (autovacuum serves the database) a table past both thresholds is only analyzed', async () => {
    const statistics = createStatisticsKeeper(db, { vacuum: false });
    const before = await upkeep();
    await write(statistics, 5000);
    expect(await upkeep()).toEqual({ vacuums: before.vacuums, analyzes: before.analyzes + 1 });
  });
});

describe('hasAutovacuum()', () => {
  test('true only on a PostgreSQL server with autovacuum on: PGlite runs PostgreSQL as one process, without a launcher', async () => {
    const [setting] = db.kind === 'postgres' ? await db.query<{ autovacuum: string }>('SHOW autovacuum') : [];
    expect(await hasAutovacuum(db)).toBe(setting?.autovacuum === 'on');
  });
});

describe('analyzeTablesWithoutStatistics()', () => {
  const hasStatistics = async (table: string) =>
    (
      await db.query<{ n: bigint }>(
        'SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1',
        [table],
      )
    )[0]!.n > 0n;

  test('a table with rows and no statistics is analyzed; empty and analyzed tables are left alone', async () => {
    await db.query(
      "INSERT INTO asset_price (price_key, currency_code, timestamp, value) SELECT 'avalanche-2', 'usd', n, 20 FROM generate_series(1, 100) AS n",
    );
    expect(await hasStatistics('asset_price')).toBe(false);
    const analyzed = await analyzeTablesWithoutStatistics(db);
    expect(analyzed).toContain('asset_price');
    expect(analyzed).not.toContain('evm_log');
    expect(await hasStatistics('asset_price')).toBe(true);
    expect(await analyzeTablesWithoutStatistics(db)).toEqual([]);
  });
});

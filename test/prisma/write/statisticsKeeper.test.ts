// The planner's statistics of the tables a writer fills are kept as autovacuum would (PGlite has no
// autovacuum): a table is analyzed once more rows than 50 + 10 % of its analyzed size were written.
import type { Database } from '../../../prisma/database';
import { analyzeTablesWithoutStatistics, createStatisticsKeeper, insertRows, type RowOf } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
let next = 0;

const signatures = (n: number): RowOf<'EvmMethodSignature'>[] =>
  Array.from({ length: n }, () => ({ methodHash: `0x${(next++).toString(16).padStart(8, '0')}`, methodName: `f${next}()` }));

/** The row count the planner believes (-1: never analyzed). */
async function plannerRows(): Promise<number> {
  const [row] = await db.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = to_regclass('evm_method_signature')`);
  return Number(row!.rows);
}

async function write(keeper: ReturnType<typeof createStatisticsKeeper>, n: number): Promise<void> {
  const rows = signatures(n);
  await insertRows(db, 'EvmMethodSignature', rows);
  keeper.noteWritten({ EvmMethodSignature: rows });
  await keeper.analyzeDue();
}

beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

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
    statistics.noteWritten({ EvmMethodSignature: rows.slice(0, 35), EvmBlock: [] }, undefined, { EvmMethodSignature: rows.slice(35) });
    await statistics.analyzeDue();
    expect(await plannerRows()).toBe(187);
  });
});

describe('analyzeTablesWithoutStatistics()', () => {
  const hasStatistics = async (table: string) =>
    (await db.query<{ n: bigint }>('SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1', [table]))[0]!.n > 0n;

  test('a table with rows and no statistics is analyzed; empty and analyzed tables are left alone', async () => {
    await db.query("INSERT INTO asset_price (price_key, currency_code, timestamp, value) SELECT 'avalanche-2', 'usd', n, 20 FROM generate_series(1, 100) AS n");
    expect(await hasStatistics('asset_price')).toBe(false);
    const analyzed = await analyzeTablesWithoutStatistics(db);
    expect(analyzed).toContain('asset_price');
    expect(analyzed).not.toContain('evm_log');
    expect(await hasStatistics('asset_price')).toBe(true);
    expect(await analyzeTablesWithoutStatistics(db)).toEqual([]);
  });
});

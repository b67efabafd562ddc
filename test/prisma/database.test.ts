import { mkdtempSync, rmSync } from 'node:fs';
import { hexToBytes } from '../../prisma/hexBytes';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../prisma/database';
import { readMigrations } from '../../prisma/migrate';
import { setupTestDatabase, teardown } from '../setup/database';

const databaseUrl = process.env.DATABASE_URL;

describe('createDatabase()', () => {
  let db: Database;
  const statements: string[] = [];
  beforeAll(async () => {
    db = await setupTestDatabase({ onQuery: (sql) => statements.push(sql) });
  });
  afterAll(() => teardown(db));
  beforeEach(() => {
    statements.length = 0;
  });

  it('applies pending migrations before returning', async () => {
    const rows = await db.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
    );
    expect(rows.map((row) => row.migration_name)).toEqual(readMigrations().map((m) => m.name));
    expect(db.kind).toBe(databaseUrl ? 'postgres' : 'pglite');
  });

  it('onQuery is called once per statement Prisma sends', async () => {
    await db.prisma.evmMethodSignature.create({
      data: { methodHash: hexToBytes('0xa9059cbb'), methodName: 'transfer(address,uint256)' },
    });
    await db.prisma.evmMethodSignature.findMany({
      where: { methodHash: { in: ['0xa9059cbb', '0x095ea7b3'].map(hexToBytes) } },
    });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^INSERT INTO /);
    expect(statements[1]).toMatch(/^SELECT /);
  });

  it('onQuery sees statements inside transactions, without BEGIN and COMMIT', async () => {
    await db.prisma.$transaction([
      db.prisma.evmMethodSignature.count(),
      db.prisma.evmMethodSignature.findFirst({ where: { methodHash: hexToBytes('0xa9059cbb') } }),
    ]);
    await db.prisma.$transaction(async (tx) => {
      await tx.evmMethodSignature.upsert({
        where: { methodHash: hexToBytes('0x095ea7b3') },
        create: { methodHash: hexToBytes('0x095ea7b3'), methodName: 'approve(address,uint256)' },
        update: {},
      });
    });
    expect(statements.filter((sql) => /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(sql))).toEqual([]);
    // count + findFirst, then the upsert (select, insert, select back): the same on both engines.
    expect(statements).toHaveLength(5);
    expect(statements[0]).toMatch(/^SELECT COUNT/);
  });

  it('onQuery is not called for raw query()', async () => {
    await db.query('SELECT 1');
    expect(statements).toEqual([]);
  });

  it('query() returns int8 as bigint, numeric as string and timestamptz as Date on both engines', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT 18446744073709551615::numeric AS big, 9007199254740993::int8 AS int8, ' +
        'ARRAY[1, 2]::int8[] AS int8s, now() AS at, $1::text AS param',
      ['p'],
    );
    expect(row).toEqual({
      big: '18446744073709551615',
      int8: 9007199254740993n,
      int8s: [1n, 2n],
      at: expect.any(Date),
      param: 'p',
    });
  });

  it('round-trips Prisma BigInt, Decimal and enum columns', async () => {
    await db.prisma.metricRollup.create({
      data: {
        scope: 'total',
        timeInterval: 'DAY',
        bucket: 1_700_000_000n,
        gasUsed: '12345678901234567890',
        avgGps: '12345678901234567890.5',
      },
    });
    const metric = await db.prisma.metricRollup.findFirstOrThrow({ where: { scope: 'total', timeInterval: 'DAY' } });
    expect(metric.bucket).toBe(1_700_000_000n);
    expect(metric.avgGps.toFixed()).toBe('12345678901234567890.5');
  });

  (databaseUrl ? it : it.skip)('keeps every table of a PostgreSQL database in its schema', async () => {
    const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    expect(schema).toMatch(/^test_/);
    const tables = await db.query<{ table_schema: string }>(
      'SELECT DISTINCT table_schema FROM information_schema.tables ' +
        "WHERE table_name IN ('evm_block', '_prisma_migrations')",
    );
    expect(tables.map((t) => t.table_schema)).toContain(schema);
    const [{ count }] = await db.query<{ count: bigint }>('SELECT count(*) FROM evm_method_signature');
    expect(count).toBe(BigInt(await db.prisma.evmMethodSignature.count()));
  });
});

describe('Database.transaction()', () => {
  let db: Database;
  beforeAll(async () => {
    db = await setupTestDatabase();
  });
  afterAll(() => teardown(db));
  const names = async () =>
    (await db.query<{ method_name: string }>('SELECT method_name FROM evm_method_signature ORDER BY 1')).map(
      (r) => r.method_name,
    );

  it('commits every statement of fn together and returns its result', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO evm_method_signature VALUES ('\\x01', 'a()')");
      await tx.query("INSERT INTO evm_method_signature VALUES ('\\x02', 'b()')");
      return (await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM evm_method_signature'))[0]!.n;
    });
    expect(result).toBe(2n);
    expect(await names()).toEqual(['a()', 'b()']);
  });

  it('error: rolls everything back when fn throws, and rethrows', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO evm_method_signature VALUES ('\\x03', 'c()')");
        throw new Error('indexer failed');
      }),
    ).rejects.toThrow('indexer failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE evm_method_signature SET method_name = 'changed()' WHERE method_hash = '\\x01'");
        await tx.query("INSERT INTO evm_method_signature VALUES ('\\x02', 'duplicate()')");
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await names()).toEqual(['a()', 'b()']);
  });

  it('error: the transaction handle is closed once fn settles', async () => {
    let leaked: { query: (sql: string) => Promise<unknown> } | undefined;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('SELECT 1')).rejects.toThrow(/closed/i);
  });

  it('leaves the database usable by Prisma and query() after a rollback', async () => {
    await db
      .transaction(async () => {
        throw new Error('x');
      })
      .catch(() => {});
    expect(await db.prisma.evmMethodSignature.count()).toBe(2);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe('createDatabase() with a PGlite data folder', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the folder, migrates it, and finds the data again when reopened', async () => {
    const folder = path.join(dataDir, 'nested', 'pglite');
    const log: string[] = [];
    const first = await createDatabase({ dataDir: folder, log: (msg) => log.push(msg) });
    await first.prisma.evmMethodSignature.create({
      data: { methodHash: hexToBytes('0x70a08231'), methodName: 'balanceOf(address)' },
    });
    await first.close();
    expect(log.some((line) => line.startsWith('applied migration'))).toBe(true);

    log.length = 0;
    const second = await createDatabase({ dataDir: folder, log: (msg) => log.push(msg) });
    try {
      await expect(second.prisma.evmMethodSignature.count()).resolves.toBe(1);
      expect(log.some((line) => line.startsWith('applied migration'))).toBe(false);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a table written without planner statistics is analyzed when the folder is opened again (PGlite has no autovacuum)', async () => {
    const folder = path.join(dataDir, 'unanalyzed');
    const analyzedTables = async (db: Awaited<ReturnType<typeof createDatabase>>) =>
      (
        await db.query<{ tablename: string }>(
          "SELECT DISTINCT tablename FROM pg_stats WHERE schemaname = current_schema() AND tablename IN ('asset_price', 'evm_log')",
        )
      ).map((row) => row.tablename);
    const first = await createDatabase({ dataDir: folder });
    await first.query(
      "INSERT INTO asset_price (price_key, currency_code, timestamp, value) SELECT 'avalanche-2', 'usd', n, 20 FROM generate_series(1, 100) AS n",
    );
    expect(await analyzedTables(first)).toEqual([]);
    await first.close();

    const log: string[] = [];
    const debug: string[] = [];
    const second = await createDatabase({
      dataDir: folder,
      log: (msg) => log.push(msg),
      debug: (msg) => debug.push(msg),
    });
    try {
      expect(await analyzedTables(second)).toEqual(['asset_price']); // evm_log has no rows: nothing to learn
      // Upkeep, told at debug level only: a command's output never shows it.
      expect(debug).toContain('analyzed 1 tables that had rows but no planner statistics: asset_price');
      expect(log.filter((line) => line.includes('planner statistics'))).toEqual([]);
    } finally {
      await second.close();
    }
  }, 120_000);
});

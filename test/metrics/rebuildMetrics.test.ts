// The two ways rollups come to be give the same rows: block by block through the write path (in an
// order where a chain's older blocks arrive after another chain's newer ones), and the rebuild from
// the raw rows, in one chunk per chain or in many small ones.
import {
  ACTIVE_ADDRESS_ROWS_SQL,
  applyMetricsDelta,
  countBlockMetrics,
  METRIC_TABLES,
  rebuildMetrics,
  recountRewoundMetrics,
} from '../../metrics';
import type { Database } from '../../prisma/database';
import { rewindChain, writeBlock, writeBlocks, type ChainRows } from '../../prisma/write';
import { insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { chainBlocks, insertMetricChains, METRIC_CHAINS } from '../subgraphs/metrics/fixtures/metricChains';

let db: Database;

/** Every row of the metric tables as text, sorted (`previous_day` is bookkeeping of the last write). */
async function metricRows(from: Database = db): Promise<Record<string, string[]>> {
  const tables: Record<string, string> = {
    metric_rollup: 'SELECT r::text AS r FROM metric_rollup r',
    // The sets' addresses, not their numbers or the bits a last write set.
    metric_active_address: `SELECT r::text AS r FROM (${ACTIVE_ADDRESS_ROWS_SQL}) r`,
    metric_deployer: 'SELECT r::text AS r FROM metric_deployer r',
    metric_first_seen: `SELECT concat_ws(',', scope, kind, address, first_day) AS r FROM metric_first_seen`,
  };
  const out: Record<string, string[]> = {};
  for (const [table, sql] of Object.entries(tables))
    out[table] = (await from.query<{ r: string }>(`${sql} ORDER BY 1`)).map((row) => row.r);
  return out;
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertMetricChains(db);
}, 60_000);
afterAll(() => teardown(db));

describe('rebuildMetrics()', () => {
  let incremental: Record<string, string[]>;
  beforeAll(async () => {
    // Newest chain first: the shared scopes see first-seen days move earlier.
    for (const chain of [...METRIC_CHAINS].reverse())
      for (const block of chainBlocks(chain, 60)) await writeBlock(db, block, { beforeRows: countBlockMetrics });
    incremental = await metricRows();
  }, 120_000);

  test('writeBlock counted every block: rollups exist for every scope and interval', () => {
    expect(incremental.metric_rollup!.length).toBeGreaterThan(100);
    expect(incremental.metric_first_seen!.length).toBeGreaterThan(20);
    expect(incremental.metric_deployer!.length).toBeGreaterThan(0);
  });

  test('recomputes exactly the rows the write path maintained', async () => {
    expect(await rebuildMetrics(db)).toBe(incremental.metric_rollup!.length);
    expect(await metricRows()).toEqual(incremental);
  });

  test('the delta gives the same rows whatever block ranges it is applied in', async () => {
    await db.query(`TRUNCATE ${METRIC_TABLES.join(', ')}`);
    for (const chain of METRIC_CHAINS) {
      for (let from = chain.firstBlock; from < chain.firstBlock + 60n; from += 7n)
        await applyMetricsDelta(db, { chainId: chain.chainId, from, to: from + 6n });
    }
    expect(await metricRows()).toEqual(incremental);
  });
});

describe('writeBlock() and the metrics', () => {
  test('writing a stored block again counts nothing twice', async () => {
    const before = await metricRows();
    await writeBlock(db, chainBlocks(METRIC_CHAINS[0], 3)[2]!, { beforeRows: countBlockMetrics });
    expect(await metricRows()).toEqual(before);
  });

  test('a block of a chain without an EvmChain row is written and not counted (its network is unknown)', async () => {
    const before = await metricRows();
    const [block] = chainBlocks(
      { ...METRIC_CHAINS[0], chainId: 12345n } as unknown as (typeof METRIC_CHAINS)[number],
      1,
    );
    await writeBlock(db, block!, { beforeRows: countBlockMetrics });
    expect(await db.prisma.evmBlock.count({ where: { chainId: 12345n } })).toBe(1);
    expect(await metricRows()).toEqual(before);
  });

  test('a failing block leaves the rollups as they were (one transaction)', async () => {
    const before = await metricRows();
    const [block] = chainBlocks(METRIC_CHAINS[0], 61).slice(-1);
    const broken = {
      ...block!,
      rows: {
        ...block!.rows,
        EvmTransaction: [
          { ...block!.rows!.EvmTransaction![0]!, blockIndex: 0 },
          { ...block!.rows!.EvmTransaction![0]!, txHash: `0x${'9'.repeat(64)}`, blockIndex: 0 },
        ],
      },
    };
    await expect(writeBlock(db, broken, { beforeRows: countBlockMetrics })).rejects.toThrow();
    expect(await metricRows()).toEqual(before);
  });
});

describe('rewindChain() and the metrics', () => {
  const [chain] = METRIC_CHAINS;
  const targets: ChainRows[] = [
    { model: 'EvmInternalTransaction', chain: { chainId: chain.chainId }, heightField: 'blockNumber' },
    { model: 'EvmTokenTransfer', chain: { chainId: chain.chainId }, heightField: 'blockNumber' },
    { model: 'EvmTransaction', chain: { chainId: chain.chainId }, heightField: 'blockNumber' },
    { model: 'EvmBlock', chain: { chainId: chain.chainId }, heightField: 'number' },
  ];

  test('a rewound chain leaves the rollups a rebuild from the remaining rows gives', async () => {
    const blocks = chainBlocks(chain, 60);
    await rewindChain(db, blocks[29]!.cursor, targets, {
      beforeDelete: recountRewoundMetrics(chain.chainId, blocks[29]!.cursor.height),
    });
    expect(await db.prisma.evmBlock.count({ where: { chainId: chain.chainId } })).toBe(30);
    const rewound = await metricRows();
    await rebuildMetrics(db);
    expect(rewound).toEqual(await metricRows());
  }, 60_000);

  test('writing the blocks again after a rewind gives the rows of a rebuild', async () => {
    for (const block of chainBlocks(chain, 60).slice(30))
      await writeBlock(db, block, { beforeRows: countBlockMetrics });
    const rewritten = await metricRows();
    await rebuildMetrics(db);
    expect(rewritten).toEqual(await metricRows());
  }, 60_000);

  test("writeBlocks: a backfill's batches count what the blocks written one by one count", async () => {
    const ancestor = chainBlocks(chain, 60)[9]!.cursor;
    await rewindChain(db, ancestor, targets, { beforeDelete: recountRewoundMetrics(chain.chainId, ancestor.height) });
    await rebuildMetrics(db);
    const blocks = chainBlocks(chain, 60).slice(10);
    for (let i = 0; i < blocks.length; i += 16)
      await writeBlocks(db, blocks.slice(i, i + 16), { beforeRows: countBlockMetrics });
    const batched = await metricRows();
    await rebuildMetrics(db);
    expect(batched).toEqual(await metricRows());
    expect(await db.prisma.evmBlock.count({ where: { chainId: chain.chainId } })).toBe(60);
  }, 60_000);
});

// PGlite has one connection: its transactions take turns.
(process.env.DATABASE_URL ? describe : describe.skip)('writeBlock() in concurrent transactions', () => {
  test('chains of shared scopes written at once number and count each address once: the rows of a rebuild', async () => {
    const own = await setupTestDatabase();
    try {
      await insertSubnetFixture(own);
      await insertMetricChains(own);
      // Their blocks interleave, each in its own transaction: the same new addresses, the same bitmap rows at once.
      await Promise.all(
        METRIC_CHAINS.map(async (chain) => {
          for (const block of chainBlocks(chain, 60)) await writeBlock(own, block, { beforeRows: countBlockMetrics });
        }),
      );
      const numbers = await own.query<{ n: bigint; distinct: bigint }>(
        'SELECT count(*) AS n, count(DISTINCT address) AS distinct FROM metric_address',
      );
      expect(numbers[0]!.n).toBe(numbers[0]!.distinct);
      const concurrent = await metricRows(own);
      await rebuildMetrics(own);
      expect(concurrent).toEqual(await metricRows(own));
    } finally {
      await teardown(own);
    }
  }, 120_000);
});

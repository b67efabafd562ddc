// `npm run bench:metrics [-- --engine pg|pglite --scale 147 --span-days 365 --iterations 30 --blocks 100]`:
// the demo data set at the given size (scale 147 ≈ 10,000,000 EVM transactions), its rollups built by
// the seeder and its tables sized per transaction, then (1) a one-year daily series of every 4.3 metric
// for `total` through REST, beside the same statement through the driver plus JSON serialisation (the
// floor), and (2) the per-block rollup update, alone and as part of writeBlock. bench/README.md
// describes the method.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { applyMetricsDelta, countBlockMetrics, newEvmBlocks } from '../metrics';
import { createDatabase, type Database } from '../prisma/database';
import { insertRows, writeBlock, WRITE_ORDER, type ModelName, type RowOf } from '../prisma/write';
import { DEMO_NOW, seedDemoData } from '../demo-data';
import { keysetSql } from '../subgraphs/shared/paging/keysetSql';
import { METRIC_POINT_ORDER, metricPointsSql } from '../subgraphs/metrics/queries/listMetricPoints';
import { EvmChainMetric, TimeInterval } from '../subgraphs/metrics/types/metric.type';
import { nextBlocks } from './chain-metrics/nextBlocks';
import { choiceOption, integerOption, parseOptions, positiveOption } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { formatTable } from './shared/report';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { bytesPerTransaction, measureTables } from './shared/measureStorage';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { runBench } from './shared/report';
import { startService } from './shared/startService';

const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const DAY = 86_400;

type Options = { engine: 'pg' | 'pglite'; scale: number; spanDays: number; iterations: number; blocks: number };

function parseArgs(argv: string[]): Options {
  return parseOptions<Options>(
    argv,
    { engine: 'pg', scale: 147, spanDays: 365, iterations: 30, blocks: 100 },
    {
      '--engine': (options, value, flag) => (options.engine = choiceOption(flag, value, ['pg', 'pglite'] as const)),
      '--scale': (options, value, flag) => (options.scale = positiveOption(flag, value, 1000)),
      '--span-days': (options, value, flag) => (options.spanDays = integerOption(flag, value, 1, 36_500)),
      '--iterations': (options, value, flag) => (options.iterations = integerOption(flag, value, 1, 100_000)),
      '--blocks': (options, value, flag) => (options.blocks = integerOption(flag, value, 2, 100_000)),
    },
  );
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (value: number) => value.toFixed(2);

async function timed(iterations: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

async function main(options: Options): Promise<void> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) =>
    console.error(`cleanup of ${label} failed: ${(error as Error).message}`),
  );
  process.once('SIGINT', () => void cleanup.run().finally(() => process.exit(130)));
  try {
    let db: Database;
    let floor: (sql: string, values: unknown[]) => Promise<unknown[]>;
    if (options.engine === 'pg') {
      if (!/@(127\.0\.0\.1|localhost)[:/]/.test(databaseUrl))
        throw new Error('Validation failed: DATABASE_URL, expected a PostgreSQL on 127.0.0.1');
      const bench = await openBenchDatabase({ databaseUrl });
      db = bench.db;
      cleanup.defer(`schema ${bench.schema}`, bench.dropAndClose);
      const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path="${bench.schema}"`, max: 2 });
      cleanup.defer('floor pool', () => pool.end());
      floor = async (sql, values) => (await pool.query(sql, values)).rows;
    } else {
      db = await createDatabase({ dataDir: 'memory://' });
      cleanup.defer('pglite', () => db.close());
      floor = (sql, values) => db.query(sql, values);
    }

    console.log(
      `seeding the demo data set: scale ${options.scale}, EVM blocks over ${options.spanDays} days (${options.engine})`,
    );
    const seed = await seedDemoData(db, {
      scale: options.scale,
      evmSpanDays: options.spanDays,
      log: (m) => /done in|metrics: /.test(m) && console.log(`  ${m}`),
    });
    const txs = seed.rows.evm_transaction ?? 0;
    const sets = await db.query<{ n: bigint }>(
      'SELECT (SELECT count(*) FROM metric_active_address) + (SELECT count(*) FROM metric_deployer) + (SELECT count(*) FROM metric_first_seen) AS n',
    );
    console.log(
      `  ${txs.toLocaleString('en')} transactions, ${(seed.rows.evm_block ?? 0).toLocaleString('en')} blocks; ${seed.rows.metric_rollup} rollup rows, ${sets[0]!.n} set rows; rollups rebuilt in ${((seed.stepsMs.metrics ?? 0) / 1000).toFixed(1)} s`,
    );
    await db.query('ANALYZE');
    const storage = await measureTables(db, txs);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `  seeded in ${(seed.durationMs / 1000).toFixed(0)} s; tables with indexes ${mb(storage.tableBytes)}, ${bytesPerTransaction(storage).toFixed(0)} B per EVM transaction; largest: ${storage.largest.map((t) => `${t.table} ${mb(t.bytes)}`).join(', ')}`,
    );

    const service = await startService(
      db,
      'bench-page-token-secret',
      (message, error) => console.error(message, error),
      () => DEMO_NOW,
    );
    cleanup.defer('service', service.close);

    // (1) one-year daily series, newest first, one page.
    const end = DEMO_NOW - DAY;
    const start = end - 364 * DAY;
    const rows: string[][] = [];
    for (const metric of Object.values(EvmChainMetric)) {
      const path = `/v2/chains/total/metrics/${metric}?timeInterval=day&startTimestamp=${start}&endTimestamp=${end}&pageSize=366`;
      let points = 0;
      const rest = await timed(options.iterations, async () => {
        const response = await fetch(`${service.baseUrl}${path}`);
        const body = (await response.json()) as { results: unknown[] };
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
        points = body.results.length;
      });
      const sql = metricPointsSql(
        { scope: 'total', metric, interval: TimeInterval.day, start: BigInt(start), end: BigInt(end) },
        keysetSql(METRIC_POINT_ORDER, undefined, 'desc', 367),
      );
      const base = await timed(options.iterations, async () =>
        JSON.stringify(
          (await floor(sql.text, sql.values)).map((r: any) => ({ value: r.value, timestamp: Number(r.timestamp) })),
        ),
      );
      rows.push([
        metric,
        String(points),
        ms(percentile(rest, 50)),
        ms(percentile(rest, 95)),
        ms(percentile(base, 50)),
        ms(percentile(base, 95)),
      ]);
    }
    console.log(
      `\none-year daily series of each metric for total (${options.iterations} sequential requests after 3 warm-ups; ms)`,
    );
    console.log(formatTable(['metric', 'points', 'REST p50', 'REST p95', 'floor p50', 'floor p95'], rows));

    // (2) the per-block update: half the blocks through writeBlock, half with the delta timed alone.
    const blocks = await nextBlocks(db, 43114n, options.blocks);
    const whole: number[] = [];
    const delta: number[] = [];
    for (const [i, block] of blocks.entries()) {
      if (i % 2 === 0) {
        const started = performance.now();
        await writeBlock(db, block, { beforeRows: countBlockMetrics });
        whole.push(performance.now() - started);
        continue;
      }
      await db.transaction(async (tx) => {
        const pending = await newEvmBlocks(tx, block.rows!.EvmBlock!);
        for (const model of WRITE_ORDER) {
          const modelRows = block.rows?.[model] as readonly RowOf<ModelName>[] | undefined;
          if (modelRows?.length) await insertRows(tx, model, modelRows);
        }
        const started = performance.now();
        for (const range of pending) await applyMetricsDelta(tx, range);
        delta.push(performance.now() - started);
      });
    }
    const txsPerBlock = blocks.reduce((n, b) => n + (b.rows?.EvmTransaction?.length ?? 0), 0) / blocks.length;
    console.log(
      `\nper-block rollup update, C-Chain blocks of the data set (${txsPerBlock.toFixed(1)} transactions per block; ms)`,
    );
    console.log(
      formatTable(
        ['what', 'blocks', 'p50', 'p95', 'mean'],
        [
          [
            'rollup delta alone (2 statements + chain lookup)',
            String(delta.length),
            ms(percentile(delta, 50)),
            ms(percentile(delta, 95)),
            ms(delta.reduce((a, b) => a + b, 0) / delta.length),
          ],
          [
            'writeBlock with the delta (one transaction)',
            String(whole.length),
            ms(percentile(whole, 50)),
            ms(percentile(whole, 95)),
            ms(whole.reduce((a, b) => a + b, 0) / whole.length),
          ],
        ],
      ),
    );
  } finally {
    await cleanup.run();
  }
}

runBench(
  () => parseArgs(process.argv.slice(2)),
  async (options) => {
    await main(options);
    return 0;
  },
);

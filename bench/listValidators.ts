// `npm run bench:validators [-- --engine pg|pglite --duration 10 --warmup 10 --page-sizes 10,100 --paths pg,rest,graphql]`:
// list validators (4.5) with filters over 15,000+ validations, through the whole stack (REST, and
// GraphQL) beside the same statement run on the database directly plus JSON serialisation, in the
// same run. bench/README.md explains the method and the columns.
import 'reflect-metadata';
import { createDatabase, type Database } from '../prisma/database';
import { insertValidatorDataSet } from './list-validators/insertValidatorDataSet';
import { listValidatorsTargets, validatorQueries } from './list-validators/listValidatorsTargets';
import { pgliteRunner, pgRunner, type RunSql } from './floor/sqlRunners';
import { startFloor } from './floor/startFloor';
import { validatorsFloorRoute } from './floor/validatorsFloorRoute';
import { restEquivalentQuery } from './list-subnets/restEquivalentQuery';
import { BENCH_DEFAULTS, benchOptions, choiceOption, parseOptions, type BenchArgs } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { stopLoad, type LoadTarget } from './shared/runLoad';
import { startService } from './shared/startService';
import { benchHeader, describeError, progress, runBench, withApplicationName } from './shared/report';
import { measureTargets, otherCpuShare, runFailed, loadTable } from './shared/measureTargets';

const databaseUrl = withApplicationName(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test');
const pageTokenSecret = 'bench-page-token-secret';
/** The bench's "now": statuses, capacities and time remaining depend on it, so every answer is the same. */
const BENCH_NOW = 1_790_000_000;

type Engine = 'pg' | 'pglite';
async function main(args: BenchArgs, engine: Engine): Promise<number> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  const abort = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('SIGINT', 130));
  process.once('SIGTERM', () => abort('SIGTERM', 143));
  const limitSeconds = 300 + args.pageSizes.length * validatorQueries.length * 3 * (args.warmup + args.duration + 10);
  const watchdog = setTimeout(() => abort(`no result after ${limitSeconds} s`, 1), limitSeconds * 1000);

  try {
    const started = Date.now();
    // Records the statements Prisma sends while `recording` is set: the same-SQL check, before any measurement.
    let recording: string[] | undefined;
    const onQuery = (sql: string) => recording?.push(sql);
    let db: Database;
    let run: RunSql;
    if (engine === 'pg') {
      const bench = await openBenchDatabase({ databaseUrl, onQuery });
      db = bench.db;
      cleanup.defer(`schema ${bench.schema}`, bench.dropAndClose);
      const pool = pgRunner(databaseUrl, bench.schema);
      run = pool.run;
      cleanup.defer('baseline pool', pool.end);
    } else {
      db = await createDatabase({ dataDir: 'memory://', onQuery });
      cleanup.defer('PGlite', () => db.close());
      run = pgliteRunner(db);
    }
    progress(`${engine === 'pg' ? 'PostgreSQL schema' : 'PGlite in memory'} ready; inserting the data set`);
    const dataSet = await insertValidatorDataSet(db, BENCH_NOW);
    const version = (await db.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version ?? '?';

    let serviceErrors = 0;
    const service = await startService(
      db,
      pageTokenSecret,
      (message, error) => {
        if (serviceErrors++ === 0) console.error(`service: ${message}: ${describeError(error)}`);
      },
      () => BENCH_NOW,
    );
    cleanup.defer('service', service.close);
    const baselineStatements: string[] = [];
    const baseline = await startFloor([
      validatorsFloorRoute({
        run: (text, values) => {
          if (recording) baselineStatements.push(text);
          return run(text, values);
        },
        pageTokenSecret,
        now: BENCH_NOW,
      }),
    ]);
    cleanup.defer('baseline', baseline.close);

    // Same SQL: the statements the service sends for each request (the page; with active validators on
    // it, their subnets' active stake) are, character for character, the baseline's.
    for (const { query } of validatorQueries) {
      for (const pageSize of args.pageSizes) {
        const path = `/v1/networks/mainnet/validators?${query}&pageSize=${pageSize}`;
        recording = [];
        baselineStatements.length = 0;
        await (await fetch(service.baseUrl + path)).arrayBuffer();
        await (await fetch(baseline.baseUrl + path)).arrayBuffer();
        const [sent, ran] = [recording, [...baselineStatements]];
        recording = undefined;
        if (sent.length === 0 || sent.length !== ran.length || sent.some((statement, i) => statement !== ran[i])) {
          throw new Error(
            `${path}: the service sent ${JSON.stringify(sent).slice(0, 400)}, the baseline ran ${JSON.stringify(ran).slice(0, 400)}`,
          );
        }
      }
    }

    const document = restEquivalentQuery('listValidators');
    const targets: LoadTarget[] = [];
    for (const query of validatorQueries) {
      for (const pageSize of args.pageSizes) {
        const all = await listValidatorsTargets(
          { service: service.baseUrl, baseline: baseline.baseUrl },
          query,
          pageSize,
          document,
        );
        targets.push(...all.filter((target) => !args.paths || args.paths.includes(target.kind)));
      }
    }
    progress(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: same SQL and same bodies on every path`);

    const otherBefore = await otherCpuShare();
    const results = await measureTargets(targets, args, {
      idle: () => Promise.all([service.idle(), baseline.idle()]),
      db: engine === 'pg' ? db : undefined,
    });

    const count = (n: number) => n.toLocaleString('en-US');
    const s = dataSet.statuses;
    console.log(
      benchHeader(
        [
          `list validators: ${count(dataSet.validations.MAINNET)} mainnet validations (${count(s.active)} active, ${count(s.pending)} pending, ` +
            `${count(s.completed)} completed, ${count(s.removed)} removed) + ${count(dataSet.validations.FUJI)} fuji, ${count(dataSet.subnets)} subnets; ` +
            `${engine === 'pg' ? `PostgreSQL ${version} on 127.0.0.1` : `PGlite (PostgreSQL ${version}) in memory, in this process`}`,
          ...validatorQueries.map(
            (query) => `  ${query.name}: GET /v1/networks/mainnet/validators?${query.query}&pageSize=N`,
          ),
        ],
        args,
        'bench:validators',
        otherBefore,
      ),
    );
    console.log(
      loadTable(results, {
        floor: `floor: the same statement ${engine === 'pg' ? 'through pg' : 'on the same PGlite'} plus the service's formatter and JSON.stringify.`,
        postgres: engine === 'pg',
      }),
    );
    return runFailed(results, serviceErrors) ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup.run();
  }
}

/** `--engine pg|pglite` (default pg), then the options every bench takes. */
function parseArgs(argv: readonly string[]): { args: BenchArgs; engine: Engine } {
  const { engine, ...args } = parseOptions<BenchArgs & { engine: Engine }>(
    argv,
    { ...BENCH_DEFAULTS, engine: 'pg' },
    {
      ...benchOptions<BenchArgs & { engine: Engine }>(),
      '--engine': (options, value, flag) => (options.engine = choiceOption(flag, value, ['pg', 'pglite'] as const)),
    },
  );
  return { args, engine };
}

runBench(
  () => parseArgs(process.argv.slice(2)),
  ({ args, engine }) => main(args, engine),
);

// `npm run bench:evm [-- --scale 15 --schema NAME --duration 10 --warmup 10 --page-sizes 10 --paths pg,rest,graphql]`:
// the two EVM endpoints clients call most, list ERC-20 transfers of an address (4.10) and get one
// transaction (4.16), on 1,000,000+ EVM transactions (the demo data set at scale 15), through the whole
// stack and beside the floor: the same SQL statements run with pg alone, the same body built with the
// same formatters. bench/README.md explains the method and the columns.
import 'reflect-metadata';
import { captureStatements } from './evm-endpoints/captureStatements';
import { chooseEvmRequests } from './evm-endpoints/chooseEvmRequests';
import { parseEvmBenchArgs, type EvmBenchArgs } from './evm-endpoints/evmBenchArgs';
import { evmTargets } from './evm-endpoints/evmTargets';
import { prepareEvmDataSet } from './evm-endpoints/prepareEvmDataSet';
import { replayFloorRoute, type ReplayedRequest } from './floor/replayFloorRoute';
import { pgStatementRunner } from './floor/sqlRunners';
import { startFloor } from './floor/startFloor';
import { restEquivalentQuery } from './list-subnets/restEquivalentQuery';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { stopLoad, type LoadTarget } from './shared/runLoad';
import { startService } from './shared/startService';
import { benchHeader, describeError, progress, runBench, withApplicationName } from './shared/report';
import { measureTargets, otherCpuShare, runFailed, loadTable } from './shared/measureTargets';

/** Every pool of the bench connects under this name, so its PostgreSQL backends can be told apart. */
const databaseUrl = withApplicationName(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test');
const pageTokenSecret = 'bench-page-token-secret';

async function main(args: EvmBenchArgs): Promise<number> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  const abort = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('SIGINT', 130));
  process.once('SIGTERM', () => abort('SIGTERM', 143));
  let watchdog: NodeJS.Timeout | undefined;

  try {
    const started = Date.now();
    const data = await prepareEvmDataSet({ databaseUrl, scale: args.scale, schema: args.schema, log: progress });
    cleanup.defer(`schema ${data.schema}`, data.release);
    // Every later step is bounded (load runs by their duration); this catches a hang anywhere else.
    const limitSeconds = 180 + (args.pageSizes.length + 1) * 3 * (args.warmup + args.duration + 10);
    watchdog = setTimeout(() => abort(`no result after ${limitSeconds} s`, 1), limitSeconds * 1000);
    const requests = await chooseEvmRequests(data.db, args.pageSizes, { secret: pageTokenSecret });
    const postgresVersion =
      (await data.db.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version ?? '?';

    const captured = await captureStatements({
      databaseUrl,
      schema: data.schema,
      pageTokenSecret,
      paths: requests.map((r) => r.request.path),
    });
    let serviceErrors = 0;
    const service = await startService(data.db, pageTokenSecret, (message, error) => {
      if (serviceErrors++ === 0) console.error(`service: ${message}: ${describeError(error)}`);
    });
    cleanup.defer('service', service.close);
    const runner = pgStatementRunner(databaseUrl, data.schema);
    const replayed: ReplayedRequest[] = requests.map((r, i) => ({
      path: r.request.path,
      statements: captured[i]!,
      rounds: r.rounds,
      body: r.body,
    }));
    const baseline = await startFloor([replayFloorRoute({ run: runner.run, requests: replayed })], runner.end);
    cleanup.defer('pg baseline', baseline.close);
    const queries = new Map<string, string>();
    for (const { request } of requests) {
      if (!queries.has(request.field)) queries.set(request.field, restEquivalentQuery(request.field));
    }
    const targets: LoadTarget[] = [];
    for (const { request } of requests) {
      const all = await evmTargets(
        { service: service.baseUrl, baseline: baseline.baseUrl },
        { ...request, query: queries.get(request.field)! },
      );
      targets.push(...all.filter((target) => !args.paths || args.paths.includes(target.kind)));
    }
    progress(
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: same SQL (${captured.map((c) => c.length).join(', ')} statements) and same bodies on every path`,
    );

    const otherBefore = await otherCpuShare();
    const results = await measureTargets(targets, args, {
      idle: () => Promise.all([service.idle(), baseline.idle()]),
      db: data.db,
    });

    const count = (n: number) => n.toLocaleString('en-US');
    console.log(
      benchHeader(
        [
          `EVM endpoints: ${data.scale === undefined ? 'data' : `demo data set at scale ${data.scale}`} in schema ${data.schema}: ${count(data.counts.transactions)} transactions, ` +
            `${count(data.counts.transfers)} token transfers, ${count(data.counts.internals)} internal transactions, ${count(data.counts.blocks)} blocks` +
            `${data.seedSeconds > 0 ? ` (seeded in ${data.seedSeconds.toFixed(0)} s)` : ''}; PostgreSQL ${postgresVersion} on 127.0.0.1`,
        ],
        args,
        'bench:evm',
        otherBefore,
      ),
    );
    console.log(
      loadTable(results, {
        floor:
          "floor: the statements the service sent for the request, replayed through pg in the same rounds, plus the service's formatters and JSON.stringify.",
        postgres: true,
      }),
    );
    return runFailed(results, serviceErrors) ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup.run();
  }
}

runBench(() => parseEvmBenchArgs(process.argv.slice(2)), main);

// `npm run bench:subnets [-- --duration 10 --warmup 10 --page-sizes 10,100 --paths pg,rest,graphql]`:
// what the REST → sofa → gateway → subgraph → DataLoader → Prisma stack costs over the same two
// SQL statements run with pg alone, for list subnets (4.4) on a realistic data set in a
// throw-away PostgreSQL schema. bench/README.md explains the method and the columns.
import 'reflect-metadata';
import { assertSameSql } from './list-subnets/assertSameSql';
import { insertSubnetDataSet } from './list-subnets/insertSubnetDataSet';
import { listSubnetsTargets } from './list-subnets/listSubnetsTargets';
import { restEquivalentQuery } from './list-subnets/restEquivalentQuery';
import { startFloor } from './floor/startFloor';
import { subnetsFloorRoute } from './floor/subnetsFloorRoute';
import { parseBenchArgs, type BenchArgs } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { stopLoad, type LoadTarget } from './shared/runLoad';
import { startService } from './shared/startService';
import { benchHeader, describeError, progress, runBench, withApplicationName } from './shared/report';
import { measureTargets, otherCpuShare, runFailed, loadTable } from './shared/measureTargets';

/** Every pool of the bench connects under this name, so its PostgreSQL backends can be told apart. */
const databaseUrl = withApplicationName(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test');
/** About the size of the P-Chain's subnet list; fuji rows are there to be filtered out. */
const subnetCounts = { MAINNET: 2_000, FUJI: 1_000 };
const pageTokenSecret = 'bench-page-token-secret';

async function main(args: BenchArgs): Promise<number> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup of ${label} failed: ${describeError(error)}`));
  const abort = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('SIGINT', 130));
  process.once('SIGTERM', () => abort('SIGTERM', 143));
  // Every step is bounded (load runs by their duration); this catches a hang anywhere else.
  const limitSeconds = 120 + args.pageSizes.length * 3 * (args.warmup + args.duration + 10);
  const watchdog = setTimeout(() => abort(`no result after ${limitSeconds} s`, 1), limitSeconds * 1000);

  try {
    const started = Date.now();
    const { db, schema, dropAndClose } = await openBenchDatabase({ databaseUrl });
    cleanup.defer(`schema ${schema}`, dropAndClose);
    progress(`schema ${schema} created; inserting the data set`);
    const dataSet = await insertSubnetDataSet(db, subnetCounts);
    const postgresVersion =
      (await db.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version ?? '?';
    await assertSameSql({ databaseUrl, schema, pageTokenSecret, pageSizes: args.pageSizes });

    let serviceErrors = 0;
    const service = await startService(db, pageTokenSecret, (message, error) => {
      if (serviceErrors++ === 0) console.error(`service: ${message}: ${describeError(error)}`);
    });
    cleanup.defer('service', service.close);
    const subnetsFloor = subnetsFloorRoute({ databaseUrl, schema, pageTokenSecret });
    const baseline = await startFloor([subnetsFloor.route], subnetsFloor.end);
    cleanup.defer('pg baseline', baseline.close);
    const query = restEquivalentQuery('listSubnets');
    const targets: LoadTarget[] = [];
    for (const pageSize of args.pageSizes) {
      const all = await listSubnetsTargets({ service: service.baseUrl, baseline: baseline.baseUrl }, pageSize, query);
      targets.push(...all.filter((target) => !args.paths || args.paths.includes(target.kind)));
    }
    progress(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: same SQL and same bodies on every path`);

    const otherBefore = await otherCpuShare();
    const results = await measureTargets(targets, args, {
      idle: () => Promise.all([service.idle(), baseline.idle()]),
      db: db,
    });

    const count = (n: number) => n.toLocaleString('en-US');
    console.log(
      benchHeader(
        [
          `list subnets: ${count(dataSet.subnets.MAINNET)} mainnet + ${count(dataSet.subnets.FUJI)} fuji subnets, ` +
            `${count(dataSet.blockchains)} blockchains (EVM genesis ${(dataSet.genesisBytes / 1024).toFixed(1)} KB on average), ` +
            `PostgreSQL ${postgresVersion} on 127.0.0.1`,
        ],
        args,
        'bench:subnets',
        otherBefore,
      ),
    );
    console.log(
      loadTable(results, {
        floor: "floor: the same two statements through pg plus the service's formatters and JSON.stringify.",
        postgres: true,
      }),
    );
    return runFailed(results, serviceErrors) ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup.run();
  }
}

runBench(() => parseBenchArgs(process.argv.slice(2)), main);

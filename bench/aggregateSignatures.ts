// `npm run bench:warp`: signature aggregation (4.1) for 1,000 validators over JSON-RPC on
// 127.0.0.1, with the longest event-loop stall of each run (BLS work runs in worker threads, so
// the loop stays free), then the same responses verified two ways: the aggregator's one aggregate
// check (bisecting only on failure) against one pairing check per signature.
//
//   npm run bench:warp                                   # embedded PGlite in memory
//   npm run bench:warp -- --validators 1000 --runs 3
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:warp   # a throw-away schema
import { createDatabase, type Database } from '../prisma/database';
import { measureAggregation } from './aggregate-signatures/measureAggregation';
import { integerOption, parseOptions } from './shared/benchArgs';
import { createCleanup } from './shared/cleanup';
import { formatTable } from './shared/report';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { runBench } from './shared/report';

async function main({ validators: count, runs }: { validators: number; runs: number }): Promise<void> {
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup ${label}: ${String(error)}`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup.run().then(() => process.exit(130)));
  try {
    const db = await openDatabase(cleanup);
    const report = await measureAggregation(db, { validators: count, runs, compare: true });
    console.log(`${count} validators, total weight ${report.totalWeight}; nodes on 127.0.0.1`);
    for (const { backend, runs: rows } of report.backends) {
      console.log(`\nAggregation over JSON-RPC (${count} validators, 127.0.0.1), BLS with ${backend}\n`);
      console.log(
        formatTable(
          ['run', 'ms', 'max loop delay ms', 'requests', 'signers', 'rejected', 'pairing checks'],
          rows.map((r) => [
            r.label,
            r.ms.toFixed(0),
            r.stallMs.toFixed(0),
            String(r.requested),
            String(r.signers),
            String(r.rejected),
            String(r.pairingChecks),
          ]),
        ),
      );
    }
    console.log(`\nVerifying the same ${count} responses on one thread each (parse and subgroup check included)\n`);
    console.log(
      formatTable(
        ['verification', 'ms', 'pairing checks', 'valid'],
        report.verification.map((t) => [t.label, t.ms.toFixed(0), String(t.pairingChecks), String(t.valid)]),
      ),
    );
  } finally {
    await cleanup.run();
  }
}

/** PostgreSQL in a throw-away schema when DATABASE_URL is set (127.0.0.1 only), else PGlite in memory. */
async function openDatabase(cleanup: ReturnType<typeof createCleanup>): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await createDatabase({ dataDir: 'memory://' });
    cleanup.defer('database', () => db.close());
    return db;
  }
  const bench = await openBenchDatabase({ databaseUrl });
  cleanup.defer('database', () => bench.dropAndClose());
  return bench.db;
}

function parseArgs(argv: readonly string[]): { validators: number; runs: number } {
  return parseOptions(
    argv,
    { validators: 1000, runs: 3 },
    {
      '--validators': (args, value, flag) => (args.validators = integerOption(flag, value, 1, 10_000)),
      '--runs': (args, value, flag) => (args.runs = integerOption(flag, value, 1, 100)),
    },
  );
}

runBench(
  () => parseArgs(process.argv.slice(2)),
  async (args) => {
    await main(args);
    return 0;
  },
);

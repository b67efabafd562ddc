// `npm run bench:indexer [-- --engine pg|pglite --blocks 1000 --tx-per-block 50 --traces trace_block|callTracer --rounds 1]`:
// a historical backfill from a real node. anvil (npm) gets the test contracts and `blocks` blocks of
// mixed traffic (native, ERC-20/721/1155, CREATE2, value forwarding); then the indexer backfills them
// into a fresh database, beside its floor measured in the same run: the same blocks fetched from
// the node with the same batching and window, nothing decoded or written. Prints blocks/s and
// events/s (logs) of both; with `--rounds`, the floor and the indexer take turns and the medians
// count. bench/README.md describes the method.
import { createDatabase, type Database } from '../prisma/database';
import { measureBackfill } from './indexer/measureBackfill';
import { choiceOption, integerOption, parseOptions } from './shared/benchArgs';
import { formatTable } from './shared/report';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { runBench } from './shared/report';

type Options = {
  engine: 'pg' | 'pglite';
  blocks: number;
  txPerBlock: number;
  traces: 'trace_block' | 'callTracer';
  concurrency: number;
  rounds: number;
};

function parseArgs(argv: string[]): Options {
  return parseOptions<Options>(
    argv,
    {
      engine: process.env.DATABASE_URL ? 'pg' : 'pglite',
      blocks: 1000,
      txPerBlock: 50,
      traces: 'trace_block',
      concurrency: 16,
      rounds: 1,
    },
    {
      '--engine': (options, value, flag) => (options.engine = choiceOption(flag, value, ['pg', 'pglite'] as const)),
      '--blocks': (options, value, flag) => (options.blocks = integerOption(flag, value, 1, 100_000)),
      '--tx-per-block': (options, value, flag) => (options.txPerBlock = integerOption(flag, value, 1, 1000)),
      '--traces': (options, value, flag) =>
        (options.traces = choiceOption(flag, value, ['trace_block', 'callTracer'] as const)),
      '--concurrency': (options, value, flag) => (options.concurrency = integerOption(flag, value, 1, 1000)),
      '--rounds': (options, value, flag) => (options.rounds = integerOption(flag, value, 1, 100)),
    },
  );
}

async function main(options: Options): Promise<void> {
  const openDatabase = async (): Promise<{ db: Database; close: () => Promise<void> }> => {
    if (options.engine === 'pg') {
      const bench = await openBenchDatabase({
        databaseUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test',
      });
      return { db: bench.db, close: bench.dropAndClose };
    }
    const db = await createDatabase({ dataDir: 'memory://' });
    return { db, close: () => db.close() };
  };
  const [{ result: r }] = await measureBackfill([{ engine: options.engine, openDatabase }], options);
  console.log(
    `anvil: ${r.blocks} blocks, ${r.transactions} transactions, ${r.logs} logs generated in ${r.generateSeconds.toFixed(1)} s`,
  );
  console.log(
    `\nbackfill of ${r.blocks} blocks / ${r.transactions} transactions / ${r.logs} events, ${options.engine}, traces ${options.traces}, window ${options.concurrency}`,
  );
  const row = (label: string, seconds: number) => [
    label,
    seconds.toFixed(2),
    (r.blocks / seconds).toFixed(0),
    (r.logs / seconds).toFixed(0),
    (r.transactions / seconds).toFixed(0),
  ];
  console.log(
    formatTable(
      ['', 'seconds', 'blocks/s', 'events/s', 'transactions/s'],
      [row('floor: fetch from the node only', r.fetchSeconds), row('indexer: fetch + decode + write', r.indexSeconds)],
    ),
  );
}

runBench(
  () => parseArgs(process.argv.slice(2)),
  async (options) => {
    await main(options);
    return 0;
  },
);

// `npm run bench:indexer [-- --engine pg|pglite --blocks 200 --tx-per-block 50 --traces trace_block|callTracer]`:
// a historical backfill from a real node. anvil (npm) gets the test contracts and `blocks` blocks of
// mixed traffic (native, ERC-20/721/1155, CREATE2, value forwarding); then the indexer backfills them
// into a fresh database, beside its floor measured in the same run: the same blocks fetched from
// the node with the same batching and window, nothing decoded or written. Prints blocks/s and
// events/s (logs) of both. bench/README.md has this machine's numbers.
import { createDatabase, type Database } from '../prisma/database';
import { measureBackfill } from './indexer/measureBackfill';
import { formatTable } from './shared/formatTable';
import { openBenchDatabase } from './shared/openBenchDatabase';

type Options = { engine: 'pg' | 'pglite'; blocks: number; txPerBlock: number; traces: 'trace_block' | 'callTracer'; concurrency: number };

function parseOptions(argv: string[]): Options {
  const options: Options = { engine: process.env.DATABASE_URL ? 'pg' : 'pglite', blocks: 200, txPerBlock: 50, traces: 'trace_block', concurrency: 16 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--engine' && (value === 'pg' || value === 'pglite')) options.engine = value;
    else if (flag === '--blocks') options.blocks = Number(value);
    else if (flag === '--tx-per-block') options.txPerBlock = Number(value);
    else if (flag === '--traces' && (value === 'trace_block' || value === 'callTracer')) options.traces = value;
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else throw new Error(`unknown argument ${flag}`);
    i++;
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const openDatabase = async (): Promise<{ db: Database; close: () => Promise<void> }> => {
    if (options.engine === 'pg') {
      const bench = await openBenchDatabase({ databaseUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test' });
      return { db: bench.db, close: bench.dropAndClose };
    }
    const db = await createDatabase({ dataDir: 'memory://' });
    return { db, close: () => db.close() };
  };
  const r = await measureBackfill(openDatabase, options);
  console.log(`anvil: ${r.blocks} blocks, ${r.transactions} transactions, ${r.logs} logs generated in ${r.generateSeconds.toFixed(1)} s`);
  console.log(`\nbackfill of ${r.blocks} blocks / ${r.transactions} transactions / ${r.logs} events, ${options.engine}, traces ${options.traces}, window ${options.concurrency}`);
  const row = (label: string, seconds: number) => [label, seconds.toFixed(2), (r.blocks / seconds).toFixed(0), (r.logs / seconds).toFixed(0), (r.transactions / seconds).toFixed(0)];
  console.log(formatTable(
    ['', 'seconds', 'blocks/s', 'events/s', 'transactions/s'],
    [row('floor: fetch from the node only', r.fetchSeconds), row('indexer: fetch + decode + write', r.indexSeconds)],
  ));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

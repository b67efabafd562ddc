// `npm run bench:webhooks [-- --engine pg|pglite --messages 5000 --concurrency 16 --latency-messages 200 --head-transactions 50]`:
// webhook deliveries per second to a local receiver beside the receiver's own rate from a plain HTTP
// client at the same concurrency, and the time from a message's commit to its arrival (p50, p99), also at the
// head of an anvil chain the indexer follows.
// bench/README.md describes the method.
import { createDatabase } from '../prisma/database';
import { choiceOption, integerOption, parseOptions } from './shared/benchArgs';
import { openBenchDatabase } from './shared/openBenchDatabase';
import { formatTable, runBench } from './shared/report';
import { deliveryTableHeader, deliveryTableRow, headTableHeader, headTableRow } from './webhooks/deliveryTable';
import { measureDelivery, type DeliveryResult } from './webhooks/measureDelivery';

type Options = {
  engine: 'pg' | 'pglite';
  messages: number;
  concurrency: number;
  latencyMessages: number;
  headTransactions: number;
};

function parseArgs(argv: string[]): Options {
  return parseOptions<Options>(
    argv,
    {
      engine: process.env.DATABASE_URL ? 'pg' : 'pglite',
      messages: 5000,
      concurrency: 16,
      latencyMessages: 200,
      headTransactions: 50,
    },
    {
      '--engine': (options, value, flag) => (options.engine = choiceOption(flag, value, ['pg', 'pglite'] as const)),
      '--messages': (options, value, flag) => (options.messages = integerOption(flag, value, 1, 1_000_000)),
      '--concurrency': (options, value, flag) => (options.concurrency = integerOption(flag, value, 1, 1000)),
      '--latency-messages': (options, value, flag) =>
        (options.latencyMessages = integerOption(flag, value, 1, 100_000)),
      '--head-transactions': (options, value, flag) =>
        (options.headTransactions = integerOption(flag, value, 1, 10_000)),
    },
  );
}

async function main(options: Options): Promise<number> {
  let result: DeliveryResult;
  if (options.engine === 'pg') {
    const bench = await openBenchDatabase({
      databaseUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test',
    });
    try {
      result = await measureDelivery(bench.db, { ...options, pollIntervalMs: 250 });
    } finally {
      await bench.dropAndClose();
    }
  } else {
    const db = await createDatabase({ dataDir: 'memory://' });
    try {
      result = await measureDelivery(db, { ...options, pollIntervalMs: 250 });
    } finally {
      await db.close();
    }
  }
  console.log(formatTable(deliveryTableHeader, [deliveryTableRow(options.engine, result)]));
  console.log(formatTable(headTableHeader, [headTableRow(options.engine, result)]));
  return 0;
}

runBench(() => parseArgs(process.argv.slice(2)), main);

// A child process that indexes until the head (`--exit-at-head`), for the SIGKILL test: the test
// kills it at random moments and starts it again. Only light modules are loaded, so it starts fast.
// argv: <config JSON>; env: DATABASE_URL (with ?schema=) or INDEXER_DATA_DIR (PGlite on disk).
import { createLoggerFactory } from '../../../logging/createLoggerFactory';
import { createDatabase } from '../../../prisma/database';
import { parseIndexerConfig } from '../../../indexer/config/readIndexerConfig';
import { createIndexer } from '../../../indexer/createIndexer';

async function main(): Promise<void> {
  const config = parseIndexerConfig(process.argv[2]!);
  const db = await createDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.INDEXER_DATA_DIR! },
  );
  const loggers = createLoggerFactory({ display: (line) => process.stdout.write(`${line}\n`), logLevel: 'INFO' });
  // Tells the test each written block, so it can kill the process in the middle of the work.
  const indexer = createIndexer({
    db,
    config,
    logger: loggers.get('indexer'),
    exitAtHead: true,
    tty: null,
    metrics: {
      indexerHead: { set: () => {} },
      indexerHeight: { set: (_l, v) => process.stdout.write(`height ${v}\n`) },
      indexerLag: { set: () => {} },
      indexerBlocks: { inc: () => {} },
    },
  });
  await indexer.run();
  await db.close();
  process.stdout.write('done\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});

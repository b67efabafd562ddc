// `avalanche-data-service indexer --config FILE [--exit-at-head]`: the indexer as its own process,
// on the database the service uses (DATABASE_URL, else embedded PGlite in DATA_DIR). SIGTERM/SIGINT
// stop it at a block boundary; a second signal exits at once (the block in flight is rolled back).
import { createLoggerFactory, type LoggerFactoryOptions } from '../logging/createLoggerFactory';
import { createDatabase } from '../prisma/database';
import { limitHeapGrowth } from '../shared/limitHeapGrowth';
import { readIndexerConfig } from './config/readIndexerConfig';
import { createIndexer } from './createIndexer';

/** The command's options, read by the command line (bin/commands/indexer.ts). */
export type IndexerCommandArgs = {
  /** The config file: the chains to follow. */
  config: string;
  /** Exit once every chain is at its head. */
  exitAtHead: boolean;
  /** PostgreSQL, else embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** LOG_LEVEL, LOG_DISPLAY_LEVEL, LOG_DIR. */
  logging: LoggerFactoryOptions;
};

/**
 * Runs the command.
 * @param args the command's options: config file, database, loggers
 * @returns the exit code: 0 when stopped or at the head, 1 when a chain failed
 * @example await runIndexerCommand({ config: 'indexer.json', exitAtHead: true, dataDir: './data', logging: {} })
 */
export async function runIndexerCommand(args: IndexerCommandArgs): Promise<number> {
  const config = readIndexerConfig(args.config);
  limitHeapGrowth();
  const loggers = createLoggerFactory(args.logging);
  const logger = loggers.get('indexer');
  const db = await createDatabase({ databaseUrl: args.databaseUrl, dataDir: args.dataDir, log: (line: string) => logger.info(line) });
  const indexer = createIndexer({ db, config, logger, exitAtHead: args.exitAtHead });
  let signals = 0;
  const onSignal = (signal: string) => {
    signals++;
    if (signals > 1) process.exit(130);
    logger.info(`${signal}: stopping after the block being written`);
    void indexer.stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    await indexer.run();
    if (args.exitAtHead) logger.info(`every chain is indexed up to its head: ${indexer.statuses().map((s) => `${s.chainKey} ${s.height}`).join(', ')}`);
    return 0;
  } catch (error) {
    logger.fatal(`indexer failed: ${(error as Error).message}`, { error });
    return 1;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    await db.close();
    await loggers.close();
  }
}

// `avalanche-data-service indexer --config FILE [--exit-at-head]`: the indexer as its own process,
// on the database the service uses (DATABASE_URL, else embedded PGlite in DATA_DIR). SIGTERM/SIGINT
// stop it at a block boundary; a second signal exits at once (the block in flight is rolled back).
import { createLoggerFactory } from '../logging/createLoggerFactory';
import { toLogLevel } from '../logging/levels';
import { createDatabase } from '../prisma/database';
import { limitHeapGrowth } from '../shared/limitHeapGrowth';
import type { IndexerCommandOptions } from '../shared/config/commandOptions';
import { readIndexerConfig } from './config/readIndexerConfig';
import { createIndexer } from './createIndexer';
import type { FollowerStatus } from './follow/createFollowerControl';
import { lagNote } from './progress/createProgressReporter';
import { runStoredBackfills } from './primary-network/runStoredBackfills';

/**
 * Runs the command.
 * @param args the command's options: config file, database, loggers (shared/config/commandOptions.ts)
 * @returns the exit code: 0 when stopped or at the head, 1 when a chain failed
 * @example await runIndexerCommand(parseIndexerOptions(process.env, ['--config', 'indexer.json', '--exit-at-head']))
 */
export async function runIndexerCommand(args: IndexerCommandOptions): Promise<number> {
  const config = readIndexerConfig(args.config);
  limitHeapGrowth();
  // An unset display level follows the log level (createLoggerFactory's default).
  const loggers = createLoggerFactory({
    logLevel: toLogLevel(args.logLevel),
    displayLevel: args.logDisplayLevel && toLogLevel(args.logDisplayLevel),
    logDir: args.logDir,
  });
  const logger = loggers.get('indexer');
  const db = await createDatabase({
    databaseUrl: args.databaseUrl,
    dataDir: args.dataDir,
    log: (line: string) => logger.info(line),
    debug: (line: string) => logger.debug(line),
  });
  logger.info(`database: ${db.kind === 'pglite' ? `embedded PGlite in ${args.dataDir}` : 'PostgreSQL'}`);
  await runStoredBackfills(db, { log: (line) => logger.info(line) });
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
    if (args.exitAtHead) logger.info(atHeadSummary(indexer.statuses()));
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

/**
 * The line `--exit-at-head` ends with: each chain's last indexed block, and what a lagging head tag left out.
 * @param statuses the followers' statuses at the end
 * @returns e.g. `every chain is indexed up to its head: evm:31337 1459 (head tag "finalized" is 64 blocks behind latest (set headTag to "latest" to index them))`
 * @example logger.info(atHeadSummary(indexer.statuses()))
 */
export function atHeadSummary(statuses: FollowerStatus[]): string {
  return `every chain is indexed up to its head: ${statuses
    .map((s) => {
      const lag = lagNote(s);
      return `${s.chainKey} ${s.height ?? '-'}${lag ? ` (${lag})` : ''}`;
    })
    .join(', ')}`;
}

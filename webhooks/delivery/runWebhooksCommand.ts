// `avalanche-data-service webhooks`: a deliverer as its own process, on the database the service uses
// (DATABASE_URL, else embedded PGlite in DATA_DIR), beside services started with WEBHOOK_DELIVERY=false
// or beside other deliverers. SIGTERM/SIGINT let the attempts in flight finish; a second signal exits at once.
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import { toLogLevel } from '../../logging/levels';
import { createDatabase } from '../../prisma/database';
import type { WebhooksCommandOptions } from '../../shared/config/commandOptions';
import { createHostAllowList } from '../urls/hostAllowList';
import { createDeliverer } from './createDeliverer';

/**
 * Runs the command until a signal stops it.
 * @param args the command's options: database, loggers, delivery (shared/config/commandOptions.ts)
 * @returns the exit code: 0 once stopped
 * @example await runWebhooksCommand(parseWebhooksOptions(process.env, []))
 */
export async function runWebhooksCommand(args: WebhooksCommandOptions): Promise<number> {
  const loggers = createLoggerFactory({
    logLevel: toLogLevel(args.logLevel),
    displayLevel: args.logDisplayLevel && toLogLevel(args.logDisplayLevel),
    logDir: args.logDir,
  });
  const logger = loggers.get('webhooks');
  const db = await createDatabase({
    databaseUrl: args.databaseUrl,
    dataDir: args.dataDir,
    log: (line: string) => logger.info(line),
    debug: (line: string) => logger.debug(line),
  });
  logger.info(`database: ${db.kind === 'pglite' ? `embedded PGlite in ${args.dataDir}` : 'PostgreSQL'}`);
  const deliverer = createDeliverer({
    db,
    options: {
      allowedHosts: createHostAllowList(args.webhookAllowedHosts),
      concurrency: args.webhookConcurrency,
      pollIntervalMs: args.webhookPollIntervalMs,
    },
    log: logger,
  });
  let signals = 0;
  let onSignal = (_signal: string) => {};
  const stopped = new Promise<void>((resolve) => {
    onSignal = (signal) => {
      signals++;
      if (signals > 1) process.exit(130);
      logger.info(`${signal}: stopping once the deliveries in flight are recorded`);
      resolve();
    };
  });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  deliverer.start();
  logger.info(
    `delivering webhook messages: ${args.webhookConcurrency} at a time${args.webhookAllowedHosts.length > 0 ? `, http and private addresses allowed to ${args.webhookAllowedHosts.join(', ')}` : ''}`,
  );
  try {
    await stopped;
    await deliverer.stop();
    return 0;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    await db.close();
    await loggers.close();
  }
}

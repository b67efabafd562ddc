// A deliverer in a process of its own, for the SIGKILL test: it delivers until SIGTERM, printing a
// JSON line per outcome (the `webhooks` logger at debug level). Only light modules are loaded.
// argv: <allowed host> <lease ms>; env: DATABASE_URL (with ?schema=) or WEBHOOK_TEST_DATA_DIR (PGlite on disk).
import { createHostAllowList } from '../../../webhooks/urls/hostAllowList';
import { createLoggerFactory } from '../../../logging/createLoggerFactory';
import { createDatabase } from '../../../prisma/database';
import { createDeliverer } from '../../../webhooks/delivery/createDeliverer';

async function main(): Promise<void> {
  const [allowedHost, leaseMs] = process.argv.slice(2) as [string, string];
  const db = await createDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL }
      : { dataDir: process.env.WEBHOOK_TEST_DATA_DIR!, migrate: false },
  );
  const loggers = createLoggerFactory({ display: (line) => process.stdout.write(`${line}\n`), logLevel: 'DEBUG' });
  const deliverer = createDeliverer({
    db,
    options: {
      allowedHosts: createHostAllowList([allowedHost]),
      concurrency: 4,
      pollIntervalMs: 20,
      leaseMs: Number(leaseMs),
    },
    log: loggers.get('webhooks'),
  });
  process.on('SIGTERM', () => {
    void deliverer
      .stop()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
  deliverer.start();
  process.stdout.write('started\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});

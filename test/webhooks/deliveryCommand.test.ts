// `avalanche-data-service webhooks`: a deliverer as its own process, configured by the declared options,
// on the database `start` would use; SIGTERM stops it with exit code 0.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createDatabase, type Database } from '../../prisma/database';
import { parseStartOptions, parseWebhooksOptions } from '../../shared/config/commandOptions';
import { initializedPgliteFolder, setupTestDatabase, teardown } from '../setup/database';
import { enqueueTestMessages, insertWebhook } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

let receiver: Receiver;
let db: Database | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await teardown(db);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the webhooks command', () => {
  test('delivers the due messages, then stops on SIGTERM with exit code 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_INTERVAL_MS: '20',
      LOG_DIR: '',
      LOG_LEVEL: 'off',
    };
    let handle: Database;
    if (process.env.DATABASE_URL) {
      handle = db = await setupTestDatabase();
      const [{ schema }] = await handle.query<{ schema: string }>('SELECT current_schema() AS schema');
      const url = new URL(process.env.DATABASE_URL);
      url.searchParams.set('schema', schema);
      env.DATABASE_URL = url.toString();
    } else {
      dataDir = await initializedPgliteFolder();
      env.DATA_DIR = dataDir;
      handle = await createDatabase({ dataDir });
    }
    const webhookId = await insertWebhook(handle, { url: `${receiver.url}/command` });
    const ids = await enqueueTestMessages(handle, webhookId, 5, new Date());
    if (!process.env.DATABASE_URL) await handle.close();

    const child = spawn(
      process.execPath,
      ['-r', './test/support/registerTypeScript.js', 'bin/avalanche-data-service.ts', 'webhooks'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await receiver.waitFor(5, 60_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n${stderr}`);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    if (!process.env.DATABASE_URL) handle = await createDatabase({ dataDir: dataDir! });
    try {
      const rows = await handle.query<{ status: string }>(
        'SELECT status FROM webhook_message WHERE id = ANY($1::uuid[])',
        [ids],
      );
      expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered']);
    } finally {
      if (!process.env.DATABASE_URL) await handle.close();
    }
    expect(new Set(receiver.received.map((r) => r.messageId))).toEqual(new Set(ids));
  });
});

describe('the delivery options', () => {
  test('are read from the environment and as flags, by start and by webhooks alike', () => {
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, receiver.internal', WEBHOOK_CONCURRENCY: '4' };
    expect(parseWebhooksOptions(env, ['--webhook-poll-interval-ms=100'])).toMatchObject({
      webhookAllowedHosts: ['127.0.0.1', 'receiver.internal'],
      webhookConcurrency: 4,
      webhookPollIntervalMs: 100,
    });
    expect(parseStartOptions({ ...env, WEBHOOK_DELIVERY: 'false' })).toMatchObject({
      webhookDelivery: false,
      webhookAllowedHosts: ['127.0.0.1', 'receiver.internal'],
    });
    expect(parseStartOptions({})).toMatchObject({
      webhookDelivery: true,
      webhookAllowedHosts: [],
      webhookConcurrency: 16,
    });
  });

  test('a concurrency of 0 is refused, naming the variable', () => {
    expect(() => parseWebhooksOptions({ WEBHOOK_CONCURRENCY: '0' }, [])).toThrow(/WEBHOOK_CONCURRENCY/);
  });
});

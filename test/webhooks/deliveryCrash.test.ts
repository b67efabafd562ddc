// A deliverer killed with SIGKILL while messages are pending and POSTs are in flight: after a restart
// every message is delivered and marked so. Only a message whose outcome the killed process had not
// recorded may arrive twice, under the same messageId; those it never got an answer for do.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createDatabase, type Database } from '../../prisma/database';
import { initializedPgliteFolder, setupTestDatabase, teardown } from '../setup/database';
import { enqueueTestMessages, insertWebhook } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

const MESSAGES = 40;
/** Answered before the receiver stops answering; the kill comes while the next ones hang. */
const ANSWERED = 12;
/** The child's concurrency (delivererChild.ts): requests in flight at the kill. */
const IN_FLIGHT = 4;
const LEASE_MS = 1500;

let receiver: Receiver;
let db: Database | undefined;
let dataDir: string | undefined;
const children = new Set<ChildProcess>();

/** The child's database: a schema of the test PostgreSQL, else a PGlite folder the test opens between runs. */
const childEnv: NodeJS.ProcessEnv = { ...process.env };
async function openDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    db ??= await setupTestDatabase();
    const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const url = new URL(process.env.DATABASE_URL);
    url.searchParams.set('schema', schema);
    childEnv.DATABASE_URL = url.toString();
    return db;
  }
  dataDir ??= await initializedPgliteFolder();
  childEnv.WEBHOOK_TEST_DATA_DIR = dataDir;
  return createDatabase({ dataDir });
}
/** PGlite's folder is one process's at a time. */
const release = (handle: Database) => (process.env.DATABASE_URL ? Promise.resolve() : handle.close());

/** Starts delivererChild.ts; `delivered` collects the messageIds it reports recorded. */
function startChild(delivered: Set<string>): { child: ChildProcess; exited: Promise<void>; stderr: () => string } {
  const child = spawn(
    process.execPath,
    [
      '-r',
      './test/support/registerTypeScript.js',
      'test/webhooks/support/delivererChild.ts',
      '127.0.0.1',
      String(LEASE_MS),
    ],
    { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let stderr = '';
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg: string; message_id?: string };
      if (entry.msg === 'delivered' && entry.message_id) delivered.add(entry.message_id);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  return { child, exited, stderr: () => stderr };
}

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await receiver?.close();
  await teardown(db);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a deliverer killed with SIGKILL', () => {
  test('after a restart every message is delivered; only unrecorded ones arrive twice, by the same messageId', async () => {
    let handle = await openDatabase();
    const webhookId = await insertWebhook(handle, { url: `${receiver.url}/hook` });
    const ids = await enqueueTestMessages(handle, webhookId, MESSAGES, new Date());
    await release(handle);

    receiver.answer((_request, index) => (index < ANSWERED ? 200 : 'hang'));
    const recordedBeforeKill = new Set<string>();
    const first = startChild(recordedBeforeKill);
    await receiver.waitFor(ANSWERED + IN_FLIGHT, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${first.stderr()}`);
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const receivedBeforeKill = new Set(receiver.received.map((r) => r.messageId));
    const hanging = new Set(receiver.received.slice(ANSWERED).map((r) => r.messageId));
    expect(hanging.size).toBe(IN_FLIGHT);

    receiver.answer(() => 200);
    const recordedAfter = new Set<string>();
    const second = startChild(recordedAfter);
    const unrecorded = ids.filter((id) => !recordedBeforeKill.has(id));
    // The hanging ones come back when their lease ends.
    const deadline = Date.now() + 60_000;
    while (unrecorded.some((id) => !recordedAfter.has(id))) {
      if (Date.now() > deadline) throw new Error(`not all delivered after the restart\n${second.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    second.child.kill('SIGTERM');
    await second.exited;

    handle = await openDatabase();
    try {
      const rows = await handle.query<{ id: string; status: string; delivered_at: Date | null }>(
        'SELECT id, status, delivered_at FROM webhook_message WHERE webhook_id = $1',
        [webhookId],
      );
      expect(rows).toHaveLength(MESSAGES);
      for (const row of rows)
        expect([row.id, row.status, row.delivered_at !== null]).toEqual([row.id, 'delivered', true]);
    } finally {
      await release(handle);
    }

    const times = new Map<string, number>();
    for (const { messageId } of receiver.received) times.set(messageId, (times.get(messageId) ?? 0) + 1);
    expect(new Set(times.keys())).toEqual(new Set(ids));
    const duplicates = [...times].filter(([, count]) => count > 1);
    for (const [id, count] of duplicates) {
      expect(count).toBe(2);
      // Sent before the kill, and the killed process had not recorded its delivery.
      expect(receivedBeforeKill.has(id)).toBe(true);
      expect(recordedBeforeKill.has(id)).toBe(false);
    }
    // Those never answered before the kill are sent again, each with the body it had.
    for (const id of hanging) {
      expect(times.get(id)).toBe(2);
      const bodies = new Set(receiver.received.filter((r) => r.messageId === id).map((r) => r.body));
      expect(bodies.size).toBe(1);
    }
  });
});

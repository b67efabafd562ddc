// What a delivery refuses or bounds: slow receivers, redirects, endless answers, and URLs that lead
// to the machine or its private networks unless the operator allows the host.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import type { Database } from '../../prisma/database';
import type { Resolve } from '../../webhooks/delivery/checkedLookup';
import { createDeliverer, type Deliverer } from '../../webhooks/delivery/createDeliverer';
import { setupTestDatabase, teardown } from '../setup/database';
import { enqueueTestMessages, insertWebhook, readMessage, until } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

const TIMEOUT_MS = 1000;

let db: Database;
let receiver: Receiver;
let deliverer: Deliverer;
/** What the deliverer's resolver answers for `receiver.test`; the system's answer when unset. */
let receiverAnswer: Array<{ address: string; family: number }> | undefined;
const resolve: Resolve = async (host) =>
  host === 'receiver.test' && receiverAnswer
    ? receiverAnswer
    : (await import('node:dns')).promises.lookup(host, { all: true });

beforeAll(async () => {
  [db, receiver] = await Promise.all([setupTestDatabase(), startReceiver()]);
  receiver.answer((request) =>
    request.path === '/slow'
      ? 'hang'
      : request.path === '/moved'
        ? { redirect: '/elsewhere' }
        : request.path === '/endless'
          ? 'endless'
          : 200,
  );
  deliverer = createDeliverer({
    db,
    options: {
      allowedHosts: createHostAllowList(['127.0.0.1']),
      concurrency: 4,
      pollIntervalMs: 20,
      requestTimeoutMs: TIMEOUT_MS,
      resolve,
    },
  });
  deliverer.start();
});

afterAll(async () => {
  await deliverer?.stop();
  await receiver?.close();
  await teardown(db);
});

/** Writes one message to a new webhook at `url` and waits for its first attempt's outcome. */
async function attemptOnce(url: string, first: number) {
  const webhookId = await insertWebhook(db, { url });
  const [id] = await enqueueTestMessages(db, webhookId, 1, new Date(), first);
  deliverer.wake();
  await until(async () => (await readMessage(db, id!)).attempts === 1);
  return readMessage(db, id!);
}

describe('bounds of an attempt', () => {
  test('a receiver that never answers is a failed attempt once the time bound has passed', async () => {
    const started = Date.now();
    const row = await attemptOnce(`${receiver.url}/slow`, 0);
    const request = receiver.received.find((r) => r.path === '/slow')!;
    expect(row).toMatchObject({ status: 'pending', last_error: `timeout after ${TIMEOUT_MS / 1000} s` });
    // Given up on at the bound, not before and not long after.
    expect(Date.now() - request.at).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
  });

  test('a redirect is a failed attempt, and is not followed', async () => {
    const row = await attemptOnce(`${receiver.url}/moved`, 1);
    expect(row.last_error).toBe('HTTP 302 (redirects are not followed)');
    expect(receiver.received.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
  });

  test('an endless answer is cut after a bounded read; its 2xx status delivers the message', async () => {
    const row = await attemptOnce(`${receiver.url}/endless`, 2);
    expect(row.status).toBe('delivered');
    await until(async () => receiver.endless[0]?.closed === true);
    // The deliverer reads 64 KiB; socket buffers hold a little more on the way.
    expect(receiver.endless[0]!.written).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('refused addresses', () => {
  // 127.0.0.1 is allowed (the receiver's address); another loopback address is not.
  test('a host that resolves to a loopback address not allowed: a failed attempt naming the reason, nothing sent', async () => {
    receiverAnswer = [{ address: '127.0.0.2', family: 4 }];
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const row = await attemptOnce(`https://receiver.test:${port}/refused`, 10);
    expect(row).toMatchObject({ status: 'pending', last_error: 'refused: 127.0.0.2 is a loopback address' });
    expect(receiver.received.length).toBe(before);
  });

  test('a host resolving to a link-local address (cloud metadata) is refused', async () => {
    receiverAnswer = [{ address: '169.254.169.254', family: 4 }];
    const row = await attemptOnce('https://receiver.test/latest/meta-data', 11);
    expect(row.last_error).toBe('refused: 169.254.169.254 is a link-local address');
  });

  test('a host resolving to an IPv4-mapped private address is refused', async () => {
    receiverAnswer = [{ address: '::ffff:10.0.0.7', family: 6 }];
    const row = await attemptOnce('https://receiver.test/hook', 12);
    expect(row.last_error).toBe('refused: ::ffff:10.0.0.7 is a private address');
  });

  test('a literal private address in the URL is refused without a lookup', async () => {
    const row = await attemptOnce('https://192.168.1.20/hook', 13);
    expect(row.last_error).toBe(
      'refused: url must not name a private address (192.168.1.20) unless WEBHOOK_ALLOWED_HOSTS lists it',
    );
  });

  test('http to a host not allowed is refused', async () => {
    const row = await attemptOnce('http://example.com/hook', 14);
    expect(row.last_error).toBe('refused: url must be https (http only to a host WEBHOOK_ALLOWED_HOSTS lists)');
  });
});

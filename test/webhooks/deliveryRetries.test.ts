// A receiver that fails: the message is tried again on the hosted schedule (10 s, 1 min, 5 min, 10 min,
// 30 min, 2 h, 6 h, 12 h, 24 h), then it fails and its webhook is deactivated; one that recovers gets it.
// The deliverer's clock is the test's, so two days pass in a second.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { Registry } from 'prom-client';
import type { Database } from '../../prisma/database';
import { createDeliverer, type Deliverer } from '../../webhooks/delivery/createDeliverer';
import { createDeliveryMetrics } from '../../webhooks/delivery/deliveryMetrics';
import { setupTestDatabase, teardown } from '../setup/database';
import { parsePrometheusText } from '../support/parsePrometheusText';
import { createManualClock, type ManualClock } from './support/manualClock';
import { enqueueTestMessages, insertWebhook, readMessage, until } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

/** The hosted schedule, seconds after attempts 1 to 9, as the issue states it. */
const SCHEDULE = [10, 60, 5 * 60, 10 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
const START = new Date('2026-03-01T00:00:00.000Z');

let db: Database;
let receiver: Receiver;

beforeAll(async () => {
  [db, receiver] = await Promise.all([setupTestDatabase(), startReceiver()]);
});

afterAll(async () => {
  await receiver?.close();
  await teardown(db);
});

/**
 * A deliverer on a manual clock. The test wakes it after each move of the clock: a claim that read
 * the time just before a move would otherwise sleep past it (real time moves on by itself).
 */
function startDeliverer(clock: ManualClock, registry = new Registry()): Deliverer {
  const deliverer = createDeliverer({
    db,
    clock,
    options: { allowedHosts: createHostAllowList(['127.0.0.1']), concurrency: 1, pollIntervalMs: 1 },
    metrics: createDeliveryMetrics({ registry, db, now: clock.now }),
  });
  deliverer.start();
  return deliverer;
}

const requestsTo = (path: string) => receiver.received.filter((r) => r.path === path).length;
const quiet = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a receiver that answers 500', () => {
  const clock = createManualClock(START);
  const registry = new Registry();
  let deliverer: Deliverer;
  let webhookId: string;
  let failing: string;
  let later: string[];
  const arrivals: number[] = [];

  beforeAll(async () => {
    receiver.answer((request) => (request.path === '/failing' ? 500 : 200));
    webhookId = await insertWebhook(db, { url: `${receiver.url}/failing` });
    [failing] = await enqueueTestMessages(db, webhookId, 1, clock.now());
    // Two more messages of the webhook, due long after: still pending when it is deactivated.
    later = await enqueueTestMessages(db, webhookId, 2, clock.now(), 1);
    await db.query(`UPDATE webhook_message SET next_attempt_at = $2 WHERE id = ANY($1::uuid[])`, [
      later,
      new Date(START.getTime() + 365 * 86_400_000),
    ]);
    deliverer = startDeliverer(clock, registry);
    await receiver.waitFor(1);
    arrivals.push(clock.now().getTime());
    for (const [index, seconds] of SCHEDULE.entries()) {
      const attempts = index + 1;
      await until(async () => (await readMessage(db, failing!)).attempts === attempts);
      // One millisecond short of the delay: no attempt.
      clock.advance(seconds * 1000 - 1);
      deliverer.wake();
      await quiet();
      expect(requestsTo('/failing')).toBe(attempts);
      clock.advance(1);
      deliverer.wake();
      await receiver.waitFor(attempts + 1);
      arrivals.push(clock.now().getTime());
    }
    await until(async () => (await readMessage(db, failing!)).status === 'failed');
  });

  afterAll(() => deliverer?.stop());

  test('is tried 10 times, each retry exactly its delay after the attempt before', () => {
    expect(requestsTo('/failing')).toBe(10);
    expect(arrivals.slice(1).map((at, index) => (at - arrivals[index]!) / 1000)).toEqual(SCHEDULE);
  });

  test('each retry has the same messageId and body', () => {
    const bodies = new Set(receiver.received.filter((r) => r.path === '/failing').map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!).messageId).toBe(failing);
  });

  test('the message fails after its 10th attempt, with the last error', async () => {
    expect(await readMessage(db, failing)).toMatchObject({ status: 'failed', attempts: 10, last_error: 'HTTP 500' });
  });

  test('its webhook is inactive, the reason naming the message and the error', async () => {
    const [webhook] = await db.query<{ status: string; inactive_reason: string }>(
      'SELECT status, inactive_reason FROM webhook WHERE id = $1',
      [webhookId],
    );
    expect(webhook!.status).toBe('inactive');
    expect(webhook!.inactive_reason).toContain(failing);
    expect(webhook!.inactive_reason).toContain('HTTP 500');
  });

  test("the webhook's other pending messages are cancelled, never POSTed", async () => {
    for (const id of later) expect((await readMessage(db, id)).status).toBe('cancelled');
    expect(receiver.received.filter((r) => later.includes(r.messageId))).toHaveLength(0);
  });

  test('the metrics count 9 failed attempts, 1 failure and 2 cancellations', async () => {
    const samples = parsePrometheusText(await registry.metrics()).get('webhook_deliveries_total')!.samples;
    const byOutcome = Object.fromEntries(samples.map((s) => [s.labels.outcome, s.value]));
    expect(byOutcome).toEqual({ failed_attempt: 9, failed: 1, cancelled: 2 });
  });
});

describe('a receiver that recovers mid-schedule', () => {
  test('gets the message at the first attempt after it recovers; the webhook stays active', async () => {
    const clock = createManualClock(START);
    receiver.answer((request) => (request.path === '/recovering' && requestsTo('/recovering') <= 3 ? 503 : 200));
    const webhookId = await insertWebhook(db, { url: `${receiver.url}/recovering` });
    const [id] = await enqueueTestMessages(db, webhookId, 1, clock.now(), 100);
    const deliverer = startDeliverer(clock);
    try {
      await receiver.waitFor(receiver.received.length + 1);
      for (const [index, seconds] of SCHEDULE.slice(0, 3).entries()) {
        await until(async () => (await readMessage(db, id!)).attempts === index + 1);
        expect((await readMessage(db, id!)).last_error).toBe('HTTP 503');
        clock.advance(seconds * 1000);
        deliverer.wake();
      }
      await until(async () => (await readMessage(db, id!)).status === 'delivered');
      const row = await readMessage(db, id!);
      expect(row.attempts).toBe(4);
      expect(row.delivered_at!.getTime() - START.getTime()).toBe((10 + 60 + 300) * 1000);
      expect(requestsTo('/recovering')).toBe(4);
      const [webhook] = await db.query<{ status: string }>('SELECT status FROM webhook WHERE id = $1', [webhookId]);
      expect(webhook!.status).toBe('active');
    } finally {
      await deliverer.stop();
    }
  });
});

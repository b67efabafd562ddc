// A message of the outbox reaches its webhook's URL once, signed as the official SDK verifies, and the
// outbox, the owner's secret and the metrics say so.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { createHmac } from 'node:crypto';
import { Avalanche } from '@avalanche-sdk/chainkit';
import { Registry } from 'prom-client';
import type { Database } from '../../prisma/database';
import { createDeliverer, type Deliverer } from '../../webhooks/delivery/createDeliverer';
import { createDeliveryMetrics } from '../../webhooks/delivery/deliveryMetrics';
import { setupTestDatabase, teardown } from '../setup/database';
import { parsePrometheusText } from '../support/parsePrometheusText';
import { enqueueTestMessages, insertWebhook, readMessage, until } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

let db: Database;
let receiver: Receiver;
let registry: Registry;
let deliverer: Deliverer;

beforeAll(async () => {
  [db, receiver] = await Promise.all([setupTestDatabase(), startReceiver()]);
  registry = new Registry();
  deliverer = createDeliverer({
    db,
    options: { allowedHosts: createHostAllowList(['127.0.0.1']), concurrency: 4, pollIntervalMs: 20 },
    metrics: createDeliveryMetrics({ registry, db }),
  });
});

afterAll(async () => {
  await deliverer?.stop();
  await receiver?.close();
  await teardown(db);
});

const sample = async (name: string, labels: Record<string, string> = {}) => {
  const family = parsePrometheusText(await registry.metrics()).get(name);
  const found = family?.samples.find((s) => Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  return found?.value;
};

describe('delivery of a message', () => {
  let webhookId: string;
  let messageId: string;

  beforeAll(async () => {
    webhookId = await insertWebhook(db, { url: `${receiver.url}/hook`, ownerKeyId: 'config-7' });
    [messageId] = await enqueueTestMessages(db, webhookId, 1, new Date());
    expect(await sample('webhook_queue_depth')).toBe(1);
    deliverer.start();
    await receiver.waitFor(1);
    await until(async () => (await readMessage(db, messageId!)).status === 'delivered');
  });

  test('the receiver gets it once, the exact stored body as application/json', async () => {
    const row = await readMessage(db, messageId);
    expect(receiver.received.filter((r) => r.messageId === messageId)).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe('/hook');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toBe(row.body);
    expect(JSON.parse(request!.body)).toMatchObject({ webhookId, eventType: 'address_activity', messageId });
  });

  test("the owner's secret is made on first use: 32 random bytes, hex", async () => {
    const [stored] = await db.query<{ secret: string }>('SELECT secret FROM webhook_secret WHERE owner_key_id = $1', [
      'config-7',
    ]);
    expect(stored!.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  test('x-signature is base64 HMAC-SHA256 of the body bytes keyed by the UTF-8 bytes of the secret', async () => {
    const [{ secret }] = await db.query<{ secret: string }>(
      'SELECT secret FROM webhook_secret WHERE owner_key_id = $1',
      ['config-7'],
    );
    const request = receiver.received[0]!;
    const expected = createHmac('sha256', new TextEncoder().encode(secret))
      .update(request.body, 'utf8')
      .digest('base64');
    expect(request.headers['x-signature']).toBe(expected);
  });

  test("the official SDK's validateWebhook accepts the request and parses the address_activity body", async () => {
    const [{ secret }] = await db.query<{ secret: string }>(
      'SELECT secret FROM webhook_secret WHERE owner_key_id = $1',
      ['config-7'],
    );
    const request = receiver.received[0]!;
    const sdk = new Avalanche({ enableTelemetry: false });
    const headers = {
      'content-type': String(request.headers['content-type']),
      'x-signature': String(request.headers['x-signature']),
    };
    const event = await sdk.validateWebhook({
      request: { body: request.body, headers, url: `${receiver.url}/hook`, method: 'POST' },
      secret,
    });
    expect(event.messageId).toBe(messageId);
    expect(event.event.transaction.txHash).toBe(JSON.parse(request.body).event.transaction.txHash);
    await expect(
      sdk.validateWebhook({
        request: { body: request.body, headers, url: `${receiver.url}/hook`, method: 'POST' },
        secret: `${secret}0`,
      }),
    ).rejects.toThrow();
  });

  test('the message is delivered: status, delivered_at, one attempt', async () => {
    const row = await readMessage(db, messageId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(row.delivered_at!.getTime()).toBeGreaterThanOrEqual(receiver.received[0]!.at - 1000);
  });

  test('the metrics count it, by outcome and by webhook, and the queue is empty', async () => {
    expect(await sample('webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(await sample('webhook_deliveries_by_webhook_total', { webhook_id: webhookId, outcome: 'delivered' })).toBe(
      1,
    );
    expect(await sample('webhook_queue_depth')).toBe(0);
    expect(await sample('webhook_oldest_pending_age_seconds')).toBe(0);
  });
});

describe('messages of an inactive webhook', () => {
  test('are cancelled when due, never POSTed, and counted as cancelled', async () => {
    const webhookId = await insertWebhook(db, { url: `${receiver.url}/inactive`, status: 'inactive' });
    const ids = await enqueueTestMessages(db, webhookId, 3, new Date(), 10);
    deliverer.wake();
    await until(async () =>
      (await Promise.all(ids.map((id) => readMessage(db, id)))).every((row) => row.status === 'cancelled'),
    );
    expect(receiver.received.filter((r) => r.path === '/inactive')).toHaveLength(0);
    expect(await sample('webhook_deliveries_by_webhook_total', { webhook_id: webhookId, outcome: 'cancelled' })).toBe(
      3,
    );
  });
});

describe('the queue gauges', () => {
  test('count pending messages and the age of the oldest, also those not yet due', async () => {
    const webhookId = await insertWebhook(db, { url: `${receiver.url}/later` });
    const written = new Date(Date.now() - 120_000);
    // Not due for an hour: pending, and never claimed meanwhile.
    await enqueueTestMessages(db, webhookId, 2, written, 20, new Date(Date.now() + 3_600_000));
    expect(await sample('webhook_queue_depth')).toBe(2);
    const age = (await sample('webhook_oldest_pending_age_seconds'))!;
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
  });
});

// Deliverers share one queue: two of them, each on its own connection pool to the same database (on
// PGlite, on its one instance), deliver 300 messages, and no messageId reaches the receiver twice.
import { createHostAllowList } from '../../webhooks/urls/hostAllowList';
import { createDatabase, type Database } from '../../prisma/database';
import { createDeliverer, type Deliverer } from '../../webhooks/delivery/createDeliverer';
import type { DeliveryMetrics } from '../../webhooks/delivery/deliveryMetrics';
import { setupTestDatabase, teardown } from '../setup/database';
import { enqueueTestMessages, insertWebhook, until } from './support/outboxRows';
import { startReceiver, type Receiver } from './support/receiver';

const MESSAGES = 300;

let db: Database;
let second: Database | undefined;
let receiver: Receiver;
const deliverers: Deliverer[] = [];

beforeAll(async () => {
  [db, receiver] = await Promise.all([setupTestDatabase(), startReceiver()]);
  if (db.kind === 'postgres') {
    const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    second = await createDatabase({ databaseUrl: process.env.DATABASE_URL, schema, migrate: false });
  }
});

afterAll(async () => {
  await Promise.all(deliverers.map((deliverer) => deliverer.stop()));
  await second?.close();
  await receiver?.close();
  await teardown(db);
});

/** Counts what one deliverer delivered. */
function countingMetrics(): DeliveryMetrics & { delivered: number } {
  const metrics = {
    delivered: 0,
    deliveries: {
      inc: ({ outcome }: { outcome: string }, value = 1) => {
        if (outcome === 'delivered') metrics.delivered += value;
      },
    },
    deliveriesByWebhook: { inc: () => {} },
  };
  return metrics;
}

describe('two deliverers on one database', () => {
  test(`deliver ${MESSAGES} messages, each messageId once, both taking part`, async () => {
    const webhooks = await Promise.all([0, 1, 2].map(() => insertWebhook(db, { url: `${receiver.url}/shared` })));
    const ids: string[] = [];
    for (const [index, webhookId] of webhooks.entries())
      ids.push(...(await enqueueTestMessages(db, webhookId, MESSAGES / 3, new Date(), index * 1000)));
    const metrics = [countingMetrics(), countingMetrics()];
    for (const [index, handle] of [db, second ?? db].entries()) {
      const deliverer = createDeliverer({
        db: handle,
        options: { allowedHosts: createHostAllowList(['127.0.0.1']), concurrency: 8, pollIntervalMs: 10 },
        metrics: metrics[index],
      });
      deliverers.push(deliverer);
      deliverer.start();
    }
    await receiver.waitFor(MESSAGES, 60_000);
    await until(async () => {
      const [{ delivered }] = await db.query<{ delivered: number }>(
        `SELECT count(*)::int AS delivered FROM webhook_message WHERE status = 'delivered'`,
      );
      return delivered === MESSAGES;
    }, 60_000);
    // Settle: anything sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const received = receiver.received.map((r) => r.messageId);
    expect(received).toHaveLength(MESSAGES);
    expect(new Set(received).size).toBe(MESSAGES);
    expect(new Set(received)).toEqual(new Set(ids));
    const attempts = await db.query<{ attempts: number }>('SELECT DISTINCT attempts FROM webhook_message');
    expect(attempts).toEqual([{ attempts: 1 }]);
    expect(metrics[0]!.delivered + metrics[1]!.delivered).toBe(MESSAGES);
    expect(metrics[0]!.delivered).toBeGreaterThan(0);
    expect(metrics[1]!.delivered).toBeGreaterThan(0);
  });
});

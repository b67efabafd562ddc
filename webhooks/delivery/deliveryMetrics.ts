// The deliveries' Prometheus instruments: outcomes counted as they happen, the queue read from the
// outbox when scraped (every instance on one database shows the same queue, whoever delivers).
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../prisma/database';

/** What an attempt, or a message, came to. */
export type DeliveryOutcome = 'delivered' | 'failed_attempt' | 'failed' | 'cancelled';

/** The counters a deliverer feeds (any prom-client-like object). */
export type DeliveryMetrics = {
  /** `webhook_deliveries_total{outcome}`. */
  deliveries: { inc(labels: { outcome: DeliveryOutcome }, value?: number): void };
  /** `webhook_deliveries_by_webhook_total{webhook_id,outcome}`. */
  deliveriesByWebhook: { inc(labels: { webhook_id: string; outcome: DeliveryOutcome }, value?: number): void };
};

/** Options of {@link createDeliveryMetrics}. */
export type DeliveryMetricsOptions = {
  /** The process's registry (served at /metrics). */
  registry: Registry;
  /** The outbox the queue gauges read. */
  db: Database;
  /** The instant pending messages' ages are taken at. @default the wall clock */
  now?: () => Date;
};

/**
 * Registers the delivery instruments: the outcome counters, and `webhook_queue_depth` (pending
 * messages) and `webhook_oldest_pending_age_seconds` (since the oldest pending message was written),
 * both from one query on the pending messages at each scrape.
 * @returns the counters, for the deliverer
 * @example const deliverer = createDeliverer({ db, options, metrics: createDeliveryMetrics({ registry, db }) })
 */
export function createDeliveryMetrics(options: DeliveryMetricsOptions): DeliveryMetrics {
  const { registry, db } = options;
  const now = options.now ?? (() => new Date());
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook messages by outcome: delivered, failed_attempt (retried later), failed (retries ran out), cancelled',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const deliveriesByWebhook = new Counter({
    name: 'webhook_deliveries_by_webhook_total',
    help: 'Webhook messages by webhook and outcome',
    labelNames: ['webhook_id', 'outcome'] as const,
    registers: [registry],
  });
  // One query serves both gauges; each scrape reads it once.
  let reading: Promise<{ depth: number; oldestSeconds: number }> | undefined;
  const readQueue = () =>
    (reading ??= (async () => {
      try {
        const [row] = await db.query<{ depth: number; oldest: Date | null }>(
          `SELECT count(*)::int AS depth, min(created_at) AS oldest FROM webhook_message WHERE status = 'pending'`,
        );
        const oldest = row?.oldest;
        return {
          depth: row?.depth ?? 0,
          oldestSeconds: oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0,
        };
      } finally {
        setImmediate(() => (reading = undefined));
      }
    })());
  new Gauge({
    name: 'webhook_queue_depth',
    help: 'Webhook messages pending delivery (due or waiting for a retry)',
    registers: [registry],
    async collect() {
      this.set((await readQueue()).depth);
    },
  });
  new Gauge({
    name: 'webhook_oldest_pending_age_seconds',
    help: 'Seconds since the oldest pending webhook message was written; 0 when none is pending',
    registers: [registry],
    async collect() {
      this.set((await readQueue()).oldestSeconds);
    },
  });
  return { deliveries, deliveriesByWebhook };
}

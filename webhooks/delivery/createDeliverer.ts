// The deliverer: claims due messages from the outbox (claimDueMessages.ts), POSTs them a bounded number
// at a time (postMessage.ts) and records each outcome (recordAttempt.ts). Any number of deliverers,
// in any number of processes, share one database's queue. It looks for due messages every poll
// interval, at once when woken (a block written in this process), and again as soon as a full claim
// has room for more.
import http from 'node:http';
import https from 'node:https';
import type { Logger } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import type { HostAllowList } from '../urls/hostAllowList';
import { claimDueMessages, type ClaimedMessage } from './claimDueMessages';
import { systemResolve, type Resolve } from './checkedLookup';
import { systemDeliveryClock, type DeliveryClock } from './deliveryClock';
import type { DeliveryMetrics, DeliveryOutcome } from './deliveryMetrics';
import { postMessage, type PostOptions } from './postMessage';
import { recordDelivered, recordFailedAttempt } from './recordAttempt';
import { signBody } from './signBody';

/** How a deliverer works. */
export type DelivererOptions = {
  /** Hosts reached over http and at any address, private ones included (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: HostAllowList;
  /** POSTs in flight at most (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Wait between looks at an empty queue, ms (WEBHOOK_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** How long a claimed message stays away from other deliverers, ms: longer than an attempt. @default 60_000 */
  leaseMs?: number;
  /** Bound on one attempt, ms. @default 10_000 */
  requestTimeoutMs?: number;
  /** Response bytes read at most. @default 65_536 */
  maxResponseBytes?: number;
  /** How host names are resolved. @default the system resolver */
  resolve?: Resolve;
};

/** Options of {@link createDeliverer}. */
export type CreateDelivererOptions = {
  db: Database;
  options: DelivererOptions;
  /** Where now and waits come from. @default the wall clock */
  clock?: DeliveryClock;
  metrics?: DeliveryMetrics;
  /** The `webhooks` logger: each outcome at debug, retries at info, failures at warn, errors at error. */
  log?: Logger;
};

/** A running (or stopped) deliverer. */
export type Deliverer = {
  /** Starts delivering; calling it again does nothing. */
  start(): void;
  /** Looks for due messages now, instead of at the next poll (after a block's messages are written). */
  wake(): void;
  /** Claims nothing more and resolves once the attempts in flight have finished and been recorded. */
  stop(): Promise<void>;
};

/**
 * Creates a deliverer; {@link Deliverer.start} starts it.
 * @param options database, options, clock, metrics, logger
 * @example
 * const deliverer = createDeliverer({ db, options: { allowedHosts: createHostAllowList([]), concurrency: 16, pollIntervalMs: 250 } })
 * deliverer.start()
 * await deliverer.stop()
 */
export function createDeliverer({
  db,
  options,
  clock = systemDeliveryClock,
  metrics,
  log,
}: CreateDelivererOptions): Deliverer {
  const { concurrency, pollIntervalMs } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: concurrency }),
  };
  const postOptions: PostOptions = {
    allowedHosts: options.allowedHosts,
    timeoutMs: options.requestTimeoutMs ?? 10_000,
    maxResponseBytes: options.maxResponseBytes ?? 65_536,
    resolve: options.resolve ?? systemResolve,
    agents,
  };
  // A full claim waits for a quarter of the slots rather than claiming one message per freed slot.
  const refill = Math.max(1, Math.ceil(concurrency / 4));
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let pause = new AbortController();
  let waitingForSlots = false;
  // Set by wake(): a wake during a claim is not lost to the pause that follows it.
  let woken = false;

  const wake = () => {
    woken = true;
    pause.abort();
  };
  const count = (outcome: DeliveryOutcome, webhookId: string, value = 1) => {
    metrics?.deliveries.inc({ outcome }, value);
    metrics?.deliveriesByWebhook.inc({ webhook_id: webhookId, outcome }, value);
  };

  async function attempt(message: ClaimedMessage): Promise<void> {
    const result = await postMessage(
      { url: message.url, body: message.body, signature: signBody(message.body, message.secret) },
      postOptions,
    );
    const fields = { message_id: message.id, webhook_id: message.webhookId, attempt: message.attempts + 1 };
    if (result.delivered) {
      const recorded = await recordDelivered(db, message, clock.now());
      count('delivered', message.webhookId);
      log?.debug(recorded ? 'delivered' : 'delivered again after another deliverer', {
        ...fields,
        status: result.status,
      });
      return;
    }
    const outcome = await recordFailedAttempt(db, message, result.error, clock.now());
    if (outcome.kind === 'retry') {
      count('failed_attempt', message.webhookId);
      log?.info('attempt failed', { ...fields, error: result.error, next_attempt_at: outcome.nextAttemptAt });
    } else if (outcome.kind === 'failed') {
      count('failed', message.webhookId);
      if (outcome.cancelled.length > 0) count('cancelled', message.webhookId, outcome.cancelled.length);
      log?.warn('message failed its last attempt: webhook deactivated', {
        ...fields,
        error: result.error,
        cancelled: outcome.cancelled.length,
      });
    }
  }

  function track(message: ClaimedMessage): void {
    const task = attempt(message)
      .catch((error: unknown) =>
        log?.error('could not record a delivery attempt; the message is tried again when its lease ends', {
          message_id: message.id,
          error,
        }),
      )
      .finally(() => {
        inFlight.delete(task);
        if (waitingForSlots && concurrency - inFlight.size >= refill) wake();
      });
    inFlight.add(task);
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      const free = concurrency - inFlight.size;
      let full = free === 0;
      if (free > 0) {
        try {
          const now = clock.now();
          const claim = await claimDueMessages(db, {
            now,
            limit: free,
            leaseUntil: new Date(now.getTime() + leaseMs),
          });
          for (const message of claim.cancelled) {
            count('cancelled', message.webhookId);
            log?.debug('cancelled: webhook inactive', { message_id: message.id, webhook_id: message.webhookId });
          }
          for (const message of claim.messages) track(message);
          full = claim.messages.length + claim.cancelled.length === free;
        } catch (error) {
          log?.error('could not claim due webhook messages', { error });
        }
      }
      // After a full claim more may be due: claim again once enough slots are free. Otherwise the
      // queue is drained until the next poll or wake().
      if (!running || woken || (full && concurrency - inFlight.size >= refill)) continue;
      pause = new AbortController();
      waitingForSlots = full;
      await (full ? aborted(pause.signal) : clock.sleep(pollIntervalMs, pause.signal));
      waitingForSlots = false;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake,
    async stop() {
      running = false;
      wake();
      await loop;
      await Promise.allSettled([...inFlight]);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

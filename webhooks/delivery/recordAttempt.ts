// An attempt's outcome, written to its message. Each write is conditioned on the attempts count the
// claim saw, so an outcome that comes after the lease ran out and another deliverer tried again
// changes nothing.
import type { Database } from '../../prisma/database';
import { deactivateWebhook } from '../subscriptions/deactivateWebhook';
import { MAX_ATTEMPTS, retryDelayMs } from './retrySchedule';

/** A message as it was claimed: its ID, webhook and attempts before this one. */
export type AttemptedMessage = { id: string; webhookId: string; attempts: number };

/** What a failed attempt led to. */
export type FailedAttemptOutcome =
  /** Tried again at `nextAttemptAt`. */
  | { kind: 'retry'; nextAttemptAt: Date }
  /** That was its last attempt: the message failed, its webhook is inactive, `cancelled` its other pending messages. */
  | { kind: 'failed'; cancelled: string[] }
  /** Another deliverer's outcome came first: nothing written. */
  | { kind: 'stale' };

/**
 * Marks a message delivered. A message cancelled while its POST was in flight is marked delivered
 * too: the receiver has it.
 * @returns false when the message was not as claimed (another deliverer's outcome came first)
 * @example await recordDelivered(db, message, clock.now())
 */
export async function recordDelivered(db: Database, message: AttemptedMessage, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_message SET status = 'delivered', attempts = $2 + 1, delivered_at = $3
      WHERE id = $1 AND attempts = $2 AND status IN ('pending', 'cancelled') RETURNING id`,
    [message.id, message.attempts, now],
  );
  return rows.length > 0;
}

/**
 * Records a failed attempt: the next one after the schedule's delay, or, after the last, the message
 * failed and its webhook deactivated in one transaction (webhooks/subscriptions/deactivateWebhook.ts).
 * @param error why it failed (`HTTP 503`, `timeout after 10 s`, ...), kept as `last_error`
 * @example const outcome = await recordFailedAttempt(db, message, 'HTTP 500', clock.now())
 */
export async function recordFailedAttempt(
  db: Database,
  message: AttemptedMessage,
  error: string,
  now: Date,
): Promise<FailedAttemptOutcome> {
  const attempts = message.attempts + 1;
  const delay = retryDelayMs(attempts);
  if (delay !== undefined) {
    const nextAttemptAt = new Date(now.getTime() + delay);
    const rows = await db.query(
      `UPDATE webhook_message SET attempts = $3, last_error = $4, next_attempt_at = $5
        WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
      [message.id, message.attempts, attempts, error, nextAttemptAt],
    );
    return rows.length > 0 ? { kind: 'retry', nextAttemptAt } : { kind: 'stale' };
  }
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE webhook_message SET status = 'failed', attempts = $3, last_error = $4
        WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
      [message.id, message.attempts, attempts, error],
    );
    if (rows.length === 0) return { kind: 'stale' as const };
    const reason = `message ${message.id} failed ${MAX_ATTEMPTS} attempts; the last: ${error}`;
    return { kind: 'failed' as const, cancelled: await deactivateWebhook(tx, message.webhookId, reason) };
  });
}

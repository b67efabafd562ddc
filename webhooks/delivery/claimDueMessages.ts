// The deliverers' share of the outbox: due pending messages, locked with SKIP LOCKED so deliverers on
// one database never take the same one, and leased (their next attempt pushed past the POST) so the
// claim's transaction stays short and a deliverer that dies gives its messages back when the lease ends.
import type { Database } from '../../prisma/database';
import type { SqlExecutor } from '../../prisma/sqlExecutor';
import { readOrCreateSecret } from '../secrets/readOrCreateSecret';

/** A message to POST now, with what the POST needs. */
export type ClaimedMessage = {
  /** The messageId. */
  id: string;
  webhookId: string;
  /** The exact body to POST. */
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The webhook's URL. */
  url: string;
  /** The owner's shared secret, which signs the body. */
  secret: string;
};

/** What one claim took. */
export type Claim = {
  /** Messages to attempt, leased to this deliverer. */
  messages: ClaimedMessage[];
  /** Due messages of inactive webhooks, now `cancelled`. */
  cancelled: Array<{ id: string; webhookId: string }>;
};

/** Options of {@link claimDueMessages}. */
export type ClaimOptions = {
  /** The deliverer's now: messages due at or before it are claimed. */
  now: Date;
  /** Most messages to take. */
  limit: number;
  /** Where the claimed messages' next attempt moves to: when they come back if no outcome is recorded. */
  leaseUntil: Date;
};

/**
 * Claims up to `limit` due messages, oldest due first, in one short transaction: locks them (skipping
 * those another deliverer holds), leases them, cancels those of inactive webhooks, and reads their
 * webhooks' URLs and owners' secrets (made for an owner that has none yet).
 * @param db the database
 * @param options now, how many, lease end
 * @returns the messages to attempt and those cancelled
 * @example const { messages } = await claimDueMessages(db, { now, limit: 16, leaseUntil })
 */
export function claimDueMessages(db: Database, options: ClaimOptions): Promise<Claim> {
  return db.transaction(async (tx) => {
    // webhook_message_due_idx serves the inner SELECT: pending, by next_attempt_at.
    const leased = await tx.query<{ id: string; webhook_id: string; body: string; attempts: number }>(
      `UPDATE webhook_message m SET next_attempt_at = $3
         FROM (SELECT id FROM webhook_message
                WHERE status = 'pending' AND next_attempt_at <= $1
                ORDER BY next_attempt_at LIMIT $2
                FOR UPDATE SKIP LOCKED) due
        WHERE m.id = due.id
        RETURNING m.id, m.webhook_id, m.body, m.attempts`,
      [options.now, options.limit, options.leaseUntil],
    );
    if (leased.length === 0) return { messages: [], cancelled: [] };
    const webhooks = await readWebhooks(tx, [...new Set(leased.map((row) => row.webhook_id))]);
    const messages: ClaimedMessage[] = [];
    const cancelled: Claim['cancelled'] = [];
    for (const row of leased) {
      const webhook = webhooks.get(row.webhook_id)!;
      if (webhook.status !== 'active') cancelled.push({ id: row.id, webhookId: row.webhook_id });
      else
        messages.push({
          id: row.id,
          webhookId: row.webhook_id,
          body: row.body,
          attempts: row.attempts,
          url: webhook.url,
          secret: webhook.secret,
        });
    }
    if (cancelled.length > 0)
      await tx.query(`UPDATE webhook_message SET status = 'cancelled' WHERE id = ANY($1::uuid[])`, [
        cancelled.map((message) => message.id),
      ]);
    return { messages, cancelled };
  });
}

/** The webhooks of the claimed messages, each with its owner's secret. */
async function readWebhooks(
  tx: SqlExecutor,
  ids: string[],
): Promise<Map<string, { url: string; status: string; secret: string }>> {
  const rows = await tx.query<{ id: string; url: string; status: string; owner_key_id: string; secret: string | null }>(
    `SELECT w.id, w.url, w.status, w.owner_key_id, s.secret
       FROM webhook w LEFT JOIN webhook_secret s ON s.owner_key_id = w.owner_key_id
      WHERE w.id = ANY($1::uuid[])`,
    [ids],
  );
  const secrets = new Map<string, string>();
  const webhooks = new Map<string, { url: string; status: string; secret: string }>();
  for (const row of rows) {
    let secret = row.secret ?? secrets.get(row.owner_key_id);
    if (secret === undefined && row.status === 'active') {
      secret = await readOrCreateSecret(tx, row.owner_key_id);
      secrets.set(row.owner_key_id, secret);
    }
    webhooks.set(row.id, { url: row.url, status: row.status, secret: secret ?? '' });
  }
  return webhooks;
}

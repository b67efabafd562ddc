// A webhook whose message ran out of retries stops: it becomes inactive with the reason kept, and its
// other pending messages are cancelled, so a dead receiver does not hold a queue of retries.
import type { SqlExecutor } from '../../prisma/sqlExecutor';

/**
 * Deactivates a webhook and cancels its pending messages; call it in the transaction that fails the message.
 * @param tx the transaction
 * @param webhookId the webhook
 * @param reason kept as its `inactive_reason`
 * @param now its `updated_at`
 * @returns the IDs of the messages cancelled
 * @example await deactivateAfterFailure(tx, webhookId, 'message … failed 10 attempts; the last: HTTP 500', now)
 */
export async function deactivateAfterFailure(
  tx: SqlExecutor,
  webhookId: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  await tx.query(
    `UPDATE webhook SET status = 'inactive', inactive_reason = $2, updated_at = $3 WHERE id = $1 AND status = 'active'`,
    [webhookId, reason, now],
  );
  const cancelled = await tx.query<{ id: string }>(
    `UPDATE webhook_message SET status = 'cancelled' WHERE webhook_id = $1 AND status = 'pending' RETURNING id`,
    [webhookId],
  );
  return cancelled.map((row) => row.id);
}

// Deactivation: a webhook stops receiving events, and the events waiting for it are cancelled.
import type { SqlExecutor } from '../../prisma/sqlExecutor';

/** The inactive_reason of a webhook its own key deactivated (deactivateWebhook, or updateWebhook with status inactive). */
export const deactivatedByKey = 'deactivated by its key';

/**
 * Deactivates a webhook inside the caller's transaction: `status` becomes inactive with `reason`
 * kept in `inactive_reason`, and its pending messages become `cancelled`, together. A webhook
 * already inactive keeps the reason it stopped for; its pending messages are cancelled all the same.
 * The API calls it for its key's requests; the deliverer calls it when a message's retries run out.
 * @param tx an open transaction (Database.transaction)
 * @param webhookId the webhook's ID
 * @param reason why, as the webhook's owner reads it
 * @returns the IDs of the messages it cancelled
 * @example await db.transaction((tx) => deactivateWebhook(tx, id, 'retries ran out: HTTP 500'))
 */
export async function deactivateWebhook(tx: SqlExecutor, webhookId: string, reason: string): Promise<string[]> {
  await tx.query(
    `UPDATE webhook SET status = 'inactive', inactive_reason = $2, updated_at = now()
     WHERE id = $1::uuid AND status = 'active'`,
    [webhookId, reason],
  );
  const cancelled = await tx.query<{ id: string }>(
    `UPDATE webhook_message SET status = 'cancelled' WHERE webhook_id = $1::uuid AND status = 'pending' RETURNING id::text AS id`,
    [webhookId],
  );
  return cancelled.map((row) => row.id);
}

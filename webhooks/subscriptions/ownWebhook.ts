// The webhook a request addresses, if it is the caller's key's.
import type { PrismaClient, Webhook } from '../../prisma/generated/client';
import type { SqlExecutor } from '../../prisma/sqlExecutor';
import { WebhookNotFoundError } from './webhookErrors';
import { checkWebhookId } from './webhookRules';

/**
 * The caller's webhook with this ID. Another key's webhook is answered as no webhook at all (404),
 * so a key learns nothing of the others'.
 * @param prisma the database's client
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID as the path gives it
 * @returns the row
 * @throws WebhookRuleError when the ID is no UUID (400); WebhookNotFoundError (404)
 * @example const row = await ownWebhook(prisma, 'key_…', id)
 */
export async function ownWebhook(prisma: PrismaClient, ownerKeyId: string, id: string): Promise<Webhook> {
  const row = await prisma.webhook.findFirst({ where: { id: checkWebhookId(id), ownerKeyId } });
  if (!row) throw new WebhookNotFoundError(id);
  return row;
}

/**
 * Locks the caller's webhook for the rest of a write transaction, so changes to one webhook
 * (its status, its addresses and their limit) happen one after another.
 * @param tx the write's transaction
 * @returns its event type and status
 * @throws WebhookRuleError (400) or WebhookNotFoundError (404) as {@link ownWebhook}
 * @example const { eventType } = await lockOwnWebhook(tx, 'key_…', id)
 */
export async function lockOwnWebhook(
  tx: SqlExecutor,
  ownerKeyId: string,
  id: string,
): Promise<{ id: string; eventType: string; status: string }> {
  const [row] = await tx.query<{ id: string; event_type: string; status: string }>(
    'SELECT id::text AS id, event_type, status FROM webhook WHERE id = $1::uuid AND owner_key_id = $2 FOR UPDATE',
    [checkWebhookId(id), ownerKeyId],
  );
  if (!row) throw new WebhookNotFoundError(id);
  return { id: row.id, eventType: row.event_type, status: row.status };
}

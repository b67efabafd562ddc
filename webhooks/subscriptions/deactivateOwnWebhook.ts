// deactivateWebhook of the API: the caller's key deactivates one of its webhooks.
import { deactivatedByKey, deactivateWebhook } from './deactivateWebhook';
import { getWebhook } from './getWebhook';
import { lockOwnWebhook } from './ownWebhook';
import type { WebhookResponse } from './webhookResponse';
import type { WebhookStore } from './webhookStore';

/**
 * Deactivates the caller's webhook (reason `deactivated by its key`), its pending messages cancelled
 * in the same transaction; asking again answers the same.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID
 * @returns the webhook, inactive
 * @throws WebhookRuleError (400), WebhookNotFoundError (404)
 * @example await deactivateOwnWebhook(store, 'key_…', id)
 */
export async function deactivateOwnWebhook(
  store: WebhookStore,
  ownerKeyId: string,
  id: string,
): Promise<WebhookResponse> {
  const webhookId = await store.transaction(async (tx) => {
    const webhook = await lockOwnWebhook(tx, ownerKeyId, id);
    await deactivateWebhook(tx, webhook.id, deactivatedByKey);
    return webhook.id;
  });
  return getWebhook(store, ownerKeyId, webhookId);
}

// getWebhook: one webhook of the caller's key.
import { ownWebhook } from './ownWebhook';
import { webhookResponses, type WebhookResponse } from './webhookResponse';
import type { WebhookStore } from './webhookStore';

/**
 * The caller's webhook with this ID, as the API answers it.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID
 * @returns the webhook
 * @throws WebhookRuleError (400, no UUID), WebhookNotFoundError (404, none of the key's)
 * @example await getWebhook(store, 'key_…', id)
 */
export async function getWebhook(
  store: Pick<WebhookStore, 'prisma'>,
  ownerKeyId: string,
  id: string,
): Promise<WebhookResponse> {
  const row = await ownWebhook(store.prisma, ownerKeyId, id);
  const [answer] = await webhookResponses(store.prisma, [row]);
  return answer!;
}

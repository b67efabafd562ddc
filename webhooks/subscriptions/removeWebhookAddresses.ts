// removeAddressesFromWebhook: fewer addresses for an address_activity webhook.
import { asText } from '../../prisma/hexBytes';
import { getWebhook } from './getWebhook';
import { lockOwnWebhook } from './ownWebhook';
import { parseAddressChange, requireAddressActivity } from './webhookAddresses';
import type { WebhookResponse } from './webhookResponse';
import type { WebhookStore } from './webhookStore';

/**
 * Removes addresses from the caller's address_activity webhook; addresses it does not watch are
 * no error (the request's outcome holds either way).
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID
 * @param addresses EVM addresses, any case
 * @returns the webhook as it is now
 * @throws WebhookRuleError (400), WebhookNotFoundError (404)
 * @example await removeWebhookAddresses(store, 'key_…', id, ['0xb97e…'])
 */
export async function removeWebhookAddresses(
  store: WebhookStore,
  ownerKeyId: string,
  id: string,
  addresses: readonly string[],
): Promise<WebhookResponse> {
  const keys = parseAddressChange(addresses);
  const webhookId = await store.transaction(async (tx) => {
    const webhook = await lockOwnWebhook(tx, ownerKeyId, id);
    requireAddressActivity(webhook.eventType);
    await tx.query('DELETE FROM webhook_key WHERE webhook_id = $1::uuid AND key = ANY($2::text[])', [
      webhook.id,
      asText(keys),
    ]);
    await tx.query('UPDATE webhook SET updated_at = now() WHERE id = $1::uuid', [webhook.id]);
    return webhook.id;
  });
  return getWebhook(store, ownerKeyId, webhookId);
}

// addAddressesToWebhook: more addresses for an address_activity webhook.
import { asText } from '../../prisma/hexBytes';
import { insertRows } from '../../prisma/write';
import { getWebhook } from './getWebhook';
import { lockOwnWebhook } from './ownWebhook';
import { addressLimitError } from './validateWebhookRequest';
import { parseAddressChange, requireAddressActivity } from './webhookAddresses';
import type { WebhookResponse } from './webhookResponse';
import type { WebhookStore } from './webhookStore';

/**
 * Adds addresses to the caller's address_activity webhook (those it watches already stay as they
 * are), as long as it then watches at most WEBHOOK_MAX_ADDRESSES.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID
 * @param addresses EVM addresses, any case
 * @returns the webhook as it is now
 * @throws WebhookRuleError (400), WebhookLimitError (403), WebhookNotFoundError (404)
 * @example await addWebhookAddresses(store, 'key_…', id, ['0xb97e…'])
 */
export async function addWebhookAddresses(
  store: WebhookStore,
  ownerKeyId: string,
  id: string,
  addresses: readonly string[],
): Promise<WebhookResponse> {
  const keys = parseAddressChange(addresses);
  const webhookId = await store.transaction(async (tx) => {
    const webhook = await lockOwnWebhook(tx, ownerKeyId, id);
    requireAddressActivity(webhook.eventType);
    const [counts] = await tx.query<{ total: number; known: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE key = ANY($2::text[])))::int AS known
       FROM webhook_key WHERE webhook_id = $1::uuid`,
      [webhook.id, asText(keys)],
    );
    if (counts!.total - counts!.known + keys.length > store.options.maxAddressesPerWebhook)
      throw addressLimitError(store.options);
    await insertRows(
      tx,
      'WebhookKey',
      keys.map((key) => ({ webhookId: webhook.id, key })),
    );
    await tx.query('UPDATE webhook SET updated_at = now() WHERE id = $1::uuid', [webhook.id]);
    return webhook.id;
  });
  return getWebhook(store, ownerKeyId, webhookId);
}

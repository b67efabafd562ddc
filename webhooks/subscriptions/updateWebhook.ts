// updateWebhook: the caller's key changes a webhook's name, description, url, status or payload options.
import { asText } from '../../prisma/hexBytes';
import { deactivatedByKey, deactivateWebhook } from './deactivateWebhook';
import { getWebhook } from './getWebhook';
import { lockOwnWebhook } from './ownWebhook';
import { WebhookRuleError } from './webhookErrors';
import type { WebhookResponse } from './webhookResponse';
import { checkText, checkUrl, maxDescriptionLength, maxNameLength } from './webhookRules';
import type { WebhookStore } from './webhookStore';

/** The official UpdateWebhookRequest: each member given is changed, the others kept. */
export type WebhookUpdate = {
  name?: string | null;
  description?: string | null;
  url?: string | null;
  status?: string | null;
  includeInternalTxs?: boolean | null;
  includeLogs?: boolean | null;
};

/**
 * Changes the members given. `status: active` re-activates an inactive webhook and clears its
 * inactive_reason (messages cancelled meanwhile stay cancelled); `status: inactive` deactivates it as
 * deactivateWebhook does. includeInternalTxs and includeLogs belong to address_activity webhooks.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the webhook ID
 * @param update the members to change
 * @returns the webhook as it is now
 * @throws WebhookRuleError (400) naming the member, WebhookNotFoundError (404)
 * @example await updateWebhook(store, 'key_…', id, { status: 'active' })
 */
export async function updateWebhook(
  store: WebhookStore,
  ownerKeyId: string,
  id: string,
  update: WebhookUpdate,
): Promise<WebhookResponse> {
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length + 1}`);
  };
  // Free text stays text even when it reads as 0x hex (hexBytes.ts).
  if (update.name != null) set('name', asText(checkText('name', update.name, maxNameLength)));
  if (update.description != null)
    set('description', asText(checkText('description', update.description, maxDescriptionLength)));
  if (update.url != null) set('url', asText(checkUrl(update.url, store.options)));
  if (update.status != null && update.status !== 'active' && update.status !== 'inactive')
    throw new WebhookRuleError('status must be active or inactive');
  if (update.includeInternalTxs != null) set('include_internal_txs', update.includeInternalTxs);
  if (update.includeLogs != null) set('include_logs', update.includeLogs);
  const webhookId = await store.transaction(async (tx) => {
    const webhook = await lockOwnWebhook(tx, ownerKeyId, id);
    if (webhook.eventType !== 'address_activity')
      for (const member of ['includeInternalTxs', 'includeLogs'] as const)
        if (update[member] != null)
          throw new WebhookRuleError(`${member} is not a member of ${webhook.eventType} webhooks`);
    if (update.status === 'active' && webhook.status !== 'active') {
      sets.push("status = 'active'", 'inactive_reason = NULL');
    }
    if (sets.length > 0)
      await tx.query(`UPDATE webhook SET ${sets.join(', ')}, updated_at = now() WHERE id = $1::uuid`, [
        webhook.id,
        ...values,
      ]);
    if (update.status === 'inactive') await deactivateWebhook(tx, webhook.id, deactivatedByKey);
    return webhook.id;
  });
  return getWebhook(store, ownerKeyId, webhookId);
}

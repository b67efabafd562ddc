// createWebhook: a new webhook of the caller's key.
import { randomUUID } from 'node:crypto';
import { insertRows } from '../../prisma/write';
import { WebhookLimitError, WebhookRuleError } from './webhookErrors';
import type { WebhookRequest } from './webhookRequest';
import { webhookResponses, type WebhookResponse } from './webhookResponse';
import type { WebhookStore } from './webhookStore';
import { validateWebhookRequest } from './validateWebhookRequest';

/**
 * Creates a webhook of the caller's key, active, with its watched keys, once the request meets the
 * rules of its event type (validateWebhookRequest.ts) and the key has fewer webhooks than
 * WEBHOOK_MAX_PER_KEY. The count and the insert run under a lock of the key, so two requests at once
 * cannot pass the limit together.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param request the request
 * @returns the webhook as getWebhook answers it
 * @throws WebhookRuleError (400), WebhookLimitError (403)
 * @example await createWebhook(store, 'key_…', { eventType: 'address_activity', url, chainId: '43114', metadata: { addresses } })
 */
export async function createWebhook(
  store: WebhookStore,
  ownerKeyId: string,
  request: WebhookRequest,
): Promise<WebhookResponse> {
  const webhook = validateWebhookRequest(request, store.options);
  if (webhook.eventType === 'address_activity') {
    const chain = await store.prisma.evmChain.findUnique({
      where: { chainId: BigInt(webhook.chainId) },
      select: { chainId: true },
    });
    if (!chain) throw new WebhookRuleError(`chainId ${webhook.chainId} is not an EVM chain this service indexes`);
  }
  const id = randomUUID();
  const now = store.now();
  await store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook-owner:${ownerKeyId}`]);
    const [{ count }] = (await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM webhook WHERE owner_key_id = $1',
      [ownerKeyId],
    )) as [{ count: number }];
    const max = store.options.maxWebhooksPerKey;
    if (count >= max) throw new WebhookLimitError(`an API key has at most ${max} webhooks (WEBHOOK_MAX_PER_KEY)`);
    await insertRows(tx, 'Webhook', [
      {
        id,
        ownerKeyId,
        eventType: webhook.eventType,
        url: webhook.url,
        name: webhook.name,
        description: webhook.description,
        chainId: webhook.chainId,
        network: webhook.network,
        status: 'active',
        inactiveReason: null,
        metadata: webhook.metadata as object,
        includeInternalTxs: webhook.includeInternalTxs,
        includeLogs: webhook.includeLogs,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await insertRows(
      tx,
      'WebhookKey',
      webhook.keys.map((key) => ({ webhookId: id, key })),
    );
  });
  const row = await store.prisma.webhook.findUniqueOrThrow({ where: { id } });
  const [answer] = await webhookResponses(store.prisma, [row]);
  return answer!;
}

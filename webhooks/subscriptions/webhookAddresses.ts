// The watched addresses of an address_activity webhook: what addAddressesToWebhook,
// removeAddressesFromWebhook and getAddressesFromWebhook change and read.
import { parseEvmAddress } from '../../avalanche/parseEvmAddress';
import type { PrismaClient, Webhook, WebhookKey } from '../../prisma/generated/client';
import { WebhookRuleError } from './webhookErrors';
import { ownWebhook } from './ownWebhook';
import { parseEach } from './webhookRules';

/**
 * The addresses of an addresses request, checked: EVM addresses in lower case, each once, at least one.
 * @throws WebhookRuleError naming `addresses`
 * @example parseAddressChange(['0xB97E…']) // ['0xb97e…']
 */
export function parseAddressChange(addresses: readonly string[]): string[] {
  const parsed = parseEach('addresses', addresses, parseEvmAddress);
  if (parsed.length === 0) throw new WebhookRuleError('addresses must list at least one address');
  return parsed;
}

/**
 * The official operations on addresses are "only valid for EVM activity webhooks".
 * @throws WebhookRuleError for a webhook of another event type
 * @example requireAddressActivity(webhook.eventType)
 */
export function requireAddressActivity(eventType: string): void {
  if (eventType !== 'address_activity')
    throw new WebhookRuleError(`only address_activity webhooks watch addresses; this one is ${eventType}`);
}

/**
 * The caller's address_activity webhook with this ID, and how many addresses it watches.
 * @returns the row and the total
 * @throws WebhookRuleError (400: no UUID, another event type), WebhookNotFoundError (404)
 * @example const { webhook, totalAddresses } = await addressWebhook(prisma, 'key_…', id)
 */
export async function addressWebhook(
  prisma: PrismaClient,
  ownerKeyId: string,
  id: string,
): Promise<{ webhook: Webhook; totalAddresses: number }> {
  const webhook = await ownWebhook(prisma, ownerKeyId, id);
  requireAddressActivity(webhook.eventType);
  const totalAddresses = await prisma.webhookKey.count({ where: { webhookId: webhook.id } });
  return { webhook, totalAddresses };
}

/**
 * A page of a webhook's addresses: the keyset query the subgraphs' paging helper builds over
 * `webhook_key` (its primary key, in key order).
 * @example await listWebhookAddresses(prisma, { where, orderBy, take })
 */
export function listWebhookAddresses(
  prisma: PrismaClient,
  query: { where: object; orderBy: object[]; take: number },
): Promise<WebhookKey[]> {
  return prisma.webhookKey.findMany(query);
}

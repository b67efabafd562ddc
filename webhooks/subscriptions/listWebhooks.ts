// listWebhooks: the webhooks of the caller's key, newest first.
import type { PrismaClient, Webhook } from '../../prisma/generated/client';

/** A keyset page query over `webhook`, as the subgraphs' paging helper builds it (paginate.ts). */
export type WebhookPageQuery = { where: object; orderBy: object[]; take: number };

/** The order of listWebhooks: newest first, the ID breaking ties (the index webhook(owner_key_id, created_at DESC, id DESC)). */
export const webhookListOrder = ['createdAt', 'id'] as const;

/**
 * The filter of one key's webhooks, all or those of one status.
 * @example webhookListFilter('key_…', 'active') // { ownerKeyId: 'key_…', status: 'active' }
 */
export function webhookListFilter(ownerKeyId: string, status?: string | null): object {
  return status ? { ownerKeyId, status } : { ownerKeyId };
}

/**
 * A page of webhook rows: the query's filter (the key's, from {@link webhookListFilter}, and the
 * keyset range), order and size.
 * @param prisma the database's client
 * @param query the page's query
 * @returns the rows (turn them into answers with webhookResponses)
 * @example await listWebhooks(prisma, { where, orderBy, take })
 */
export function listWebhooks(prisma: PrismaClient, query: WebhookPageQuery): Promise<Webhook[]> {
  return prisma.webhook.findMany(query);
}

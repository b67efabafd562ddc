// A webhook as the official API answers it (EVMAddressActivityResponse,
// PrimaryNetworkAddressActivityResponse, ValidatorActivityResponse), from its stored row and keys.
import { Prisma, type PrismaClient, type Webhook } from '../../prisma/generated/client';

/**
 * How many watched keys an answer's metadata lists (`addresses`, `keys`): all of a webhook with at
 * most this many, else the first this many in key order. getAddressesFromWebhook pages them all.
 */
export const answeredKeysLimit = 1000;

/** A webhook as the API answers it; its `eventType` names the variant. */
export type WebhookResponse = {
  id: string;
  url: string;
  chainId: string;
  status: string;
  /** Unix seconds. */
  createdAt: number;
  name: string;
  description: string;
  eventType: string;
  metadata: Record<string, unknown>;
  /** address_activity only. */
  includeInternalTxs?: boolean;
  includeLogs?: boolean;
};

/**
 * A stored webhook as the API answers it: its metadata with its watched keys (as `addresses` for
 * address_activity, as `keys` for the others).
 * @param row the `webhook` row
 * @param keys its watched keys (at most {@link answeredKeysLimit})
 * @example toWebhookResponse(row, ['0xb97e…'])
 */
export function toWebhookResponse(row: Webhook, keys: readonly string[]): WebhookResponse {
  const evm = row.eventType === 'address_activity';
  const stored = row.metadata as Record<string, unknown>;
  return {
    id: row.id,
    url: row.url,
    chainId: row.chainId,
    status: row.status,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    name: row.name,
    description: row.description,
    eventType: row.eventType,
    metadata: evm ? { ...stored, addresses: [...keys] } : { ...stored, keys: [...keys] },
    ...(evm ? { includeInternalTxs: row.includeInternalTxs, includeLogs: row.includeLogs } : {}),
  };
}

/**
 * Stored webhooks as the API answers them, in the order given: one statement for the keys of all
 * of them, at most {@link answeredKeysLimit} each.
 * @param prisma the database's client
 * @param rows the `webhook` rows
 * @returns their answers
 * @example const answers = await webhookResponses(prisma, rows)
 */
export async function webhookResponses(prisma: PrismaClient, rows: readonly Webhook[]): Promise<WebhookResponse[]> {
  if (rows.length === 0) return [];
  const keyRows = await prisma.$queryRaw<{ webhook_id: string; key: string }[]>(Prisma.sql`
    SELECT webhook_id::text AS webhook_id, key FROM (
      SELECT webhook_id, key, row_number() OVER (PARTITION BY webhook_id ORDER BY key) AS n
      FROM webhook_key WHERE webhook_id IN (${Prisma.join(rows.map((row) => Prisma.sql`${row.id}::uuid`))})
    ) ranked
    WHERE n <= ${answeredKeysLimit}
    ORDER BY webhook_id, key`);
  const keysOf = new Map<string, string[]>();
  for (const { webhook_id, key } of keyRows) {
    let keys = keysOf.get(webhook_id);
    if (!keys) keysOf.set(webhook_id, (keys = []));
    keys.push(key);
  }
  return rows.map((row) => toWebhookResponse(row, keysOf.get(row.id) ?? []));
}

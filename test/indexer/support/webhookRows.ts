// Webhooks as rows (what createWebhook stores), for the indexer tests that need subscriptions.
import { asText } from '../../../prisma/hexBytes';
import type { Database } from '../../../prisma/database';
import type { WebhookSpec } from './nodeActivity';

/**
 * Inserts an address_activity webhook and its watched keys, owned by `config-1`.
 * @example await insertWebhook(db, { id, keys: [address], chainId: '31337', status: 'active', ... })
 */
export async function insertWebhook(db: Database, spec: WebhookSpec): Promise<void> {
  await db.query(
    `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, status, metadata,
                          include_internal_txs, include_logs, created_at, updated_at)
     VALUES ($1, 'config-1', 'address_activity', 'https://receiver.example/hook', 'test', '', $2, $3, $4::jsonb, $5, $6, $7, $7)`,
    [
      spec.id,
      spec.chainId,
      spec.status,
      JSON.stringify(spec.eventSignatures ? { eventSignatures: spec.eventSignatures } : {}),
      spec.includeInternalTxs,
      spec.includeLogs,
      spec.createdAt.toISOString(),
    ],
  );
  for (const key of spec.keys)
    await db.query('INSERT INTO webhook_key (webhook_id, key) VALUES ($1, $2)', [spec.id, asText(key)]);
}

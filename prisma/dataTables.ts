import type { Database } from './database';
import { dataModel } from './generated/metadata';
import { WRITE_ORDER } from './write/writeOrder';

/**
 * The service's own tables, whose rows outlive the data: settings (the page-token secret), API keys,
 * the keys' webhooks with their secrets and outbox, the keys' transaction exports, and the record of
 * requests the usage operations read.
 */
export const SERVICE_MODELS: readonly string[] = [
  'ServiceSetting',
  'ApiKey',
  'Webhook',
  'WebhookKey',
  'WebhookSecret',
  'WebhookMessage',
  'TransactionExport',
  'TransactionExportChunk',
  'ApiRequest',
];

/**
 * Tables holding chain data and indexer state, parents first: every table of the schema except the
 * service's own ({@link SERVICE_MODELS}): creating a key or a webhook before the first start must not stop
 * the demo data from loading, and `seed --force` must not revoke every key or drop every webhook.
 */
export const DATA_TABLES: readonly string[] = WRITE_ORDER.filter((model) => !SERVICE_MODELS.includes(model)).map(
  (model) => dataModel.models[model].table,
);

/**
 * Whether no data table holds a row: a database the service may fill with the demo data set.
 * The service's own tables do not count.
 * @param db the database
 * @returns true when every data table is empty
 * @example if (await isDatabaseEmpty(db)) await seedDemoData(db)
 */
export async function isDatabaseEmpty(db: Pick<Database, 'query'>): Promise<boolean> {
  const probes = DATA_TABLES.map((table) => `(SELECT 1 AS found FROM "${table}" LIMIT 1)`);
  const rows = await db.query<{ found: number }>(`SELECT found FROM (${probes.join(' UNION ALL ')}) t LIMIT 1`);
  return rows.length === 0;
}

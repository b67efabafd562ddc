import type { Database } from './database';
import { dataModel } from './generated/metadata';
import { WRITE_ORDER } from './write/writeOrder';

/**
 * Tables holding chain data and indexer state, parents first: every table of the schema except
 * service_setting, whose settings (the page-token secret) outlive the data.
 */
export const DATA_TABLES: readonly string[] = WRITE_ORDER.filter((model) => model !== 'ServiceSetting').map((model) => dataModel.models[model].table);

/**
 * Whether no data table holds a row: a database the service may fill with the demo data set.
 * Service settings do not count.
 * @param db the database
 * @returns true when every data table is empty
 * @example if (await isDatabaseEmpty(db)) await seedDemoData(db)
 */
export async function isDatabaseEmpty(db: Pick<Database, 'query'>): Promise<boolean> {
  const probes = DATA_TABLES.map((table) => `(SELECT 1 AS found FROM "${table}" LIMIT 1)`);
  const rows = await db.query<{ found: number }>(`SELECT found FROM (${probes.join(' UNION ALL ')}) t LIMIT 1`);
  return rows.length === 0;
}

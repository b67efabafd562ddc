// The one place the service reaches into demo-data/, and only when the demo data set is wanted or
// present: `import()` keeps the generator, and its BLS workers, out of a production process.
import type { Database } from '../prisma/database';
import { isDatabaseEmpty } from '../prisma/dataTables';
import { createSettings } from '../prisma/settings';
import type { LocalSigners } from '../signature-aggregator/sources/localSigners';
import type { ServiceOptions } from './options';

/**
 * Fills an empty embedded database with the demo data set (when `SEED_DEMO_DATA` allows), and
 * returns the demo validators' signers when the database holds the demo data set (the seeder's
 * marker) and `WARP_DEMO_SIGNERS` allows: then both aggregation endpoints answer on a fresh start.
 *
 * @param db the service's database
 * @param options seeding and Warp options
 * @param log progress lines
 * @returns local signers to hand to createService (none for real data)
 * @example const localSigners = await loadDemoData(db, options, log)
 */
export async function loadDemoData(
  db: Database,
  options: Pick<ServiceOptions, 'seedDemoData' | 'demoScale' | 'warp'>,
  log: (message: string) => void,
): Promise<LocalSigners[]> {
  if (db.kind === 'pglite' && options.seedDemoData && (await isDatabaseEmpty(db))) {
    log('empty database: loading the demo data set (set SEED_DEMO_DATA=false to skip)');
    const started = Date.now();
    const { seedDemoData } = await import('../demo-data');
    await seedDemoData(db, { scale: options.demoScale, log });
    log(`demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!options.warp.demoSigners || !(await createSettings(db).get('demoData'))) return [];
  const { createDemoSigners } = await import('../demo-data/demoSigners');
  return [createDemoSigners()];
}

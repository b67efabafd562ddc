// `avalanche-data-service rebuild-metrics`: every metric rollup from the raw rows.
import { rebuildMetrics } from '../../metrics/rebuildMetrics';
import { parseDatabaseOptions } from '../../shared/config/commandOptions';
import { openDatabase } from '../openDatabase';

/** Runs `rebuild-metrics`. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const db = await openDatabase(parseDatabaseOptions(env, argv));
  try {
    const started = Date.now();
    const rows = await rebuildMetrics(db, { log: (line) => console.log(line) });
    console.log(`${rows} rollup rows rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await db.close();
  }
}

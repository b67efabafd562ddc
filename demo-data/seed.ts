// CLI: fills the database the server would use with the demo data set.
//   avalanche-data-service seed [--scale N] [--force]   (npm run seed -- --scale 2)
// PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR (default ./data), as the
// server does. A database that holds rows is refused unless --force, which empties it first.
import { createDatabase } from '../prisma/database';
import { isDatabaseEmpty } from '../prisma/dataTables';
import type { SeedOptions } from '../shared/config/commandOptions';
import { clearDemoData, seedDemoData } from './index';

/**
 * The seed command: fills the database the server would use (DATABASE_URL, or DATA_DIR) with the
 * demo data set; a database holding rows is refused unless `--force`.
 * @param args `--scale N`, `--force` and the database (shared/config/commandOptions.ts parseSeedOptions)
 * @returns the exit code
 * @example process.exitCode = await runSeed(parseSeedOptions(process.env, ['--scale', '2']))
 */
export async function runSeed(args: SeedOptions): Promise<number> {
  const log = (msg: string) => console.log(`[seed] ${msg}`);
  const db = await createDatabase({ databaseUrl: args.databaseUrl, dataDir: args.dataDir, log });
  try {
    if (!(await isDatabaseEmpty(db))) {
      if (!args.force) {
        console.error(
          '[seed] the database already holds rows; rerun with --force to replace them with the demo data set',
        );
        return 1;
      }
      log('--force: emptying every table');
      await clearDemoData(db);
    }
    const summary = await seedDemoData(db, { scale: args.scale, log });
    console.log(`[seed] scale ${summary.scale}, DEMO_NOW ${new Date(summary.demoNow * 1000).toISOString()}`);
    for (const [table, count] of Object.entries(summary.rows).sort())
      console.log(`[seed]   ${table.padEnd(30)} ${count}`);
    console.log(
      `[seed] showcase EVM address ${summary.showcase.evmAddress}; P/X addresses ${Object.values(summary.showcase.pChainAddress).join(', ')}`,
    );
    console.log(
      `[seed] done in ${(summary.durationMs / 1000).toFixed(1)} s (${Object.entries(summary.stepsMs)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(', ')})`,
    );
  } finally {
    await db.close();
  }
  return 0;
}

// CLI: fills the database the server would use with the demo data set.
//   avalanche-data-service seed [--scale N] [--force]   (npm run seed -- --scale 2)
// PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR (default ./data), as the
// server does. A database that holds rows is refused unless --force, which empties it first.
import { createDatabase } from '../prisma/database';
import { isDatabaseEmpty } from '../prisma/dataTables';
import { clearDemoData, seedDemoData } from './index';

/** Parsed command line of the seed CLI. */
export type SeedArgs = { scale: number; force: boolean };

/**
 * Parses `--scale N` and `--force`.
 * @param argv arguments after the script name
 * @returns the options
 * @throws Error naming the bad argument
 * @example parseSeedArgs(['--scale', '10']) // { scale: 10, force: false }
 */
export function parseSeedArgs(argv: string[]): SeedArgs {
  const args: SeedArgs = { scale: 1, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') args.force = true;
    else if (arg === '--scale' || arg.startsWith('--scale=')) {
      const text = arg.includes('=') ? arg.slice('--scale='.length) : argv[++i];
      const scale = Number(text);
      if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Validation failed: --scale ${text}, expected a positive number`);
      args.scale = scale;
    } else throw new Error(`Validation failed: argument ${arg}, expected --scale N or --force`);
  }
  return args;
}

/**
 * The seed command: fills the database the server would use (DATABASE_URL, or DATA_DIR) with the
 * demo data set; a database holding rows is refused unless `--force`.
 * @param argv arguments after the command name
 * @returns the exit code
 * @example process.exitCode = await runSeed(['--scale', '2'])
 */
export async function runSeed(argv: string[]): Promise<number> {
  const args = parseSeedArgs(argv);
  const log = (msg: string) => console.log(`[seed] ${msg}`);
  const db = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data', log });
  try {
    if (!(await isDatabaseEmpty(db))) {
      if (!args.force) {
        console.error('[seed] the database already holds rows; rerun with --force to replace them with the demo data set');
        return 1;
      }
      log('--force: emptying every table');
      await clearDemoData(db);
    }
    const summary = await seedDemoData(db, { scale: args.scale, log });
    console.log(`[seed] scale ${summary.scale}, DEMO_NOW ${new Date(summary.demoNow * 1000).toISOString()}`);
    for (const [table, count] of Object.entries(summary.rows).sort()) console.log(`[seed]   ${table.padEnd(30)} ${count}`);
    console.log(`[seed] showcase EVM address ${summary.showcase.evmAddress}; P/X addresses ${Object.values(summary.showcase.pChainAddress).join(', ')}`);
    console.log(`[seed] done in ${(summary.durationMs / 1000).toFixed(1)} s (${Object.entries(summary.stepsMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')})`);
  } finally {
    await db.close();
  }
  return 0;
}


// The database a maintenance command works on: the one `start` would use.
import { buildOptions } from '../server/options';
import { createDatabase, type Database } from '../prisma/database';

/**
 * Opens the database the service would use: DATABASE_URL, else embedded PGlite in DATA_DIR (checked as `start` checks them).
 * @param env the environment
 * @param migrate apply pending migrations first
 * @returns the open database; the caller closes it
 * @example const db = await openDatabase(process.env)
 */
export async function openDatabase(env: NodeJS.ProcessEnv, migrate = true): Promise<Database> {
  const { databaseUrl, dataDir } = buildOptions({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  return createDatabase({ databaseUrl, dataDir, migrate, log: (line) => console.log(line) });
}

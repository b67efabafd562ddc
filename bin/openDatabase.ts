// The database a maintenance command works on: the one `start` would use.
import { createDatabase, type Database } from '../prisma/database';

/**
 * Opens the database the service would use: DATABASE_URL, else embedded PGlite in DATA_DIR.
 * @param options the parsed database options (shared/config/commandOptions.ts)
 * @param migrate apply pending migrations first
 * @returns the open database; the caller closes it
 * @example const db = await openDatabase(parseDatabaseOptions(process.env))
 */
export async function openDatabase(
  { databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string },
  migrate = true,
): Promise<Database> {
  return createDatabase({ databaseUrl, dataDir, migrate, log: (line) => console.log(line) });
}

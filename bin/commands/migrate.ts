// `avalanche-data-service migrate [--check]`: the pending database migrations.
import { runStoredBackfills } from '../../indexer/primary-network/runStoredBackfills';
import { pendingMigrations } from '../../prisma/migrate';
import { parseMigrateOptions } from '../../shared/config/commandOptions';
import { openDatabase } from '../openDatabase';

/** Runs `migrate`: 0 when the database is up to date, 1 when `--check` finds pending migrations. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { check, ...database } = parseMigrateOptions(env, argv);
  const db = await openDatabase(database, !check);
  try {
    if (!check) await runStoredBackfills(db, { log: (line) => console.log(line) });
    const pending = await pendingMigrations(db.query);
    for (const name of pending) console.log(`pending: ${name}`);
    console.log(pending.length === 0 ? 'the database is up to date' : `${pending.length} pending migration(s)`);
    return pending.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

import { randomBytes } from 'node:crypto';
import type { Database } from '../prisma/database';
import { createSettings } from '../prisma/settings';

/**
 * The key that signs page tokens: `PAGE_TOKEN_SECRET` when set, otherwise a random key generated
 * once and kept in the database (service_setting), so tokens survive restarts and every process
 * on the same database (replicas, subgraph services) signs and checks alike. Nothing is built in:
 * a key in the source would let anyone sign tokens.
 *
 * @param db the service's database
 * @param configured the configured key, if any
 * @returns the key
 * @example const secret = await resolvePageTokenSecret(db, options.pageTokenSecret)
 */
export async function resolvePageTokenSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return createSettings(db).getOrCreate('pageTokenSecret', () => randomBytes(32).toString('base64url'));
}

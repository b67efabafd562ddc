// `avalanche-data-service keys create|list|revoke`: API keys (only their hashes are stored).
import {
  createApiKey,
  KeyNameTakenError,
  listApiKeys,
  revokeApiKey,
  type ListedKey,
} from '../../server/access/apiKeys';
import { didYouMean } from '../../shared/config/closestKey';
import { parseKeysOptions } from '../../shared/config/commandOptions';
import { UsageError } from '../../shared/config/configError';
import { openDatabase } from '../openDatabase';

/** Runs `keys`: 0 done, 1 when `create` finds the name taken or `revoke` finds no active key. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { positionals, allow: allowedRoutes, perMinute, perDay, admin, ...database } = parseKeysOptions(env, argv);
  const [action, ...positional] = positionals;
  const keyFlags = allowedRoutes.length > 0 || perMinute !== undefined || perDay !== undefined || admin;
  if (action !== 'create' && action !== 'list' && action !== 'revoke')
    throw new UsageError(
      `action ${action ?? '(none)'}${didYouMean(action ?? '', ['create', 'list', 'revoke'])}`,
      'create, list or revoke',
    );
  if (action === 'create' && positional.length !== 1)
    throw new UsageError('keys create without a name', 'keys create <name>');
  if (action === 'revoke' && (positional.length !== 1 || keyFlags))
    throw new UsageError('keys revoke without a key id, or with flags', 'keys revoke <key id>');
  if (action === 'list' && (positional.length > 0 || keyFlags))
    throw new UsageError('keys list with arguments', 'none');
  if (allowedRoutes.length > 0) await checkAllowedRoutes(allowedRoutes);
  const db = await openDatabase(database);
  try {
    if (action === 'create') {
      try {
        const { id, key } = await createApiKey(db.prisma, {
          name: positional[0]!,
          allowedRoutes,
          perMinute,
          perDay,
          admin,
        });
        const role = admin ? '; an admin key, it sees the usage of every key' : '';
        console.log(`created ${id}; the key (shown once, send it in x-service-api-key${role}):`);
        console.log(key);
        return 0;
      } catch (error) {
        if (!(error instanceof KeyNameTakenError)) throw error;
        console.error(`Cannot create the key: ${error.message}`);
        return 1;
      }
    }
    if (action === 'revoke') {
      const revoked = await revokeApiKey(db.prisma, positional[0]!);
      console.log(revoked ? `revoked ${positional[0]}` : `no active key ${positional[0]}`);
      return revoked ? 0 : 1;
    }
    for (const line of keyTable(await listApiKeys(db.prisma))) console.log(line);
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * Refuses an allow list with an entry that matches no route, before any key exists: access control
 * would refuse the key on every request (403). The route table is loaded only here, so `keys list`
 * and `keys revoke` never load it.
 */
async function checkAllowedRoutes(allowedRoutes: readonly string[]): Promise<void> {
  const { keyRouteTemplates, unmatchedAllowedRoutes } = await import('../../server/access/allowedRoutes');
  const [unmatched] = unmatchedAllowedRoutes(allowedRoutes);
  if (unmatched === undefined) return;
  throw new UsageError(
    `--allow entry ${unmatched} matches no route of the service${didYouMean(unmatched, keyRouteTemplates)}`,
    'route templates as GET /openapi.json writes them (/v1/networks/{network}/subnets), /graphql, or a prefix ending in * (/v2/*)',
  );
}

/** `keys list`: a header, then a row per key, in columns aligned by padding (the name last, as it may hold spaces). */
function keyTable(keys: readonly ListedKey[]): string[] {
  const rows = [
    ['ID', 'PREFIX', 'STATUS', 'USAGE', 'BUDGET', 'ROUTES', 'NAME'],
    ...keys.map((key) => [
      key.id,
      `${key.prefix}…`,
      key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active',
      key.admin ? 'every key' : 'own',
      `${key.perMinute ?? 'default'}/min ${key.perDay ?? 'default'}/day`,
      key.allowedRoutes.length ? key.allowedRoutes.join(',') : 'all routes',
      key.name,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '),
  );
}

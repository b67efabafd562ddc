// `avalanche-data-service keys create|list|revoke`: API keys (only their hashes are stored).
import { createApiKey, listApiKeys, revokeApiKey } from '../../server/access/apiKeys';
import { openDatabase } from '../openDatabase';
import { UsageError } from '../usageError';

/** Runs `keys`: 0 done, 1 when `revoke` finds no active key. */
export async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [action, ...rest] = argv;
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (const arg of rest) {
    const flag = /^--(allow|per-minute|per-day)=(.*)$/s.exec(arg);
    if (flag) flags.set(flag[1]!, flag[2]!);
    else if (arg.startsWith('--')) throw new UsageError(`unknown argument ${arg}`);
    else positional.push(arg);
  }
  const budget = (name: string) => {
    const text = flags.get(name);
    if (text === undefined) return undefined;
    if (!/^[1-9][0-9]{0,11}$/.test(text)) throw new UsageError(`--${name} must be a positive integer`);
    return Number(text);
  };
  if (action === 'create' && positional.length !== 1) throw new UsageError('expected: keys create <name>');
  if (action === 'revoke' && positional.length !== 1) throw new UsageError('expected: keys revoke <key id>');
  if (action === 'list' && (positional.length > 0 || flags.size > 0)) throw new UsageError('keys list takes no arguments');
  if (action !== 'create' && action !== 'list' && action !== 'revoke') throw new UsageError('expected create, list or revoke');
  const perMinute = budget('per-minute');
  const perDay = budget('per-day');
  const allowedRoutes = (flags.get('allow') ?? '').split(',').map((route) => route.trim()).filter(Boolean);
  const db = await openDatabase(env);
  try {
    if (action === 'create') {
      const { id, key } = await createApiKey(db.prisma, { name: positional[0]!, allowedRoutes, perMinute, perDay });
      console.log(`created ${id}; the key (shown once, send it in x-service-api-key):`);
      console.log(key);
      return 0;
    }
    if (action === 'revoke') {
      const revoked = await revokeApiKey(db.prisma, positional[0]!);
      console.log(revoked ? `revoked ${positional[0]}` : `no active key ${positional[0]}`);
      return revoked ? 0 : 1;
    }
    for (const key of await listApiKeys(db.prisma)) {
      const budgetText = `${key.perMinute ?? 'default'}/min ${key.perDay ?? 'default'}/day`;
      const routes = key.allowedRoutes.length ? key.allowedRoutes.join(',') : 'all routes';
      console.log([key.id, `${key.prefix}…`, key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active', budgetText, routes, key.name].join('\t'));
    }
    return 0;
  } finally {
    await db.close();
  }
}

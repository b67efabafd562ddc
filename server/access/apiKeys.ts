import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../prisma/generated/client';
import { ServiceError } from '../../shared/errors';

/** What the service knows of a key once it is recognised. */
export type KnownKey = {
  /** Public handle (`key_…`; `config-N` for the keys of `API_KEYS`): the rate-limit identity. */
  id: string;
  /** Route templates the key may call (`/v1/networks/{network}/subnets`, `/graphql`, a trailing `*`); empty: all. */
  allowedRoutes: readonly string[];
  /** Budget overrides of this key, compute units; undefined: the key tier's. */
  perMinute?: number;
  perDay?: number;
  /** Sees the usage of every key (the usage operations); made with `keys create --admin`. */
  admin: boolean;
};

/** A key as `keys list` shows it: never the key itself, which is not stored. */
export type ListedKey = KnownKey & { name: string; prefix: string; createdAt: Date; revokedAt?: Date };

/** Options of a new key. */
export type NewKey = { name: string; allowedRoutes?: string[]; perMinute?: number; perDay?: number; admin?: boolean };

/** Keys are 32 random bytes: a plain SHA-256 is enough (no dictionary to guess from), and one lookup per hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * A new key named like an active one: the name is how an operator tells keys apart in `keys list`,
 * so two active keys never share one (a revoked key's name is free again).
 */
export class KeyNameTakenError extends ServiceError {
  override name = 'KeyNameTakenError';
  constructor(
    /** The name asked for. */
    readonly keyName: string,
    /** The ID of the active key that has it. */
    readonly takenBy: string,
  ) {
    super(
      `an active key is already named ${JSON.stringify(keyName)} (${takenBy}): choose another name, or revoke that key first`,
      { status: 409 },
    );
  }
}

/**
 * Creates a key and stores its hash; the key is returned once and never again.
 * @returns the key (`ads_` + 43 base64url characters) and its public ID
 * @throws KeyNameTakenError when an active key has the name
 * @example const { key, id } = await createApiKey(db.prisma, { name: 'explorer' })
 */
export async function createApiKey(prisma: PrismaClient, options: NewKey): Promise<{ id: string; key: string }> {
  const key = `ads_${randomBytes(32).toString('base64url')}`;
  const id = `key_${randomBytes(6).toString('hex')}`;
  try {
    await prisma.apiKey.create({
      data: {
        id,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, 10),
        name: options.name,
        allowedRoutes: options.allowedRoutes ?? [],
        perMinute: options.perMinute ?? null,
        perDay: options.perDay ?? null,
        admin: options.admin ?? false,
      },
    });
  } catch (error) {
    // The unique index on the names of active keys decides, so two processes creating one name at
    // once cannot both succeed; the key that has the name is looked up only to name it.
    const taken = await prisma.apiKey.findFirst({
      where: { name: options.name, revokedAt: null },
      select: { id: true },
    });
    if (taken) throw new KeyNameTakenError(options.name, taken.id);
    throw error;
  }
  return { id, key };
}

/** Every stored key, oldest first, revoked ones included. */
export async function listApiKeys(prisma: PrismaClient): Promise<ListedKey[]> {
  const rows = await prisma.apiKey.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    allowedRoutes: row.allowedRoutes,
    perMinute: row.perMinute ?? undefined,
    perDay: row.perDay ?? undefined,
    admin: row.admin,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt ?? undefined,
  }));
}

/**
 * Revokes a key by its ID (its requests are then a 401, within the lookup cache's lifetime).
 * @returns false when no unrevoked key has that ID
 */
export async function revokeApiKey(prisma: PrismaClient, id: string): Promise<boolean> {
  const { count } = await prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count > 0;
}

/** How a presented key resolves. */
export type KeyLookup = (key: string) => Promise<KnownKey | undefined>;

/**
 * Resolves presented keys: the `API_KEYS` of the configuration first, then the stored hashes.
 * Answers (known and unknown) are cached for `cacheMs`, so a busy client or a flood of made-up keys
 * costs one statement per key and period; the cache holds at most `maxCached` entries and is
 * emptied when full, so random keys cannot grow it without bound.
 *
 * @param prisma the database's client
 * @param configured keys of `API_KEYS`, unlimited routes, the key tier's budget, not admins
 * @param cacheMs lifetime of a cached answer; a revocation takes effect within it
 * @example const lookup = createKeyLookup(db.prisma, options.apiKeys); await lookup(header)
 */
export function createKeyLookup(
  prisma: PrismaClient,
  configured: readonly string[],
  { cacheMs = 5_000, maxCached = 10_000 } = {},
): KeyLookup {
  const configuredByHash = new Map(
    configured.map((key, i) => [
      hashApiKey(key),
      { id: `config-${i + 1}`, allowedRoutes: [], admin: false } as KnownKey,
    ]),
  );
  const cache = new Map<string, { until: number; key: KnownKey | undefined }>();
  return async (presented) => {
    const hash = hashApiKey(presented);
    const fixed = configuredByHash.get(hash);
    if (fixed) return fixed;
    const now = Date.now();
    const cached = cache.get(hash);
    if (cached && cached.until > now) return cached.key;
    const row = await prisma.apiKey.findUnique({ where: { keyHash: hash } });
    const key =
      row && !row.revokedAt
        ? {
            id: row.id,
            allowedRoutes: row.allowedRoutes,
            perMinute: row.perMinute ?? undefined,
            perDay: row.perDay ?? undefined,
            admin: row.admin,
          }
        : undefined;
    if (cacheMs > 0) {
      if (cache.size >= maxCached) cache.clear();
      cache.set(hash, { until: now + cacheMs, key });
    }
    return key;
  };
}

/**
 * Whether a key may call a route template: its list is empty (every route), names the template, or
 * holds a prefix ending in `*`.
 * @example keyAllows({ allowedRoutes: ['/v1/networks/*'] }, '/v1/networks/{network}/subnets') // true
 */
export function keyAllows(key: Pick<KnownKey, 'allowedRoutes'>, route: string): boolean {
  return (
    key.allowedRoutes.length === 0 ||
    key.allowedRoutes.some((allowed) =>
      allowed.endsWith('*') ? route.startsWith(allowed.slice(0, -1)) : route === allowed,
    )
  );
}

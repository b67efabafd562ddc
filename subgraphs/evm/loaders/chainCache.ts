// EVM chain rows kept by the process between requests. Every EVM request starts by resolving its
// `chainId` (resolveChain.ts), and a statement costs more than the rest of a small lookup (a NFT's
// details: 3 statements, one of them this one). Chain rows change only when an indexer registers a
// chain or an operator edits one, so a short freshness is enough: a chain not found is never
// remembered (a newly registered chain answers at once), an edit shows within CHAIN_CACHE_TTL_MS.
import type { EvmChain, PrismaClient } from '../../../prisma/generated/client';

/** How long a chain row is served from memory. */
export const CHAIN_CACHE_TTL_MS = 5_000;

/** The rows, by the loader's parameter key (`evm:<chainId>`, `id:<blockchainId>`). */
export type ChainCache = {
  get(key: string): EvmChain | undefined;
  set(key: string, chain: EvmChain): void;
};

/**
 * A cache whose rows stay fresh for {@link CHAIN_CACHE_TTL_MS}.
 * @param now the clock of the freshness
 * @returns an empty cache
 * @example const cache = createChainCache(); cache.set('evm:43114', row)
 */
export function createChainCache(now: () => number = Date.now): ChainCache {
  const rows = new Map<string, { chain: EvmChain; until: number }>();
  return {
    get(key) {
      const entry = rows.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.chain;
      rows.delete(key);
      return undefined;
    },
    set(key, chain) {
      rows.set(key, { chain, until: now() + CHAIN_CACHE_TTL_MS });
    },
  };
}

// One cache per Prisma client, that is per database the process serves.
const caches = new WeakMap<PrismaClient, ChainCache>();

/**
 * The process's cache of chain rows for a database.
 * @param prisma the database's client
 * @returns the cache
 * @example chainCacheOf(prisma).get('evm:43114')
 */
export function chainCacheOf(prisma: PrismaClient): ChainCache {
  let cache = caches.get(prisma);
  if (!cache) caches.set(prisma, (cache = createChainCache()));
  return cache;
}

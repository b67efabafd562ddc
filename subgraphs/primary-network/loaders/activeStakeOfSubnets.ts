import { validatorRulesSql } from '../../../domain';
import { Prisma, type PrismaClient } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';

/** Key of the active stake of a subnet at an instant. */
export type ActiveStakeKey = { network: DbNetwork; subnetId: string; at: number };

/** How long a subnet's active stake is served from memory at most: the index may have changed it. */
export const ACTIVE_STAKE_CACHE_TTL_MS = 5_000;

/**
 * The active stake of subnets kept by the process between requests. A subnet's active stake only
 * changes at an instant where one of its validations starts, ends or is removed, or when the
 * index writes: an entry holds from the instant it was read until the subnet's next such
 * instant, for at most {@link ACTIVE_STAKE_CACHE_TTL_MS}. Summing the primary network's
 * thousands of validations costs more than the page of validators it serves.
 */
export type ActiveStakeCache = {
  get(key: ActiveStakeKey): Prisma.Decimal | undefined;
  set(key: ActiveStakeKey, total: Prisma.Decimal, nextChange: number | null): void;
};

/**
 * An empty cache.
 * @param now the wall clock of the freshness, milliseconds
 * @returns the cache
 * @example const cache = createActiveStakeCache(); cache.get({ network: 'MAINNET', subnetId, at })
 */
export function createActiveStakeCache(now: () => number = Date.now): ActiveStakeCache {
  const entries = new Map<string, { total: Prisma.Decimal; from: number; until: number; freshUntil: number }>();
  const id = (key: ActiveStakeKey) => `${key.network}:${key.subnetId}`;
  return {
    get(key) {
      const entry = entries.get(id(key));
      if (!entry) return undefined;
      if (entry.freshUntil > now() && key.at >= entry.from && key.at < entry.until) return entry.total;
      return undefined;
    },
    set(key, total, nextChange) {
      entries.set(id(key), {
        total,
        from: key.at,
        until: nextChange ?? Number.POSITIVE_INFINITY,
        freshUntil: now() + ACTIVE_STAKE_CACHE_TTL_MS,
      });
    },
  };
}

// One cache per Prisma client, that is per database the process serves.
const caches = new WeakMap<PrismaClient, ActiveStakeCache>();

/**
 * The stake (weight on a subnet) of each subnet's validations active at the instant, L1
 * validations aside (they are not validators of 4.5): what `stakePercentage` divides by. Subnets
 * the process's cache holds for the instant are not read; the others with one statement per
 * network and instant, grouped by subnet.
 *
 * @param prisma the client
 * @param keys the batch
 * @returns each key's total, in key order (0 when the subnet has no active validation)
 * @example await loadActiveStakeOfSubnets(prisma, [{ network: 'MAINNET', subnetId, at: now }])
 */
export async function loadActiveStakeOfSubnets(
  prisma: PrismaClient,
  keys: readonly ActiveStakeKey[],
): Promise<Prisma.Decimal[]> {
  let cache = caches.get(prisma);
  if (!cache) caches.set(prisma, (cache = createActiveStakeCache()));
  return readActiveStakes(cache, keys, (sql) => prisma.$queryRaw<ActiveStakeRow[]>(sql));
}

/**
 * The active stake of each key: from `cache` when it holds the subnet for the instant, otherwise
 * read with {@link activeStakeSql} (one statement per network and instant) and kept in `cache`.
 * Each answer is taken when found or read: an entry can go stale while another group is read.
 * @param cache the process's cache
 * @param keys the batch
 * @param read runs the statement
 * @returns each key's total, in key order (0 when the subnet has no active validation)
 * @example await readActiveStakes(createActiveStakeCache(), keys, (sql) => prisma.$queryRaw(sql))
 */
export async function readActiveStakes(
  cache: ActiveStakeCache,
  keys: readonly ActiveStakeKey[],
  read: (sql: Prisma.Sql) => Promise<ActiveStakeRow[]>,
): Promise<Prisma.Decimal[]> {
  const found = new Map<string, Prisma.Decimal>();
  const id = (key: ActiveStakeKey) => `${key.network}:${key.subnetId}:${key.at}`;
  const groups = new Map<string, ActiveStakeKey[]>();
  for (const key of keys) {
    const cached = cache.get(key);
    if (cached) found.set(id(key), cached);
    else groups.set(`${key.network}:${key.at}`, [...(groups.get(`${key.network}:${key.at}`) ?? []), key]);
  }
  for (const group of groups.values()) {
    const { network, at } = group[0]!;
    const subnetIds = [...new Set(group.map((key) => key.subnetId))];
    const rows = await read(activeStakeSql(network, subnetIds, at));
    const bySubnet = new Map(rows.map((row) => [row.subnetId, row]));
    for (const subnetId of subnetIds) {
      const row = bySubnet.get(subnetId);
      const total = new Prisma.Decimal(row?.total ?? 0);
      found.set(id({ network, subnetId, at }), total);
      cache.set({ network, subnetId, at }, total, row?.nextChange == null ? null : Number(row.nextChange));
    }
  }
  return keys.map((key) => found.get(id(key)) ?? new Prisma.Decimal(0));
}

/** A row of {@link activeStakeSql}. */
export type ActiveStakeRow = {
  subnetId: string;
  /** A Decimal from Prisma, decimal text from pg. */
  total: Prisma.Decimal | string;
  /** A bigint from Prisma, decimal text from pg. */
  nextChange: bigint | string | null;
};

/**
 * The statement of {@link loadActiveStakeOfSubnets} for one network and instant: the stake of
 * each subnet's validations active then, L1 validations aside, and the next instant at which
 * one of them starts, ends or is removed (the benchmark runs it too).
 * @param network the network
 * @param subnetIds the subnets
 * @param at the instant, Unix seconds
 * @returns rows of `subnetId`, `total` and `nextChange`
 * @example await prisma.$queryRaw(activeStakeSql('MAINNET', [PRIMARY_NETWORK_ID], now))
 */
export function activeStakeSql(network: DbNetwork, subnetIds: readonly string[], at: number): Prisma.Sql {
  const instant = BigInt(at);
  const after = (column: string) =>
    Prisma.sql`CASE WHEN v.${Prisma.raw(column)} > ${instant} THEN v.${Prisma.raw(column)} END`;
  return Prisma.sql`
    SELECT v.subnet_id AS "subnetId",
      coalesce(sum(v.amount_staked) FILTER (WHERE ${Prisma.raw(validatorRulesSql({ at, alias: 'v' }).status('active'))}), 0) AS total,
      min(LEAST(${after('start_timestamp')}, ${after('end_timestamp')}, ${after('removed_timestamp')})) AS "nextChange"
    FROM validator v
    WHERE v.network = CAST(${dataModel.enums.Network[network]} AS network) AND v.subnet_id = ANY (${[...subnetIds]}::text[])
      AND NOT v.is_l1_validator
    GROUP BY v.subnet_id`;
}

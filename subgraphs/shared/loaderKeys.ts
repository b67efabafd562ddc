import DataLoader from 'dataloader';
import type { Network } from '../../prisma/generated/enums';

/** Key of a primary-network row: IDs are unique per network only. */
export type NetworkKey<Id extends string> = { network: Network } & Record<Id, string>;

/**
 * A DataLoader with the options every loader shares: batches of at most 1,000 keys, and keys
 * cached by value with {@link loaderKey} (bigint chain IDs and composite keys included), or with
 * the loader's own identity of its keys where one exists (a page keys dozens of (chain, address)
 * pairs, and a fixed-shape key's text is cheaper than a general one's).
 * @param batch loads the values of a batch of keys, in key order
 * @param cacheKey equal text for equal keys, different for different ones
 * @returns the loader; create one per request
 * @example createLoader<SubnetKey, Subnet | null>(async (keys) => ...)
 */
export function createLoader<Key, Value>(
  batch: DataLoader.BatchLoadFn<Key, Value>,
  cacheKey: (key: Key) => string = loaderKey,
): DataLoader<Key, Value, string> {
  return new DataLoader<Key, Value, string>(batch, { maxBatchSize: 1000, cacheKeyFn: cacheKey });
}

/**
 * A stable cache key for a loader key: equal keys give equal strings, whatever the order of an
 * object's properties, and keys of different types never collide (`1n`, `1` and `'1'` differ).
 * JSON.stringify would throw on bigint (EVM chain IDs) and depends on property order.
 * @param key a string, number, bigint, boolean, null, or an array or plain object of those
 * @returns the cache key
 * @example loaderKey({ subnetId: 'x', network: 'MAINNET' }) === loaderKey({ network: 'MAINNET', subnetId: 'x' }) // true
 * @example loaderKey(43114n) // '43114n'
 */
export function loaderKey(key: unknown): string {
  switch (typeof key) {
    case 'bigint':
      return `${key}n`;
    case 'string':
      return JSON.stringify(key);
    case 'number':
    case 'boolean':
      return String(key);
    case 'object':
      if (key === null) return 'null';
      if (Array.isArray(key)) return `[${key.map(loaderKey).join(',')}]`;
      if (key instanceof Date) return `Date(${key.toISOString()})`;
      return objectKey(key as Record<string, unknown>);
    default:
      throw new TypeError(`a loader key cannot hold a ${typeof key}`);
  }
}

/** An object's cache key, names sorted; built in one pass (a request keys dozens of (chain, address) pairs). */
function objectKey(key: Record<string, unknown>): string {
  const names = Object.keys(key).sort();
  let text = '{';
  for (const name of names) {
    const value = key[name];
    if (value === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(name)}:${loaderKey(value)}`;
  }
  return `${text}}`;
}

/**
 * The Prisma `where` matching any of `keys` with one query: an `id IN (...)` per network.
 * @example whereNetworkKeys(keys, 'subnetId') // { OR: [{ network: 'MAINNET', subnetId: { in: [...] } }] }
 */
export function whereNetworkKeys<Id extends string>(keys: ReadonlyArray<NetworkKey<Id>>, id: Id) {
  const byNetwork = new Map<Network, string[]>();
  for (const key of keys) byNetwork.set(key.network, [...(byNetwork.get(key.network) ?? []), key[id]]);
  return { OR: [...byNetwork].map(([network, ids]) => ({ network, [id]: { in: ids } })) };
}

/**
 * Puts rows back in key order, as DataLoader requires (`null` where a key has no row).
 * @example inKeyOrder(keys, rows, (k) => `${k.network}:${k.subnetId}`, (r) => `${r.network}:${r.subnetId}`)
 */
export function inKeyOrder<Key, Row>(
  keys: readonly Key[],
  rows: readonly Row[],
  keyId: (key: Key) => string,
  rowId: (row: Row) => string,
): (Row | null)[] {
  const byId = new Map(rows.map((row) => [rowId(row), row]));
  return keys.map((key) => byId.get(keyId(key)) ?? null);
}

/**
 * Groups rows under their keys, in key order (an empty list where a key has none).
 * @example groupInKeyOrder(keys, blockchains, subnetKeyId, (b) => `${b.network}:${b.subnetId}`)
 */
export function groupInKeyOrder<Key, Row>(
  keys: readonly Key[],
  rows: readonly Row[],
  keyId: (key: Key) => string,
  rowId: (row: Row) => string,
): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const id = rowId(row);
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  return keys.map((key) => groups.get(keyId(key)) ?? []);
}

import DataLoader from 'dataloader';
import type { Network } from '../../prisma/generated/enums';

/** Key of a primary-network row: IDs are unique per network only. */
export type NetworkKey<Id extends string> = { network: Network } & Record<Id, string>;

/**
 * A DataLoader with the options every loader shares: batches of at most 1,000 keys, and object
 * keys cached by value.
 * @example createLoader<SubnetKey, Subnet | null>(async (keys) => ...)
 */
export function createLoader<Key, Value>(batch: DataLoader.BatchLoadFn<Key, Value>): DataLoader<Key, Value, string> {
  return new DataLoader<Key, Value, string>(batch, { maxBatchSize: 1000, cacheKeyFn: (key) => JSON.stringify(key) });
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

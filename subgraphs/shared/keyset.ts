import type { PageKey } from './paging';

/**
 * The Prisma `where` for rows strictly after `key` in a keyset order over `columns`:
 * `(c1 > k1) OR (c1 = k1 AND c2 > k2) OR ...` (`<` for descending order). With an index on the
 * same columns it is one index range, whatever the page number.
 *
 * @example prisma.subnet.findMany({ where: { network, ...keysetAfter(['createBlockTimestamp', 'subnetId'], key, 'desc') } })
 */
export function keysetAfter(columns: readonly string[], key: PageKey | readonly unknown[], order: 'asc' | 'desc') {
  const op = order === 'asc' ? 'gt' : 'lt';
  return {
    OR: columns.map((column, i) => ({
      ...Object.fromEntries(columns.slice(0, i).map((previous, j) => [previous, key[j]])),
      [column]: { [op]: key[i] },
    })),
  };
}

/**
 * Prisma `orderBy` for a keyset order.
 * @example keysetOrder(['createBlockTimestamp', 'subnetId'], 'desc')
 */
export function keysetOrder(columns: readonly string[], order: 'asc' | 'desc') {
  return columns.map((column) => ({ [column]: order }));
}

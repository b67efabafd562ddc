import type { SortDirection, SortKey } from './sortKey';

type Where = Record<string, unknown>;

/**
 * The Prisma `where` of the rows after `after` in a keyset order, written so PostgreSQL reads it
 * as one index range: a bound on the leading column (`c1 <= k1` for descending order) that the
 * index seeks to, and the exact lexicographic condition, which then only filters the rows that
 * tie on `c1`. (A bare `c1 < k1 OR (c1 = k1 AND c2 < k2)` is not sargable: PostgreSQL scans
 * and discards every row before the cursor, so deep pages get slower the deeper they are.)
 *
 * Nullable columns sort NULLS LAST in both directions: after a non-null value come the smaller
 * (or larger) values, then every NULL; after a NULL only NULLs with later tie-breakers.
 *
 * @example keysetWhere([sortKey('createBlockTimestamp', bigintKey), sortKey('subnetId', stringKey)], [1700000000n, 'abc'], 'desc')
 */
export function keysetWhere<Row>(
  keys: readonly SortKey<Row>[],
  after: readonly unknown[],
  order: SortDirection,
): Where {
  return conjunction([leadingBound(keys[0]!, after[0], order), lexicographicAfter(keys, after, order, 0)]);
}

/**
 * Prisma `orderBy` of a keyset order (NULLS LAST for nullable columns).
 * @example keysetOrderBy(keys, 'desc') // [{ createBlockTimestamp: 'desc' }, { subnetId: 'desc' }]
 */
export function keysetOrderBy<Row>(keys: readonly SortKey<Row>[], order: SortDirection): Where[] {
  return keys.map((key) => ({ [key.field]: key.codec.nullable ? { sort: order, nulls: 'last' } : order }));
}

/** `c1 <= k1` (or `>=`): the range start the index seeks to. */
function leadingBound<Row>(key: SortKey<Row>, value: unknown, order: SortDirection): Where {
  if (value === null) return { [key.field]: null };
  const bound = { [key.field]: { [order === 'asc' ? 'gte' : 'lte']: value } };
  return key.codec.nullable ? { OR: [bound, { [key.field]: null }] } : bound;
}

/** Rows after the cursor from key `i` on, given equality on the keys before it. */
function lexicographicAfter<Row>(
  keys: readonly SortKey<Row>[],
  after: readonly unknown[],
  order: SortDirection,
  i: number,
): Where {
  const key = keys[i]!;
  const value = after[i];
  const last = i === keys.length - 1;
  const beyond = strictlyAfter(key, value, order);
  if (last) return beyond;
  const tie = conjunction([{ [key.field]: value }, lexicographicAfter(keys, after, order, i + 1)]);
  return { OR: [beyond, tie] };
}

/** The column's values strictly after `value`: never matches for the last NULL group's peers. */
function strictlyAfter<Row>(key: SortKey<Row>, value: unknown, order: SortDirection): Where {
  // NULLS LAST: nothing sorts after NULL but NULLs, which tie.
  if (value === null) return { [key.field]: { in: [] } };
  const strict = { [key.field]: { [order === 'asc' ? 'gt' : 'lt']: value } };
  return key.codec.nullable ? { OR: [strict, { [key.field]: null }] } : strict;
}

function conjunction(parts: Where[]): Where {
  return { AND: parts };
}

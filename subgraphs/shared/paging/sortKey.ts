import type { KeyCodec } from './keyCodecs';

/** `sortOrder` as the paging helpers take it. */
export type SortDirection = 'asc' | 'desc';

/**
 * One column of a keyset order. The last key of a list must be unique (a tie-breaker such as the
 * row's ID), so the order is total and a cursor names exactly one position.
 */
export type SortKey<Row> = {
  /** The row property holding the value (a Prisma field, or a column alias in raw SQL). */
  field: keyof Row & string;
  /** Raw SQL only: the column or expression to compare and order by. Defaults to the field in snake_case. */
  column?: string;
  codec: KeyCodec<unknown>;
};

/**
 * A sort key.
 * @example sortKey<Subnet>('createBlockTimestamp', bigintKey)
 */
export function sortKey<Row>(field: keyof Row & string, codec: KeyCodec<unknown>, column?: string): SortKey<Row> {
  return { field, codec, column };
}

/** The values of a row's sort keys (what the next page's token records). */
export function keyOf<Row>(keys: readonly SortKey<Row>[], row: Row): unknown[] {
  return keys.map((key) => row[key.field]);
}

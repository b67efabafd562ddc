import { Prisma } from '../../../prisma/generated/client';

/** A sort key's value as it travels inside a page token (JSON). */
export type EncodedKey = string | number | boolean | null;

/**
 * How one sort column's value goes into a page token and comes back out. `decode` returns
 * `undefined` for anything that is not a value of the column's type, so a signed but malformed
 * token is refused (400) before its key reaches SQL.
 */
export type KeyCodec<Value> = {
  /** Name for messages and tests. */
  name: string;
  /** Whether the column holds NULLs (sorted last in both directions). */
  nullable: boolean;
  encode(value: Value): EncodedKey;
  decode(encoded: unknown): Value | undefined;
};

const int8Min = -(2n ** 63n);
const int8Max = 2n ** 63n - 1n;

/** PostgreSQL `bigint` (int8) columns: heights, Unix seconds, chain IDs. */
export const bigintKey: KeyCodec<bigint> = {
  name: 'bigint',
  nullable: false,
  encode: (value) => value.toString(),
  decode: (encoded) => {
    if (typeof encoded !== 'string' || !/^-?\d{1,19}$/.test(encoded)) return undefined;
    const value = BigInt(encoded);
    return value >= int8Min && value <= int8Max ? value : undefined;
  },
};

/** PostgreSQL `integer` columns: log indexes, positions in a block. */
export const intKey: KeyCodec<number> = {
  name: 'int',
  nullable: false,
  encode: (value) => value,
  decode: (encoded) =>
    typeof encoded === 'number' && Number.isInteger(encoded) && Math.abs(encoded) <= 2 ** 31 ? encoded : undefined,
};

/** PostgreSQL `numeric` columns: amounts, percentages (exact decimal text, never a float). */
export const decimalKey: KeyCodec<Prisma.Decimal> = {
  name: 'decimal',
  nullable: false,
  encode: (value) => value.toFixed(),
  decode: (encoded) =>
    typeof encoded === 'string' && /^-?\d{1,78}(\.\d{1,30})?$/.test(encoded) ? new Prisma.Decimal(encoded) : undefined,
};

/** `timestamptz` columns. */
export const timestampKey: KeyCodec<Date> = {
  name: 'timestamp',
  nullable: false,
  encode: (value) => value.toISOString(),
  decode: (encoded) => {
    if (typeof encoded !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(encoded)) return undefined;
    const value = new Date(encoded);
    return Number.isNaN(value.getTime()) ? undefined : value;
  },
};

/** Text columns: IDs, hashes, addresses (bounded, as no key of ours is longer). */
export const stringKey: KeyCodec<string> = {
  name: 'string',
  nullable: false,
  encode: (value) => value,
  decode: (encoded) => (typeof encoded === 'string' && encoded.length <= 512 ? encoded : undefined),
};

/**
 * A nullable column of another codec's type. NULLs sort after every value in both directions
 * (`NULLS LAST`), in SQL and in the cursor alike.
 * @example nullableKey(bigintKey) // validators' endTimestamp
 */
export function nullableKey<Value>(codec: KeyCodec<Value>): KeyCodec<Value | null> {
  return {
    name: `${codec.name}|null`,
    nullable: true,
    encode: (value) => (value === null ? null : codec.encode(value)),
    decode: (encoded) => (encoded === null ? null : codec.decode(encoded)),
  };
}

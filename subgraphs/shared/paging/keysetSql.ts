import { Prisma } from '../../../prisma/generated/client';
import type { SortDirection, SortKey } from './sortKey';

/** The keyset pieces a raw list query embeds (see paginateSql.ts). */
export type KeysetSql = {
  /** `AND <rows after the cursor>`, or nothing on the first page; `alias` qualifies the columns. */
  after(alias?: string): Prisma.Sql;
  /** `c1 DESC, c2 DESC` (NULLS LAST on nullable columns). */
  orderBy(alias?: string): Prisma.Sql;
  /** Rows to fetch: the page size plus one, to learn whether another page follows. */
  limit: number;
};

/**
 * The keyset condition and order of a raw SQL list. Without nullable columns the condition is a
 * row-value comparison, `(c1, c2) < ($1, $2)`, which PostgreSQL turns into one index range; with
 * nullable columns it is the leading-column bound plus the NULLS LAST expansion of keysetWhere.ts.
 *
 * @example keysetSql(keys, after, 'desc', 11).after('t') // AND (t."block_number", t."log_index") < ($1, $2)
 */
export function keysetSql<Row>(
  keys: readonly SortKey<Row>[],
  after: readonly unknown[] | undefined,
  order: SortDirection,
  limit: number,
): KeysetSql {
  return {
    limit,
    after: (alias) =>
      after
        ? Prisma.sql`AND ${condition(
            keys.map((key) => columnOf(key, alias)),
            keys,
            after,
            order,
          )}`
        : Prisma.empty,
    orderBy: (alias) =>
      Prisma.raw(
        keys
          .map(
            (key) =>
              `${columnOf(key, alias)} ${order === 'asc' ? 'ASC' : 'DESC'}${key.codec.nullable ? ' NULLS LAST' : ''}`,
          )
          .join(', '),
      ),
  };
}

function columnOf<Row>(key: SortKey<Row>, alias?: string): string {
  // The schema maps camelCase fields to snake_case columns (`@map`), so that is the default.
  const column = key.column ?? `"${key.field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`;
  return alias && /^"?[a-z_][a-z0-9_]*"?$/i.test(column) ? `${alias}.${column}` : column;
}

function condition<Row>(
  columns: string[],
  keys: readonly SortKey<Row>[],
  after: readonly unknown[],
  order: SortDirection,
): Prisma.Sql {
  const op = order === 'asc' ? '>' : '<';
  if (!keys.some((key) => key.codec.nullable)) {
    return Prisma.sql`(${Prisma.raw(columns.join(', '))}) ${Prisma.raw(op)} (${Prisma.join(after as unknown[])})`;
  }
  // Leading bound (sargable) AND the exact lexicographic rule, NULLS LAST.
  return Prisma.sql`(${leading(columns[0]!, keys[0]!, after[0], op)} AND ${lexicographic(columns, keys, after, op, 0)})`;
}

function leading<Row>(column: string, key: SortKey<Row>, value: unknown, op: string): Prisma.Sql {
  if (value === null) return Prisma.raw(`${column} IS NULL`);
  const bound = Prisma.sql`${Prisma.raw(column)} ${Prisma.raw(op)}= ${value}`;
  return key.codec.nullable ? Prisma.sql`(${bound} OR ${Prisma.raw(column)} IS NULL)` : bound;
}

function lexicographic<Row>(
  columns: string[],
  keys: readonly SortKey<Row>[],
  after: readonly unknown[],
  op: string,
  i: number,
): Prisma.Sql {
  const column = Prisma.raw(columns[i]!);
  const value = after[i];
  const nullable = keys[i]!.codec.nullable;
  const beyond =
    value === null
      ? Prisma.raw('FALSE')
      : nullable
        ? Prisma.sql`(${column} ${Prisma.raw(op)} ${value} OR ${column} IS NULL)`
        : Prisma.sql`${column} ${Prisma.raw(op)} ${value}`;
  if (i === columns.length - 1) return beyond;
  const equal = value === null ? Prisma.sql`${column} IS NULL` : Prisma.sql`${column} = ${value}`;
  return Prisma.sql`(${beyond} OR (${equal} AND ${lexicographic(columns, keys, after, op, i + 1)}))`;
}

// How the SQL forms of the domain rules take the instant of the question: a placeholder of the
// caller's statement (`$1`), or the instant itself as a literal (for statements built with a query
// builder whose placeholders the rule cannot know, such as Prisma.sql).
import type { Timestamp } from './validationStatusAt';

/** The instant T of an SQL rule: a `$n` placeholder, or Unix seconds as an integer. */
export type SqlInstant = string | Timestamp;

/**
 * The SQL text of T, read as bigint.
 * @param at a `$n` placeholder, or an integer instant (rendered as a literal)
 * @returns `$1::bigint` or `1793491200::bigint`
 * @throws Error when `at` is neither a plain placeholder nor a safe integer
 * @example instantSql('$2') // '$2::bigint'
 * @example instantSql(1_793_491_200) // '1793491200::bigint'
 */
export function instantSql(at: SqlInstant): string {
  if (typeof at === 'string') {
    if (!/^\$[1-9][0-9]*$/.test(at)) throw new Error(`Validation failed: placeholder "${at}", expected $1, $2, ...`);
    return `${at}::bigint`;
  }
  if (typeof at === 'number' && !Number.isSafeInteger(at))
    throw new Error(`Validation failed: instant ${at}, expected an integer`);
  const value = BigInt(at);
  if (value < -(2n ** 63n) || value >= 2n ** 63n)
    throw new Error(`Validation failed: instant ${at}, expected a bigint`);
  return `${value}::bigint`;
}

/**
 * Checks a table alias for the SQL forms and returns its prefix.
 * @param alias an identifier, or undefined for unqualified columns
 * @returns `u.` or ''
 * @throws Error when `alias` is not a plain identifier
 * @example aliasPrefix('v') // 'v.'
 */
export function aliasPrefix(alias: string | undefined): string {
  if (alias !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(alias))
    throw new Error(`Validation failed: alias "${alias}", expected an identifier`);
  return alias ? `${alias}.` : '';
}

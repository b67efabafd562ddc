import type { PagedList } from '../limits';

/** Arguments that move along a list rather than define it. */
const positionArguments = new Set(['pageToken', 'pageSize']);

/**
 * What a page token is valid for: the list plus every argument of the request except
 * `pageToken` and `pageSize`, so a token is refused for any other query (another network,
 * filter, sort or order) without a resolver having to name its filters.
 *
 * @param list the section 8 list
 * @param args the validated arguments, after defaults
 * @returns a canonical text (keys sorted, bigint and decimals as text, absent values dropped)
 * @example tokenScope('subnets', { network: 'mainnet', sortOrder: 'asc', pageSize: 10 }) // 'subnets|{"network":"mainnet","sortOrder":"asc"}'
 */
export function tokenScope(list: PagedList, args: object): string {
  const defining = Object.fromEntries(Object.entries(args).filter(([name]) => !positionArguments.has(name)));
  return `${list}|${canonicalJson(defining)}`;
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Dates, decimals and parsed parameter values define their own text form.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((value as { toJSON(): unknown }).toJSON());
  // Argument objects (instances of type-graphql args classes) and parsed parameters: their fields.
  const entries = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
}


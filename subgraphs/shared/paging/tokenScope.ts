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
  return `${list}|${objectJson(args, positionArguments)}`;
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Dates, decimals and parsed parameter values define their own text form.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  // Argument objects (instances of type-graphql args classes) and parsed parameters: their fields.
  return objectJson(value);
}

/**
 * An object's defined fields, keys sorted (code-unit order), except `skip`. One pass without
 * intermediate entry arrays: every list request computes its scope.
 */
function objectJson(value: object, skip?: ReadonlySet<string>): string {
  const fields = value as Record<string, unknown>;
  const keys: string[] = [];
  for (const key of Object.keys(fields)) if (fields[key] !== undefined && !skip?.has(key)) keys.push(key);
  keys.sort();
  let text = '{';
  for (let i = 0; i < keys.length; i++)
    text += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:${canonicalJson(fields[keys[i]!])}`;
  return `${text}}`;
}

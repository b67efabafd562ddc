import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from './errors';

/** A position in a keyset-ordered list: the sort key values of the last row served. */
export type PageKey = ReadonlyArray<string | number | boolean | null>;

/** Signs page tokens; every process behind one address must share it (PAGE_TOKEN_SECRET). */
export type PageTokenSigner = { secret: string };

const version = 1;

/**
 * Encodes the position after the last row of a page as an opaque `nextPageToken`.
 * The token is bound to `scope` (endpoint plus every filter and sort argument), so a token from
 * another list or another query is refused, and signed so it cannot be edited.
 *
 * @param scope what the token is valid for, e.g. `subnets|mainnet|desc`
 * @returns base64url payload and signature separated by a dot
 * @example encodePageToken(signer, 'subnets|mainnet|desc', [1699999999, 'abc'])
 */
export function encodePageToken(signer: PageTokenSigner, scope: string, key: PageKey): string {
  const payload = Buffer.from(JSON.stringify([version, key])).toString('base64url');
  return `${payload}.${sign(signer, scope, payload)}`;
}

/**
 * Reads a `pageToken` back. Anything not produced by {@link encodePageToken} for this scope,
 * or with a key of another shape, is a 400.
 *
 * @param keyShape the type of each key element, checked before the key reaches SQL
 * @example decodePageToken(signer, scope, token, ['number', 'string'])
 */
export function decodePageToken(
  signer: PageTokenSigner,
  scope: string,
  token: string,
  keyShape: ReadonlyArray<'string' | 'number' | 'boolean' | 'string|null'>,
): PageKey {
  const invalid = new BadRequestError('pageToken is invalid or belongs to another query');
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw invalid;
  const expected = Buffer.from(sign(signer, scope, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(decoded) || decoded[0] !== version || !Array.isArray(decoded[1])) throw invalid;
  const key = decoded[1] as unknown[];
  if (key.length !== keyShape.length) throw invalid;
  key.forEach((value, i) => {
    const shape = keyShape[i];
    const ok = shape === 'string|null' ? value === null || typeof value === 'string' : typeof value === shape;
    if (!ok) throw invalid;
  });
  return key as PageKey;
}

/**
 * Cuts a page from rows fetched with `take: pageSize + 1` and makes the token for the next one.
 *
 * @returns the page's rows and `nextPageToken` (undefined on the last page)
 * @example const { items, nextPageToken } = cutPage(rows, pageSize, (r) => [r.time, r.id], token)
 */
export function cutPage<Row>(
  rows: Row[],
  pageSize: number,
  keyOf: (row: Row) => PageKey,
  tokenFor: (key: PageKey) => string,
): { items: Row[]; nextPageToken?: string } {
  if (rows.length <= pageSize) return { items: rows };
  const items = rows.slice(0, pageSize);
  return { items, nextPageToken: tokenFor(keyOf(items[items.length - 1]!)) };
}

function sign(signer: PageTokenSigner, scope: string, payload: string): string {
  return createHmac('sha256', signer.secret).update(scope).update('\0').update(payload).digest('base64url').slice(0, 22);
}

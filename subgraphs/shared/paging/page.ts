import { pageSizeLimits, type PagedList } from '../limits';
import { decodePageToken, encodePageToken, type PageTokenSigner } from './pageToken';
import { keyOf, type SortDirection, type SortKey } from './sortKey';
import { tokenScope } from './tokenScope';

/** A page of a list: its rows and, unless it is the last page, the token of the next one. */
export type Page<Row> = { items: Row[]; nextPageToken?: string };

/** The validated arguments of a list request: `pageToken`, `pageSize` and its filters. */
export type PageArguments = { pageToken?: string | null; pageSize: number };

/** What both paging helpers need to know about a request. */
export type PageRequest<Row> = {
  /** The section 8 list: page-size bounds, and the token scope's name. */
  list: PagedList;
  /** Every argument of the request: all but pageToken/pageSize bind the token (tokenScope.ts). */
  args: PageArguments & object;
  signer: PageTokenSigner;
  order: SortDirection;
  /** The keyset order; the last key is unique. */
  keys: readonly SortKey<Row>[];
};

/** Where a page starts: the cursor (undefined on the first page) and how many rows to fetch. */
export type PageStart = { scope: string; after?: unknown[]; limit: number };

/**
 * Decodes the request's position. `pageSize` 0 (the default of 4.13) means the list's `zero`
 * size from limits.ts; other sizes were bounded by the args class already.
 */
export function startPage<Row>(request: PageRequest<Row>): PageStart {
  const limits = pageSizeLimits[request.list] as { zero?: number };
  const pageSize = request.args.pageSize === 0 ? (limits.zero ?? 0) : request.args.pageSize;
  const scope = tokenScope(request.list, request.args);
  const after = request.args.pageToken
    ? decodePageToken(
        request.signer,
        scope,
        request.keys.map((key) => key.codec),
        request.args.pageToken,
      )
    : undefined;
  return { scope, after, limit: Math.max(1, pageSize) };
}

/**
 * Cuts a page from rows fetched with `limit + 1` and signs the next page's token.
 */
export function finishPage<Row>(request: PageRequest<Row>, start: PageStart, rows: Row[]): Page<Row> {
  if (rows.length <= start.limit) return { items: rows };
  const items = rows.slice(0, start.limit);
  const last = items[items.length - 1]!;
  const codecs = request.keys.map((key) => key.codec);
  return { items, nextPageToken: encodePageToken(request.signer, start.scope, codecs, keyOf(request.keys, last)) };
}

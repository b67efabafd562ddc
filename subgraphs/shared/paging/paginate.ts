import { finishPage, startPage, type Page, type PageRequest } from './page';
import { keysetOrderBy, keysetWhere } from './keysetWhere';

/** The `findMany` arguments paginate builds. */
export type PageQuery = { where: object; orderBy: object[]; take: number };

/**
 * The one paging helper for lists Prisma's query builder expresses: decodes and checks the
 * token (bound to every filter argument), adds the keyset range to the base filter, fetches one
 * row more than the page, and signs the next token. Resolvers state their order once, as sort
 * keys with codecs.
 *
 * @param request list, arguments, signer, order and sort keys
 * @param where the base filter (the list's equality filters and ranges)
 * @param find runs the query, e.g. `(query) => prisma.subnet.findMany(query)`
 * @returns the page
 * @throws BadRequestError for a token of another query, or one whose key does not decode
 * @example
 * const page = await paginate(
 *   { list: 'subnets', args, signer, order, keys: [sortKey('createBlockTimestamp', bigintKey), sortKey('subnetId', stringKey)] },
 *   { network },
 *   (query) => prisma.subnet.findMany(query),
 * )
 */
export async function paginate<Row, Where extends object>(
  request: PageRequest<Row>,
  where: Where,
  find: (query: PageQuery & { where: Where }) => Promise<Row[]>,
): Promise<Page<Row>> {
  const start = startPage(request);
  const keyset = start.after ? [keysetWhere(request.keys, start.after, request.order)] : [];
  const rows = await find({
    where: (keyset.length > 0 ? { AND: [where, ...keyset] } : where) as Where,
    orderBy: keysetOrderBy(request.keys, request.order),
    take: start.limit + 1,
  });
  return finishPage(request, start, rows);
}

import type { Prisma } from '../../../prisma/generated/client';
import { keysetSql, type KeysetSql } from './keysetSql';
import { finishPage, startPage, type Page, type PageRequest } from './page';

/**
 * The raw-SQL form of {@link paginate}, for lists Prisma's query builder cannot express: a UNION of
 * index ranges (transfers where an address is sender OR receiver), joins with de-duplication
 * (UTXOs by address), multi-chain aggregates. The query embeds the keyset pieces where its
 * ranges are (each branch of a UNION gets `after`, `orderBy` and `LIMIT`, so each stays one index
 * range); paging, tokens and their checks are the same as paginate's.
 *
 * @param request list, arguments, signer, order and sort keys (with `column` where the SQL
 *   expression is not the field's snake_case name)
 * @param query builds the statement from the keyset pieces
 * @param run executes it, e.g. `(sql) => readSql<Row>(context.read, sql)` (prisma/read/readSql.ts)
 * @returns the page
 * @throws BadRequestError for a token of another query, or one whose key does not decode
 * @example
 * await paginateSql(request, (k) => Prisma.sql`
 *   (SELECT * FROM evm_token_transfer t WHERE t.chain_id = ${id} AND t.from_address = ${a} ${k.after('t')} ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
 *   UNION ALL
 *   (SELECT * FROM evm_token_transfer t WHERE t.chain_id = ${id} AND t.to_address = ${a} ${k.after('t')} ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})
 *   ORDER BY ${k.orderBy()} LIMIT ${k.limit}`, (sql) => readSql(context.read, sql))
 */
export async function paginateSql<Row>(
  request: PageRequest<Row>,
  query: (keyset: KeysetSql) => Prisma.Sql,
  run: (sql: Prisma.Sql) => Promise<Row[]>,
): Promise<Page<Row>> {
  const start = startPage(request);
  const rows = await run(query(keysetSql(request.keys, start.after, request.order, start.limit + 1)));
  return finishPage(request, start, rows);
}

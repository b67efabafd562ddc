import { Prisma } from '../../../prisma/generated/client';
import { bigintKey, intKey } from '../../shared/paging/keyCodecs';
import { keysetSql, type KeysetSql } from '../../shared/paging/keysetSql';
import { finishPage, startPage, type Page, type PageRequest } from '../../shared/paging/page';
import { sortKey, type SortDirection } from '../../shared/paging/sortKey';
import type { AccountListRequest } from './accountRange';
import { blockRangeSql } from './blockRangeSql';
import { listedFrames } from './listInternalTransactions';

/** Where a transaction is: its block and its position in the block (the key of an address's transaction lists). */
export type AddressTxKey = { blockNumber: bigint; blockIndex: number };

/**
 * By block, then position in the block: unique per chain (`evm_transaction(chain_id, block_number,
 * block_index)`), and the order of the address indexes `evm_transaction(chain_id, from_address |
 * to_address, block_number, block_index)`.
 */
export const addressTxOrder = [
  sortKey<AddressTxKey>('blockNumber', bigintKey, 'block_number'),
  sortKey<AddressTxKey>('blockIndex', intKey, 'block_index'),
];

/** An address's transaction list: the account list request, its order and what makes a transaction the address's. */
export type AddressTransactionsRequest = AccountListRequest & {
  order: SortDirection;
  /** `native`: transactions it sent or received; `all`: also those it took part in through a transfer or internal call. */
  sides: 'native' | 'all';
  /** Leave out ERC-20 transfers of tokens of Malicious reputation (listTransactionsV2). */
  filterSpamTokens: boolean;
};

/** The keyset pieces of a page, and the cursor itself (sides whose index lacks the block position bound its block). */
export type AddressKeyset = KeysetSql & { cursor?: readonly [bigint, number] };

/**
 * paginateSql with the cursor's values at hand: the transfer and internal-call sides find a
 * transaction's position through a join, so their index range is bounded by the cursor's block
 * alone, which the row comparison of `KeysetSql.after` cannot give them.
 * @param request list, arguments, signer, order and the keys {@link addressTxOrder}
 * @param query builds the statement
 * @param run executes it
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await pageByAddressKeys(paging, (k) => addressTransactionKeysSql(request, k), run)
 */
export async function pageByAddressKeys<Row extends AddressTxKey>(
  request: PageRequest<Row>,
  query: (keyset: AddressKeyset) => Prisma.Sql,
  run: (sql: Prisma.Sql) => Promise<Row[]>,
): Promise<Page<Row>> {
  const start = startPage(request);
  const k = keysetSql(request.keys, start.after, request.order, start.limit + 1);
  const cursor = start.after as [bigint, number] | undefined;
  return finishPage(request, start, await run(query({ ...k, cursor })));
}

/**
 * The keys (block_number, block_index) of a page of the transactions an address took part in, in
 * the list's order, at most `k.limit`. Each side is one index range that starts at the cursor and
 * stops once it has the page's share, so a page reads what it serves whatever the address's history:
 * - the transactions it sent, and those it received (`evm_transaction`, keyed by position: a range
 *   with the keyset and LIMIT inside);
 * - its ERC-20, ERC-721 and ERC-1155 transfers as sender and as recipient (six ranges: the
 *   transfer indexes lead with the standard), and its listed internal transactions
 *   (listInternalTransactions) as sender and as recipient: {@link walkSql}.
 * The page is the first `k.limit` distinct keys of the union: every one of them is among the first
 * `k.limit` of its side.
 * @param request chain, address, block range, order, sides, spam filter
 * @param k the keyset pieces and cursor
 * @returns `SELECT block_number, block_index …`
 * @example Prisma.sql`WITH keys AS MATERIALIZED (${addressTransactionKeysSql(request, k)}) …`
 */
export function addressTransactionKeysSql(request: AddressTransactionsRequest, k: AddressKeyset): Prisma.Sql {
  const chainId = request.chain.chainId;
  const address = request.address;
  const direction = Prisma.raw(request.order === 'asc' ? 'ASC' : 'DESC');
  const range = blockRangeSql('t', request);
  const native = (['from_address', 'to_address'] as const).map(
    (side) => Prisma.sql`(SELECT t.block_number, t.block_index FROM evm_transaction t
        WHERE t.chain_id = ${chainId} AND t.${Prisma.raw(side)} = ${address} ${range} ${k.after('t')}
        ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})`,
  );
  if (request.sides === 'native') return unionOfSides(native, direction, k.limit);
  const spam = request.filterSpamTokens ? Prisma.sql`AND ${spamFreeSql('t')}` : Prisma.empty;
  const transfers = (['ERC-20', 'ERC-721', 'ERC-1155'] as const).flatMap((ercType) =>
    (['from_address', 'to_address'] as const).map((side) =>
      walkSql(request, k, {
        table: 'evm_token_transfer',
        keys: ['log_index', 'batch_index'],
        where: Prisma.sql`t.chain_id = ${chainId} AND t.${Prisma.raw(side)} = ${address} AND t.erc_type = CAST(${ercType} AS erc_type) ${ercType === 'ERC-20' ? spam : Prisma.empty} ${range}`,
      }),
    ),
  );
  const frames = (['from_address', 'to_address'] as const).map((side) =>
    walkSql(request, k, {
      table: 'evm_internal_transaction',
      keys: ['tx_hash', 'trace_index'],
      where: Prisma.sql`t.chain_id = ${chainId} AND t.${Prisma.raw(side)} = ${address} AND ${listedFrames} ${range}`,
    }),
  );
  return unionOfSides([...native, ...transfers, ...frames], direction, k.limit);
}

/** A side whose rows are not transactions: its table, the index keys after block_number, and its rows. */
type RowSide = {
  table: 'evm_token_transfer' | 'evm_internal_transaction';
  /** The index's keys after block_number; together with it, unique, and a transaction's rows are adjacent in them. */
  keys: [string, string];
  /** Which rows (alias t): chain, address, kind, block range. */
  where: Prisma.Sql;
};

/**
 * The first `k.limit` transactions after the cursor of a side whose index holds rows (transfers,
 * call frames) in (block_number, key, key) order rather than transactions in position order.
 * A recursive walk steps from row to row, each step one index probe that starts after the last
 * row (ORDER BY … LIMIT 1), with the row's transaction position looked up by hash; it counts the
 * distinct transactions after the cursor (a transaction's rows are adjacent in the index) and
 * stops at the first row of another block once it has `k.limit` of them. Finishing the last block
 * matters: within a block the index orders rows by log index or transaction hash, not by
 * position, so the block's transactions are sorted by position once they are all in. The walk
 * starts at the cursor's block (its transactions served already are read and left out), so a
 * page reads the rows of its transactions and of at most two blocks more, never the address's
 * history.
 */
function walkSql(request: AddressTransactionsRequest, k: AddressKeyset, side: RowSide): Prisma.Sql {
  const asc = request.order === 'asc';
  const direction = Prisma.raw(asc ? 'ASC' : 'DESC');
  const [k1, k2] = side.keys.map((key) => Prisma.raw(key));
  const table = Prisma.raw(side.table);
  const start = k.cursor
    ? Prisma.sql`AND t.block_number ${Prisma.raw(asc ? '>=' : '<=')} ${k.cursor[0]}`
    : Prisma.empty;
  const afterCursor = (block: string, position: string) =>
    k.cursor
      ? Prisma.sql`(${Prisma.raw(block)}.block_number, ${Prisma.raw(position)}.block_index) ${Prisma.raw(asc ? '>' : '<')} (${k.cursor[0]}, ${k.cursor[1]})`
      : Prisma.sql`true`;
  // The probe reads the side's table alone: a step down its index that stops at the first row (joined
  // inside it, the planner may sort every row of the side instead); the position is a lookup by hash after it.
  const probe = (bound: Prisma.Sql) => Prisma.sql`SELECT t.block_number, t.${k1} AS k1, t.${k2} AS k2, t.tx_hash
          FROM ${table} t WHERE ${side.where} ${bound}
          ORDER BY t.block_number ${direction}, t.${k1} ${direction}, t.${k2} ${direction} LIMIT 1`;
  const position = Prisma.sql`CROSS JOIN LATERAL (
          SELECT x.block_index FROM evm_transaction x WHERE x.chain_id = ${request.chain.chainId} AND x.tx_hash = r.tx_hash) x`;
  return Prisma.sql`(WITH RECURSIVE walk (block_number, k1, k2, tx_hash, block_index, n) AS (
        (SELECT r.*, x.block_index, CASE WHEN ${afterCursor('r', 'x')} THEN 1 ELSE 0 END FROM (${probe(start)}) r ${position})
        UNION ALL
        SELECT r.*, x.block_index, w.n + CASE WHEN r.tx_hash <> w.tx_hash AND ${afterCursor('r', 'x')} THEN 1 ELSE 0 END
        FROM walk w CROSS JOIN LATERAL (${probe(
          Prisma.sql`AND (t.block_number, t.${k1}, t.${k2}) ${Prisma.raw(asc ? '>' : '<')} (w.block_number, w.k1, w.k2)`,
        )}) r ${position}
        WHERE w.n < ${k.limit} OR r.block_number = w.block_number)
      SELECT DISTINCT w.block_number, w.block_index FROM walk w WHERE ${afterCursor('w', 'w')}
      ORDER BY w.block_number ${direction}, w.block_index ${direction} LIMIT ${k.limit})`;
}

/** The first `limit` distinct keys of the sides' union, in order. */
function unionOfSides(sides: Prisma.Sql[], direction: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`SELECT DISTINCT s.block_number, s.block_index FROM (${Prisma.join(sides, ' UNION ALL ')}) s
      ORDER BY s.block_number ${direction}, s.block_index ${direction} LIMIT ${limit}`;
}

/**
 * `alias`'s token is not of Malicious reputation: a lookup of its contract by key per row (as an
 * anti-join, the planner reads the chain's Malicious contracts whole).
 * @param alias a transfer's alias
 * @returns the condition
 * @example Prisma.sql`WHERE t.from_address = ${address} AND ${spamFreeSql('t')}`
 */
export function spamFreeSql(alias: 't' | 'd'): Prisma.Sql {
  const a = Prisma.raw(alias);
  return Prisma.sql`(SELECT c.token_reputation FROM evm_contract c WHERE c.chain_id = ${a}.chain_id AND c.address = ${a}.token_address)
          IS DISTINCT FROM 'Malicious'`;
}

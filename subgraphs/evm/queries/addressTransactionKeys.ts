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
 * transaction's position through a lookup, so their index range is bounded by the cursor's block
 * alone, which the row comparison of `KeysetSql.after` cannot give them.
 * @param request list, arguments, signer, order and the keys {@link addressTxOrder}
 * @param query builds the statement
 * @param run executes it
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await pageByAddressKeys(paging, (k) => addressTransactionsSql(request, k), run)
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
 * The candidates of a page of the transactions an address took part in: the block and hash of
 * every transaction after the cursor that can be on the page, distinct, unordered
 * ({@link pageOfCandidatesSql} takes the page from them). The address's sides:
 * - the transactions it sent, and those it received (`evm_transaction`, keyed by position);
 * - its ERC-20, ERC-721 and ERC-1155 transfers as sender and as recipient (six ranges: the
 *   transfer indexes lead with the standard), and its listed internal transactions
 *   (listInternalTransactions) as sender and as recipient.
 * Each side is one index range from the cursor that stops once it has the page's share (its first
 * `k.limit` transactions: each transaction of the page is among the first `k.limit` of a side) and
 * never goes past the horizon ({@link horizonSql}), so a page reads about what it serves whatever
 * the address's history.
 * @param request chain, address, block range, order, sides, spam filter
 * @param k the keyset pieces and cursor
 * @returns `WITH horizon … SELECT DISTINCT block_number, tx_hash …`
 * @example Prisma.sql`WITH candidates AS MATERIALIZED (${addressTransactionCandidatesSql(request, k)}) …`
 */
export function addressTransactionCandidatesSql(request: AddressTransactionsRequest, k: AddressKeyset): Prisma.Sql {
  const sides = sidesOf(request);
  const asc = request.order === 'asc';
  const withinHorizon = Prisma.sql`AND t.block_number ${Prisma.raw(asc ? '<=' : '>=')}
      coalesce((SELECT h.block_number FROM horizon h), ${Prisma.raw(asc ? '9223372036854775807' : '-1')})`;
  const reads = sides.map((side) =>
    side.keys
      ? rowSideSql(request, k, { ...side, keys: side.keys }, withinHorizon)
      : Prisma.sql`(SELECT t.block_number, t.tx_hash FROM evm_transaction t WHERE ${side.where} ${k.after('t')} ${withinHorizon}
          ORDER BY ${k.orderBy('t')} LIMIT ${k.limit})`,
  );
  return Prisma.sql`WITH horizon AS MATERIALIZED (${horizonSql(request, k, sides)})
    SELECT DISTINCT s.block_number, s.tx_hash FROM (${Prisma.join(reads, ' UNION ALL ')}) s`;
}

/** One side of an address's list: its table and rows (alias t), and how the side is read. */
type Side = {
  table: 'evm_transaction' | 'evm_token_transfer' | 'evm_internal_transaction';
  /** Which rows: chain, address, kind, block range. */
  where: Prisma.Sql;
  /**
   * A side of rows that are not transactions (transfers, call frames): the index's keys after
   * block_number; together with it, unique, and a transaction's rows are adjacent in them.
   */
  keys?: [string, string];
  /** Its rows are the list's by the index alone (no filter on other columns), so they bound the horizon. */
  bounds: boolean;
};

/** The sides of the request: its own transactions, and for the combined view its transfers and listed frames. */
function sidesOf(request: AddressTransactionsRequest): Side[] {
  const chainId = request.chain.chainId;
  const address = request.address;
  const range = blockRangeSql('t', request);
  const native = (['from_address', 'to_address'] as const).map(
    (column): Side => ({
      table: 'evm_transaction',
      where: Prisma.sql`t.chain_id = ${chainId} AND t.${Prisma.raw(column)} = ${address} ${range}`,
      bounds: true,
    }),
  );
  if (request.sides === 'native') return native;
  const transfers = (['ERC-20', 'ERC-721', 'ERC-1155'] as const).flatMap((ercType) =>
    (['from_address', 'to_address'] as const).map((column): Side => {
      const spam = ercType === 'ERC-20' && request.filterSpamTokens;
      return {
        table: 'evm_token_transfer',
        where: Prisma.sql`t.chain_id = ${chainId} AND t.${Prisma.raw(column)} = ${address} AND t.erc_type = CAST(${ercType} AS erc_type) ${spam ? Prisma.sql`AND ${spamFreeSql('t')}` : Prisma.empty} ${range}`,
        keys: ['log_index', 'batch_index'],
        bounds: !spam,
      };
    }),
  );
  const frames = (['from_address', 'to_address'] as const).map(
    (column): Side => ({
      table: 'evm_internal_transaction',
      where: Prisma.sql`t.chain_id = ${chainId} AND t.${Prisma.raw(column)} = ${address} AND ${listedFrames} ${range}`,
      keys: ['tx_hash', 'trace_index'],
      bounds: false,
    }),
  );
  return [...native, ...transfers, ...frames];
}

/**
 * The horizon of a page: the block of the `k.limit`-th distinct block, in the list's order and
 * after the cursor's block, among the rows of the sides whose index alone says a row is the
 * list's (their first `k.limit` rows each, read from the index without the table). Each of those
 * blocks holds a transaction of the list, so the page ends at the horizon or before it; none
 * when there are fewer such blocks. A side then stops there even when it has fewer than the page
 * before it, which is what keeps a page of an address active on several sides from reading a
 * page's worth of each.
 */
function horizonSql(request: AddressTransactionsRequest, k: AddressKeyset, sides: Side[]): Prisma.Sql {
  const asc = request.order === 'asc';
  const direction = Prisma.raw(asc ? 'ASC' : 'DESC');
  const afterCursorBlock = k.cursor
    ? Prisma.sql`AND t.block_number ${Prisma.raw(asc ? '>' : '<')} ${k.cursor[0]}`
    : Prisma.empty;
  const blocks = sides
    .filter((side) => side.bounds)
    .map(
      (
        side,
      ) => Prisma.sql`(SELECT t.block_number FROM ${Prisma.raw(side.table)} t WHERE ${side.where} ${afterCursorBlock}
          ORDER BY t.block_number ${direction} LIMIT ${k.limit})`,
    );
  return Prisma.sql`SELECT u.block_number FROM (${Prisma.join(blocks, ' UNION ALL ')}) u
      GROUP BY u.block_number ORDER BY u.block_number ${direction} OFFSET ${k.limit - 1} LIMIT 1`;
}

/**
 * The page from the candidates (a CTE named `candidates`): the transactions of the blocks up to
 * the one of the `k.limit`-th candidate in block order (every transaction before it in the list's
 * order is there), looked up by hash, after the cursor, by block and position, at most `k.limit`.
 * @param request chain and order
 * @param k the keyset pieces
 * @returns `SELECT t.* FROM candidates … evm_transaction t …`
 * @example Prisma.sql`page AS MATERIALIZED (SELECT p.* FROM (${pageOfCandidatesSql(request, k)}) p)`
 */
export function pageOfCandidatesSql(request: AddressTransactionsRequest, k: AddressKeyset): Prisma.Sql {
  const asc = request.order === 'asc';
  const direction = Prisma.raw(asc ? 'ASC' : 'DESC');
  const lastBlock = Prisma.sql`(SELECT c.block_number FROM candidates c ORDER BY c.block_number ${direction} OFFSET ${k.limit - 1} LIMIT 1)`;
  return Prisma.sql`SELECT t.* FROM candidates s
      JOIN evm_transaction t ON t.chain_id = ${request.chain.chainId} AND t.tx_hash = s.tx_hash
      WHERE s.block_number ${Prisma.raw(asc ? '<=' : '>=')} coalesce(${lastBlock}, s.block_number) ${k.after('t')}
      ORDER BY ${k.orderBy('t')} LIMIT ${k.limit}`;
}

/**
 * The first `k.limit` transactions after the cursor of a side whose index holds rows (transfers,
 * call frames) in (block_number, key, key) order rather than transactions in position order: one
 * range of the index read in its order, a row counted when its transaction differs from the row
 * before (a transaction's rows are adjacent), stopped at the `k.limit`-th transaction; then the
 * rest of the last block's rows, since within a block the index orders rows by log index or
 * transaction hash, not by position (the page sorts by position). A row of the cursor's own
 * block is after the cursor by its transaction's position, looked up by hash for that block's
 * rows only. A page reads the rows of its transactions and of one block more, never the
 * address's history.
 */
function rowSideSql(
  request: AddressTransactionsRequest,
  k: AddressKeyset,
  side: Side & { keys: [string, string] },
  withinHorizon: Prisma.Sql,
): Prisma.Sql {
  const asc = request.order === 'asc';
  const direction = Prisma.raw(asc ? 'ASC' : 'DESC');
  const [k1, k2] = side.keys.map((key) => Prisma.raw(key));
  const table = Prisma.raw(side.table);
  const afterCursor = k.cursor
    ? Prisma.sql`AND t.block_number ${Prisma.raw(asc ? '>=' : '<=')} ${k.cursor[0]} AND (t.block_number <> ${k.cursor[0]}
          OR (SELECT x.block_index FROM evm_transaction x WHERE x.chain_id = ${request.chain.chainId} AND x.tx_hash = t.tx_hash) ${Prisma.raw(asc ? '>' : '<')} ${k.cursor[1]})`
    : Prisma.empty;
  return Prisma.sql`(WITH firsts AS MATERIALIZED (
        SELECT r.block_number, r.tx_hash FROM (
          SELECT t.block_number, t.tx_hash,
            t.tx_hash IS DISTINCT FROM lag(t.tx_hash) OVER (ORDER BY t.block_number ${direction}, t.${k1} ${direction}, t.${k2} ${direction}) AS first
          FROM ${table} t WHERE ${side.where} ${afterCursor} ${withinHorizon}) r
        WHERE r.first LIMIT ${k.limit})
      SELECT f.block_number, f.tx_hash FROM firsts f
      UNION ALL
      SELECT t.block_number, t.tx_hash FROM ${table} t WHERE ${side.where} ${afterCursor} ${withinHorizon}
        AND t.block_number = (SELECT ${Prisma.raw(asc ? 'max' : 'min')}(f.block_number) FROM firsts f))`;
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

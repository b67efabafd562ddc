import { hexSql } from '../../../prisma/hexBytes';
import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { stringKey } from '../../shared/paging/keyCodecs';
import type { KeysetSql } from '../../shared/paging/keysetSql';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { defaultErc20Decimals } from '../formatters/erc20Token';
import { formatPrice, valueAt } from '../formatters/money';
import {
  checkPointBlock,
  formatNativeTokenBalance,
  nativeColumnsSql,
  pointSql,
  type NativeColumns,
} from './nativeTokenBalance';
import type { CurrencyCode } from '../types/evmEnums';
import type { ListErc20BalancesResponse } from '../types/erc20Balance.type';
import { TokenReputation } from '../types/evmEnums';
import type { AccountListRequest } from './accountRange';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

/** 4.12's request: the holder on a chain, and the options of the endpoint. */
export type Erc20BalancesRequest = Pick<AccountListRequest, 'chain' | 'address' | 'pageSize' | 'pageToken'> & {
  blockNumber?: bigint;
  filterSpamTokens: boolean;
  contractAddresses?: string[];
  currency: CurrencyCode;
};

/** A balance of the page as the statement gives it (a JSON row; the balance and price as decimal text). */
export type BalanceRow = {
  tokenAddress: string;
  balance: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  logoUri: string | null;
  price: string | null;
  tokenReputation: string | null;
};

/** The row of the statement: the latest indexed block, the native balance and price, and the page (pageSize + 1 balances). */
export type Erc20BalancesBundleRow = NativeColumns & { balances: BalanceRow[] };

/** Tokens in address order: the key of `erc20_balance(chain_id, holder, token_address)` and of the history after the holder. */
const balanceOrder = [sortKey<BalanceRow>('tokenAddress', stringKey, 'token_address')];

/**
 * 4.12: the ERC-20 balances of a holder after a block (the latest indexed block by default) with the
 * native balance, prices and values in a currency, in one statement (the latest block, the native
 * balance and prices as separate statements would be three more rounds, each a round trip and a
 * system call).
 *
 * Without `blockNumber` (the usual request) the page is one index range scan of the holder's
 * current balances (`erc20_balance`, which the write path keeps with each change). At an older
 * block, a balance is the latest balance change at or below it, per token: the holder's tokens are
 * enumerated with one index step each (a skip scan of the history's primary key), then one backward
 * index lookup per token; the holder's history is never scanned. Each token's contract is a lookup
 * by key too (a LATERAL with LIMIT 1, which the planner cannot turn into a join: as a plain join,
 * the generic plan the statement keeps reads every contract of the chain and sorts them).
 * Tokens are in address order; zero balances are left out; `filterSpamTokens`
 * drops tokens of Malicious reputation. Prices are the latest at or before the block's time, or now
 * when `blockNumber` is omitted.
 *
 * The page is not sorted after its lookups: both sources yield tokens in address order already, and
 * the lookups are LATERAL subqueries (always parameterized nested loops), which keep their outer
 * rows' order. A sort there would make PostgreSQL finish the walk (every token the holder ever had)
 * before taking a page; without it the walk stops once the page is full, as PostgreSQL evaluates a
 * recursive CTE only as far as its reader fetches. The aggregate sorts the page's rows alone.
 * @param context the request's context
 * @param request holder, chain, options, page
 * @returns the page with the native balance
 * @throws BadRequestError when blockNumber is beyond the latest indexed block, or for a token of another query
 * @example await listErc20Balances(context, { chain, address, filterSpamTokens: true, currency: CurrencyCode.usd, pageSize: 10 })
 */
export async function listErc20Balances(
  context: EvmContext,
  request: Erc20BalancesRequest,
): Promise<ListErc20BalancesResponse> {
  const { chain } = request;
  const args = {
    chainId: chain.chainId,
    address: request.address,
    blockNumber: request.blockNumber,
    filterSpamTokens: request.filterSpamTokens,
    contractAddresses: request.contractAddresses,
    currency: request.currency,
    pageSize: request.pageSize,
    pageToken: request.pageToken,
  };
  let bundle: Erc20BalancesBundleRow | undefined;
  const page = await paginateSql(
    { list: 'erc20Balances', args, signer: context.pageTokens, order: 'asc', keys: balanceOrder },
    (k) => erc20BalancesSql(request, context.clock(), k),
    async (sql) => {
      [bundle] = await readSql<Erc20BalancesBundleRow>(context.read, sql, KEEP_PLAN);
      return bundle!.balances;
    },
  );
  checkPointBlock(chain, request.blockNumber, bundle!.latest);
  return formatErc20Balances(chain, request.currency, bundle!, page);
}

/**
 * The response from the statement's row and the page taken from it (the benchmark's floor assembles its body with it too).
 * @param chain the chain
 * @param currency the currency of prices and values
 * @param bundle the statement's row
 * @param page the page of its balances and the next page's token
 * @returns the response
 * @example formatErc20Balances(chain, CurrencyCode.usd, row, { items: row.balances.slice(0, 10) })
 */
export function formatErc20Balances(
  chain: EvmChain,
  currency: CurrencyCode,
  bundle: Erc20BalancesBundleRow,
  page: { items: BalanceRow[]; nextPageToken?: string },
): ListErc20BalancesResponse {
  return {
    nextPageToken: page.nextPageToken,
    nativeTokenBalance: formatNativeTokenBalance(chain, currency, bundle),
    erc20TokenBalances: page.items.map((row) => {
      const balance = BigInt(row.balance);
      const decimals = row.decimals ?? defaultErc20Decimals;
      return {
        address: row.tokenAddress,
        name: row.name ?? '',
        symbol: row.symbol ?? '',
        decimals,
        logoUri: row.logoUri || undefined,
        ercType: 'ERC-20',
        price: formatPrice(row.price, currency),
        chainId: chain.chainId.toString(),
        balance: balance.toString(),
        balanceValue: valueAt(balance, decimals, row.price, currency),
        tokenReputation:
          row.tokenReputation === 'Malicious'
            ? TokenReputation.Malicious
            : row.tokenReputation === 'Benign'
              ? TokenReputation.Benign
              : null,
      };
    }),
  };
}

/**
 * The statement: the latest indexed block (index lookup), the point the balances are at (the
 * requested block, or the latest) and the time prices are at (that block's time, or now), the
 * native balance there (one backward lookup), the native token's price, and the page with each
 * token's contract and price (latestPriceJoin, the price loader's rule).
 */
function erc20BalancesSql(request: Erc20BalancesRequest, now: number, k: KeysetSql): Prisma.Sql {
  const { chain, address } = request;
  const chainId = chain.chainId;
  const requested = request.blockNumber ?? null;
  const spam = request.filterSpamTokens
    ? Prisma.sql`AND c.token_reputation IS DISTINCT FROM 'Malicious'`
    : Prisma.empty;
  const held = requested === null ? currentBalances(request, k.after('b')) : balancesAtPoint(chainId, address);
  const walk =
    requested === null
      ? Prisma.empty
      : Prisma.sql`tokens(token_address) AS (${tokensOf(chainId, address, request.contractAddresses, k.after('b'))}),`;
  return Prisma.sql`
    WITH RECURSIVE ${walk}
    ${pointSql(chainId, requested, now)}
    SELECT pt.latest, ${nativeColumnsSql(chain, address, request.currency)},
      COALESCE((SELECT json_agg(r ORDER BY r."tokenAddress") FROM (
        SELECT ${Prisma.raw(hexSql('h.token_address'))} AS "tokenAddress", h.balance::text AS balance, c.name, c.symbol, c.decimals, c.logo_uri AS "logoUri",
          p.value::text AS price, c.token_reputation::text AS "tokenReputation"
        FROM (${held}) h
        LEFT JOIN LATERAL (
          SELECT c.name, c.symbol, c.decimals, c.logo_uri, c.price_key, c.token_reputation FROM evm_contract c
          WHERE c.chain_id = ${chainId} AND c.address = h.token_address LIMIT 1) c ON true
        LEFT JOIN LATERAL (SELECT c.price_key, ${request.currency}::text AS currency_code, pt.at) k ON true
        ${Prisma.raw(latestPriceJoin('k'))}
        WHERE true ${spam}
        LIMIT ${k.limit}) r), '[]') AS balances
    FROM point pt`;
}

/**
 * The holder's positive current balances after the cursor, in address order (one range of
 * `erc20_balance`'s primary key), of the listed contracts only when given.
 */
function currentBalances(request: Erc20BalancesRequest, after: Prisma.Sql): Prisma.Sql {
  const listed = request.contractAddresses
    ? Prisma.sql`AND b.token_address = ANY(${[...new Set(request.contractAddresses)]}::bytea[])`
    : Prisma.empty;
  return Prisma.sql`SELECT b.token_address, b.balance FROM erc20_balance b
          WHERE b.chain_id = ${request.chain.chainId} AND b.holder = ${request.address} AND b.balance > 0 ${listed} ${after}
          ORDER BY b.token_address`;
}

/** The holder's positive balances at the point's block, one backward lookup per token of the walk (`tokens`), in its order. */
function balancesAtPoint(chainId: bigint, holder: string): Prisma.Sql {
  return Prisma.sql`SELECT t.token_address, v.balance FROM tokens t
          CROSS JOIN LATERAL (
            SELECT b.balance FROM erc20_balance_change b
            WHERE b.chain_id = ${chainId} AND b.holder = ${holder} AND b.token_address = t.token_address AND b.block_number <= pt.block_number
            ORDER BY b.block_number DESC LIMIT 1) v
          WHERE t.token_address IS NOT NULL AND v.balance > 0`;
}

/**
 * The holder's tokens after the cursor, in address order (the page relies on it): the listed
 * contracts, sorted and without repeats, or every token the holder ever had a balance of,
 * enumerated by a recursive skip scan (one index step per token).
 */
function tokensOf(chainId: bigint, holder: string, contracts: string[] | undefined, after: Prisma.Sql): Prisma.Sql {
  if (contracts) {
    // unnest yields the array's elements in the array's order. The addresses are lowercase hex of
    // one length, whose order in JavaScript is their bytes' order in PostgreSQL.
    const sorted = [...new Set(contracts)].sort();
    return Prisma.sql`SELECT b.token_address FROM unnest(${sorted}::bytea[]) AS b(token_address) WHERE true ${after}`;
  }
  return Prisma.sql`
    (SELECT b.token_address FROM erc20_balance_change b WHERE b.chain_id = ${chainId} AND b.holder = ${holder} ${after} ORDER BY b.token_address LIMIT 1)
    UNION ALL
    SELECT (SELECT b.token_address FROM erc20_balance_change b WHERE b.chain_id = ${chainId} AND b.holder = ${holder} AND b.token_address > t.token_address
      ORDER BY b.token_address LIMIT 1)
    FROM tokens t WHERE t.token_address IS NOT NULL`;
}

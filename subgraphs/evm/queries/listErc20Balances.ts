import { Prisma } from '../../../prisma/generated/client';
import { BadRequestError } from '../../shared/errors';
import { stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { defaultErc20Decimals } from '../formatters/erc20Token';
import { formatPrice, valueAt } from '../formatters/money';
import type { CurrencyCode } from '../types/evmEnums';
import type { ListErc20BalancesResponse } from '../types/erc20Balance.type';
import { TokenReputation } from '../types/evmEnums';
import type { AccountListRequest } from './accountRange';
import { loadPrices } from './loadPrices';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

/** 4.12's request: the holder on a chain, and the options of the endpoint. */
export type Erc20BalancesRequest = Pick<AccountListRequest, 'chain' | 'address' | 'pageSize' | 'pageToken'> & {
  blockNumber?: bigint;
  filterSpamTokens: boolean;
  contractAddresses?: string[];
  currency: CurrencyCode;
};

type BalanceRow = {
  tokenAddress: string;
  balance: Prisma.Decimal;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  logoUri: string | null;
  priceKey: string | null;
  tokenReputation: string | null;
};

/** Tokens in address order (the key of `erc20_balance_change(chain_id, holder, token_address, block_number)` after the holder). */
const balanceOrder = [sortKey<BalanceRow>('tokenAddress', stringKey, 'token_address')];

/**
 * 4.12: the ERC-20 balances of a holder after a block (the latest indexed block by default) with the
 * native balance, prices and values in a currency. A balance at block N is the latest balance change
 * at or below N, per token: the holder's tokens are enumerated with one index step each (a skip scan
 * of the primary key), then one backward index lookup per token; the holder's history is never
 * scanned. Each token's contract is a lookup by key too (a LATERAL with LIMIT 1, which the planner
 * cannot turn into a join: as a plain join, the generic plan the statement keeps read every
 * contract of the chain and sorted them, bench/PLANS.md). Tokens are in address order; zero balances are left out; `filterSpamTokens` drops tokens
 * of Malicious reputation. Prices are the latest at or before the block's time, or now when
 * `blockNumber` is omitted.
 *
 * The page has no `ORDER BY`: the walk yields tokens in address order already, and the lookups are
 * LATERAL subqueries (always parameterized nested loops), which keep their outer rows' order. An
 * `ORDER BY` would sort the walk's rows, so PostgreSQL would finish the walk (every token the
 * holder ever had: 66 for the showcase at full size) before taking a page of 10; without it the
 * walk stops once the page is full, as PostgreSQL evaluates a recursive CTE only as far as its
 * reader fetches (bench/README.md, "ERC-20 balances: a walk that stops at the page's end").
 * @param context the request's context
 * @param request holder, chain, options, page
 * @returns the page with the native balance
 * @throws BadRequestError when blockNumber is beyond the latest indexed block, or for a token of another query
 * @example await listErc20Balances(context, { chain, address, filterSpamTokens: true, currency: CurrencyCode.usd, pageSize: 10 })
 */
export async function listErc20Balances(context: EvmContext, request: Erc20BalancesRequest): Promise<ListErc20BalancesResponse> {
  const { chain, address } = request;
  const latest = await context.loaders.latestBlock.load(chain.chainId);
  const latestNumber = latest?.number ?? 0n;
  if (request.blockNumber !== undefined && request.blockNumber > latestNumber) {
    throw new BadRequestError(`blockNumber must be at most the latest indexed block of chain ${chain.chainId}, ${latestNumber}`);
  }
  const blockNumber = request.blockNumber ?? latestNumber;
  const at = request.blockNumber === undefined ? context.clock() : Number((await context.loaders.block.load({ chainId: chain.chainId, number: blockNumber }))?.timestamp ?? -1);
  const args = {
    chainId: chain.chainId, address, blockNumber: request.blockNumber, filterSpamTokens: request.filterSpamTokens,
    contractAddresses: request.contractAddresses, currency: request.currency, pageSize: request.pageSize, pageToken: request.pageToken,
  };
  const spam = request.filterSpamTokens ? Prisma.sql`AND c.token_reputation IS DISTINCT FROM 'Malicious'` : Prisma.empty;
  const [page, nativeBalance] = await Promise.all([
    paginateSql(
      { list: 'erc20Balances', args, signer: context.pageTokens, order: 'asc', keys: balanceOrder },
      (k) => Prisma.sql`
        WITH RECURSIVE tokens(token_address) AS (${tokensOf(chain.chainId, address, request.contractAddresses, k.after('b'))})
        SELECT t.token_address AS "tokenAddress", v.balance, c.name, c.symbol, c.decimals, c.logo_uri AS "logoUri", c.price_key AS "priceKey",
          c.token_reputation::text AS "tokenReputation"
        FROM tokens t
        CROSS JOIN LATERAL (
          SELECT b.balance FROM erc20_balance_change b
          WHERE b.chain_id = ${chain.chainId} AND b.holder = ${address} AND b.token_address = t.token_address AND b.block_number <= ${blockNumber}
          ORDER BY b.block_number DESC LIMIT 1) v
        LEFT JOIN LATERAL (
          SELECT c.name, c.symbol, c.decimals, c.logo_uri, c.price_key, c.token_reputation FROM evm_contract c
          WHERE c.chain_id = ${chain.chainId} AND c.address = t.token_address LIMIT 1) c ON true
        WHERE t.token_address IS NOT NULL AND v.balance > 0 ${spam}
        LIMIT ${k.limit}`,
      (sql) => readSql<BalanceRow>(context.read, sql, KEEP_PLAN),
    ),
    context.loaders.nativeBalance.load({ chainId: chain.chainId, address, blockNumber }),
  ]);
  const prices = at < 0 ? new Map<string, string>() : await loadPrices(context, [chain.nativePriceKey, ...page.items.map((row) => row.priceKey)], request.currency, at);
  const priceOf = (key: string | null) => (key ? (prices.get(key) ?? null) : null);
  const nativePrice = priceOf(chain.nativePriceKey);
  return {
    nextPageToken: page.nextPageToken,
    nativeTokenBalance: {
      name: chain.nativeTokenName,
      symbol: chain.nativeTokenSymbol,
      decimals: chain.nativeTokenDecimals,
      logoUri: chain.nativeTokenLogoUri || undefined,
      chainId: chain.chainId.toString(),
      price: formatPrice(nativePrice, request.currency),
      balance: nativeBalance.toString(),
      balanceValue: valueAt(nativeBalance, chain.nativeTokenDecimals, nativePrice, request.currency),
    },
    erc20TokenBalances: page.items.map((row) => {
      const balance = BigInt(row.balance.toFixed());
      const decimals = row.decimals ?? defaultErc20Decimals;
      return {
        address: row.tokenAddress,
        name: row.name ?? '',
        symbol: row.symbol ?? '',
        decimals,
        logoUri: row.logoUri || undefined,
        ercType: 'ERC-20',
        price: formatPrice(priceOf(row.priceKey), request.currency),
        chainId: chain.chainId.toString(),
        balance: balance.toString(),
        balanceValue: valueAt(balance, decimals, priceOf(row.priceKey), request.currency),
        tokenReputation: row.tokenReputation === 'Malicious' ? TokenReputation.Malicious : row.tokenReputation === 'Benign' ? TokenReputation.Benign : null,
      };
    }),
  };
}

/**
 * The holder's tokens after the cursor, in address order (the page relies on it): the listed
 * contracts, sorted and without repeats, or every token the holder ever had a balance of,
 * enumerated by a recursive skip scan (one index step per token).
 */
function tokensOf(chainId: bigint, holder: string, contracts: string[] | undefined, after: Prisma.Sql): Prisma.Sql {
  if (contracts) {
    // unnest yields the array's elements in the array's order. The addresses are lowercase hex, which
    // sort the same in JavaScript as in PostgreSQL's collations (digits before letters).
    const sorted = [...new Set(contracts)].sort();
    return Prisma.sql`SELECT b.token_address FROM unnest(${sorted}::text[]) AS b(token_address) WHERE true ${after}`;
  }
  return Prisma.sql`
    (SELECT b.token_address FROM erc20_balance_change b WHERE b.chain_id = ${chainId} AND b.holder = ${holder} ${after} ORDER BY b.token_address LIMIT 1)
    UNION ALL
    SELECT (SELECT b.token_address FROM erc20_balance_change b WHERE b.chain_id = ${chainId} AND b.holder = ${holder} AND b.token_address > t.token_address
      ORDER BY b.token_address LIMIT 1)
    FROM tokens t WHERE t.token_address IS NOT NULL`;
}

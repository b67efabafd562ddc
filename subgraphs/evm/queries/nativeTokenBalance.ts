import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { BadRequestError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { formatPrice, valueAt } from '../formatters/money';
import { latestPriceJoin } from '../loaders/createValueLoaders';
import type { NativeTokenBalance } from '../types/erc20Balance.type';
import type { CurrencyCode } from '../types/evmEnums';
import type { GetNativeBalanceResponse } from '../types/nftBalance.type';

/** The columns {@link nativeColumnsSql} adds to a statement's row, with the latest block of {@link pointSql}. */
export type NativeColumns = { latest: bigint | null; native_balance: string | null; native_price: string | null };

/**
 * The `point` CTE of the balance statements: the latest indexed block (one backward index step),
 * the block the balances are at (the requested one, or the latest) and the time prices are at
 * (that block's time, or now). Materialized, and the latest block a join: inlined, each use of
 * block_number would look it up again.
 * @param chainId the chain
 * @param requested the requested block, or null for the latest
 * @param now Unix seconds
 * @returns `point AS MATERIALIZED (…)`, for a WITH clause
 * @example Prisma.sql`WITH ${pointSql(43114n, null, now)} SELECT pt.latest FROM point pt`
 */
export function pointSql(chainId: bigint, requested: bigint | null, now: number): Prisma.Sql {
  return Prisma.sql`point AS MATERIALIZED (
      SELECT h.number AS latest, COALESCE(${requested}::bigint, h.number, 0) AS block_number,
        CASE WHEN ${requested}::bigint IS NULL THEN ${now}::bigint
          ELSE (SELECT x.timestamp FROM evm_block x WHERE x.chain_id = ${chainId} AND x.number = ${requested}::bigint) END AS at
      FROM (VALUES (1)) AS one (n)
      LEFT JOIN LATERAL (SELECT h.number FROM evm_block h WHERE h.chain_id = ${chainId} ORDER BY h.number DESC LIMIT 1) h ON true)`;
}

/**
 * The native balance at the point's block (one backward lookup of the address's history, as the
 * nativeBalance loader reads it) and the native token's price at the point's time (the price
 * loader's rule), as columns of a statement over `point pt`.
 * @param chain the chain
 * @param address the address
 * @param currency the currency of the price
 * @returns `native_balance` and `native_price` select-list items
 * @example Prisma.sql`SELECT ${nativeColumnsSql(chain, address, currency)} FROM point pt`
 */
export function nativeColumnsSql(chain: EvmChain, address: string, currency: CurrencyCode): Prisma.Sql {
  return Prisma.sql`(SELECT n.balance::text FROM native_balance_change n
        WHERE n.chain_id = ${chain.chainId} AND n.address = ${address} AND n.block_number <= pt.block_number
        ORDER BY n.block_number DESC LIMIT 1) AS native_balance,
      (SELECT p.value::text FROM (SELECT ${chain.nativePriceKey}::text AS price_key, ${currency}::text AS currency_code, pt.at) k
        ${Prisma.raw(latestPriceJoin('k'))}) AS native_price`;
}

/**
 * Refuses a block beyond the latest indexed one (the balances there are not known yet).
 * @param chain the chain
 * @param requested the requested block, if any
 * @param latest the latest indexed block (null on a chain without blocks)
 * @throws BadRequestError naming blockNumber
 * @example checkPointBlock(chain, 10n, row.latest)
 */
export function checkPointBlock(chain: EvmChain, requested: bigint | undefined, latest: bigint | null): void {
  const head = latest ?? 0n;
  if (requested !== undefined && requested > head) {
    throw new BadRequestError(
      `blockNumber must be at most the latest indexed block of chain ${chain.chainId}, ${head}`,
    );
  }
}

/**
 * The native token balance member of the balance answers.
 * @param chain the chain
 * @param currency the currency of price and value
 * @param row the statement's native columns
 * @returns the member
 * @example formatNativeTokenBalance(chain, CurrencyCode.usd, row)
 */
export function formatNativeTokenBalance(
  chain: EvmChain,
  currency: CurrencyCode,
  row: Pick<NativeColumns, 'native_balance' | 'native_price'>,
): NativeTokenBalance {
  const balance = BigInt(row.native_balance ?? 0);
  return {
    name: chain.nativeTokenName,
    symbol: chain.nativeTokenSymbol,
    decimals: chain.nativeTokenDecimals,
    logoUri: chain.nativeTokenLogoUri || undefined,
    chainId: chain.chainId.toString(),
    price: formatPrice(row.native_price, currency),
    balance: balance.toString(),
    balanceValue: valueAt(balance, chain.nativeTokenDecimals, row.native_price, currency),
  };
}

/**
 * getNativeBalance: an address's native balance after a block (the latest indexed block by
 * default), the balance the indexer stored from the node's eth_getBalance, with the native token's
 * price and the balance's value in a currency: at that block's time, or now without `blockNumber`
 * (as listErc20Balances prices its native part). One statement: the latest block, the balance and
 * the price are each one index lookup. An address the chain never saw holds 0.
 * @param context the request's context
 * @param request chain, address, block and currency
 * @returns the balance
 * @throws BadRequestError when blockNumber is beyond the latest indexed block
 * @example await getNativeBalance(context, { chain, address, currency: CurrencyCode.usd })
 */
export async function getNativeBalance(
  context: EvmContext,
  request: { chain: EvmChain; address: string; blockNumber?: bigint; currency: CurrencyCode },
): Promise<GetNativeBalanceResponse> {
  const { chain, address, currency } = request;
  const [row] = await readSql<NativeColumns>(
    context.read,
    Prisma.sql`WITH ${pointSql(chain.chainId, request.blockNumber ?? null, context.clock())}
      SELECT pt.latest, ${nativeColumnsSql(chain, address, currency)} FROM point pt`,
    KEEP_PLAN,
  );
  checkPointBlock(chain, request.blockNumber, row!.latest);
  return { nativeTokenBalance: formatNativeTokenBalance(chain, currency, row!) };
}

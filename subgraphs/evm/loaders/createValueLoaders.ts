import { createLoader } from '../../shared/loaderKeys';
import type { SubgraphDeps } from '../../shared/subgraph';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

/** A price asked for: a feed, a currency, and the time it must be valid at (Unix seconds). */
export type PriceKey = { priceKey: string; currency: string; at: number };

/** A native balance asked for: an account of a chain after a block. */
export type NativeBalanceKey = { chainId: bigint; address: string; blockNumber: bigint };

/**
 * The price of each row of `keys` (columns price_key, currency_code, at) as `p.value`: the latest
 * stored at or before `at`, null when the feed has none by then. The one rule of price lookups,
 * joined by the price loader and by statements that bring their prices with them (getTransaction).
 * @param keys the alias of the keys' rows
 * @returns a LEFT JOIN LATERAL clause (one index lookup per key)
 * @example `SELECT k.price_key, p.value FROM keys k ${latestPriceJoin('k')}`
 */
export function latestPriceJoin(keys: string): string {
  return `LEFT JOIN LATERAL (
           SELECT value FROM asset_price a
           WHERE a.price_key = ${keys}.price_key AND a.currency_code = ${keys}.currency_code AND a.timestamp <= ${keys}.at
           ORDER BY a.timestamp DESC LIMIT 1) p ON true`;
}

/**
 * Loaders of values that change over time, each the latest stored row at or before a point:
 * prices (AssetPrice, hourly) and native balances (NativeBalanceChange). One statement per batch,
 * one index lookup per key, through `read` (raw SQL: the statement is cheaper than Prisma's handling of it).
 * @param deps the subgraph's dependencies (`read`)
 * @returns the loaders
 * @example createValueLoaders(deps).price.load({ priceKey: 'avalanche-2', currency: 'usd', at: 1793491200 })
 */
export function createValueLoaders({ read }: Pick<SubgraphDeps, 'read'>) {
  return {
    /** The latest price at or before `at`, as decimal text as stored (formatters/money.ts reads it); null when the feed has none. */
    price: createLoader<PriceKey, string | null>(async (keys) => {
      const rows = await read<{ i: bigint; value: string | null }>(
        `SELECT k.i, p.value::text AS value
         FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS k (price_key, currency_code, at, i)
         ${latestPriceJoin('k')}`,
        [keys.map((key) => key.priceKey), keys.map((key) => key.currency), keys.map((key) => String(key.at))],
        KEEP_PLAN,
      );
      const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, row.value]));
      return keys.map((_, i) => byIndex.get(i) ?? null);
    }),
    /** The native balance after `blockNumber` (wei); 0 for an account without history. */
    nativeBalance: createLoader<NativeBalanceKey, bigint>(async (keys) => {
      const rows = await read<{ i: bigint; balance: string }>(
        `SELECT k.i, n.balance::text AS balance
         FROM unnest($1::bigint[], $2::bytea[], $3::bigint[]) WITH ORDINALITY AS k (chain_id, address, block_number, i)
         CROSS JOIN LATERAL (
           SELECT balance FROM native_balance_change b
           WHERE b.chain_id = k.chain_id AND b.address = k.address AND b.block_number <= k.block_number
           ORDER BY b.block_number DESC LIMIT 1) n`,
        [
          keys.map((key) => String(key.chainId)),
          keys.map((key) => key.address),
          keys.map((key) => String(key.blockNumber)),
        ],
        KEEP_PLAN,
      );
      const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, BigInt(row.balance)]));
      return keys.map((_, i) => byIndex.get(i) ?? 0n);
    }),
  };
}

import { Prisma, type PrismaClient } from '../../../prisma/generated/client';
import { createLoader } from '../../shared/loaderKeys';

/** A price asked for: a feed, a currency, and the time it must be valid at (Unix seconds). */
export type PriceKey = { priceKey: string; currency: string; at: number };

/** A native balance asked for: an account of a chain after a block. */
export type NativeBalanceKey = { chainId: bigint; address: string; blockNumber: bigint };

/**
 * Loaders of values that change over time, each the latest stored row at or before a point:
 * prices (AssetPrice, hourly) and native balances (NativeBalanceChange). One statement per batch,
 * one index lookup per key.
 * @param prisma the client
 * @returns the loaders
 * @example createValueLoaders(prisma).price.load({ priceKey: 'avalanche-2', currency: 'usd', at: 1793491200 })
 */
export function createValueLoaders(prisma: PrismaClient) {
  return {
    /** The latest price at or before `at`, as decimal text; null when the feed has none. */
    price: createLoader<PriceKey, string | null>(async (keys) => {
      const rows = await prisma.$queryRaw<{ i: bigint; value: Prisma.Decimal }[]>(Prisma.sql`
        SELECT k.i, p.value
        FROM unnest(${keys.map((key) => key.priceKey)}::text[], ${keys.map((key) => key.currency)}::text[], ${keys.map((key) => String(key.at))}::text[])
          WITH ORDINALITY AS k(price_key, currency_code, at, i)
        CROSS JOIN LATERAL (
          SELECT value FROM asset_price a
          WHERE a.price_key = k.price_key AND a.currency_code = k.currency_code AND a.timestamp <= k.at::bigint
          ORDER BY a.timestamp DESC LIMIT 1) p`);
      const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, row.value.toFixed()]));
      return keys.map((_, i) => byIndex.get(i) ?? null);
    }),
    /** The native balance after `blockNumber` (wei); 0 for an account without history. */
    nativeBalance: createLoader<NativeBalanceKey, bigint>(async (keys) => {
      const rows = await prisma.$queryRaw<{ i: bigint; balance: Prisma.Decimal }[]>(Prisma.sql`
        SELECT k.i, n.balance
        FROM unnest(${keys.map((key) => String(key.chainId))}::text[], ${keys.map((key) => key.address)}::text[], ${keys.map((key) => String(key.blockNumber))}::text[])
          WITH ORDINALITY AS k(chain_id, address, block_number, i)
        CROSS JOIN LATERAL (
          SELECT balance FROM native_balance_change b
          WHERE b.chain_id = k.chain_id::bigint AND b.address = k.address AND b.block_number <= k.block_number::bigint
          ORDER BY b.block_number DESC LIMIT 1) n`);
      const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, BigInt(row.balance.toFixed())]));
      return keys.map((_, i) => byIndex.get(i) ?? 0n);
    }),
  };
}

import type { EvmContext } from '../context';

/**
 * The prices of several feeds in one currency at one time (latest at or before `at`), in one batch.
 * @param context the request's context
 * @param priceKeys feeds (AssetPrice.priceKey); nulls and repeats allowed
 * @param currency currency code
 * @param at Unix seconds
 * @returns decimal text by feed (feeds without a price are absent)
 * @example const prices = await loadPrices(context, ['avalanche-2'], 'usd', context.clock())
 */
export async function loadPrices(
  context: EvmContext,
  priceKeys: Iterable<string | null | undefined>,
  currency: string,
  at: number,
): Promise<Map<string, string>> {
  const keys = [...new Set([...priceKeys].filter((key): key is string => !!key))];
  const values = await Promise.all(keys.map((priceKey) => context.loaders.price.load({ priceKey, currency, at })));
  return new Map(keys.flatMap((key, i) => (values[i] === null ? [] : [[key, values[i]!] as const])));
}

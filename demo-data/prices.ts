// Hourly market prices (AssetPrice) of the priced assets in the 14 currencies of spec 4.12,
// covering the generated EVM history. USD prices follow a seeded random walk (stablecoins stay
// near 1); other currencies apply fixed exchange rates with a slow drift.
import { DEMO_NOW, HOUR } from './constants';
import { createRandom } from './random';
import type { BulkWriter } from '../prisma/write';

/** Currencies of spec 4.12 with their units per US dollar. */
export const CURRENCIES: Record<string, number> = {
  usd: 1,
  eur: 0.92,
  aud: 1.52,
  cad: 1.37,
  chf: 0.88,
  clp: 940,
  cny: 7.2,
  czk: 23.1,
  dkk: 6.86,
  gbp: 0.78,
  hkd: 7.8,
  huf: 362,
  jpy: 150.5,
  nzd: 1.66,
};

/** Price feeds and their USD price at DEMO_NOW; `stable` walks stay within a few tenths of a percent. */
export const PRICE_FEEDS: Record<string, { usd: number; stable: boolean; volatility: number }> = {
  'avalanche-2': { usd: 24, stable: false, volatility: 0.008 },
  'usd-coin': { usd: 1, stable: true, volatility: 0.0004 },
  tether: { usd: 1, stable: true, volatility: 0.0005 },
  joe: { usd: 0.35, stable: false, volatility: 0.012 },
  'kestrel-network': { usd: 0.8, stable: false, volatility: 0.015 },
  'kestrel-gems': { usd: 0.04, stable: false, volatility: 0.02 },
};

/**
 * Writes hourly prices of every feed in every currency from `from` to DEMO_NOW.
 * @param writer row writer
 * @param from first time to cover (rounded down to the hour)
 * @returns number of rows
 * @example await writePrices(writer, DEMO_NOW - 36 * 86400)
 */
export async function writePrices(writer: BulkWriter, from: number): Promise<number> {
  const start = Math.floor(from / HOUR) * HOUR;
  const hours = (DEMO_NOW - start) / HOUR + 1;
  let rows = 0;
  for (const [priceKey, feed] of Object.entries(PRICE_FEEDS)) {
    const rng = createRandom(`avalanche-demo-data/prices/${priceKey}`);
    // Walk backwards from the anchored price at DEMO_NOW so "now" has a known value.
    const usd: number[] = new Array(hours);
    usd[hours - 1] = feed.usd;
    for (let h = hours - 2; h >= 0; h--) {
      const shock = (rng.float() - 0.5) * 2 * feed.volatility;
      const next = usd[h + 1]! * (1 - shock);
      usd[h] = feed.stable ? 1 + (next - 1) * 0.9 : next;
    }
    for (let h = 0; h < hours; h++) {
      const timestamp = BigInt(start + h * HOUR);
      for (const [currencyCode, rate] of Object.entries(CURRENCIES)) {
        const drift = currencyCode === 'usd' ? 1 : 1 + 0.01 * Math.sin((h / hours) * Math.PI + rate);
        await writer.push('AssetPrice', {
          priceKey,
          currencyCode,
          timestamp,
          value: (usd[h]! * rate * drift).toFixed(10),
        });
        rows++;
      }
    }
  }
  return rows;
}

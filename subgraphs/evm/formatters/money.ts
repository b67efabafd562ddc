import type { CurrencyCode } from '../types/evmEnums';
import type { Price } from '../types/token.type';

/** Fractional digits of stored prices (AssetPrice.value is numeric(38,18)) and of computed values. */
const scale = 18;
const unit = 10n ** BigInt(scale);

/**
 * A stored price as the API's Price: decimal text without trailing zeros.
 * @param value decimal text of the price, or null when the feed has none
 * @param currency its currency
 * @returns the Price, or undefined without a price
 * @example formatPrice('24.500000', CurrencyCode.usd) // { currencyCode: 'usd', value: '24.5' }
 */
export function formatPrice(value: string | null | undefined, currency: CurrencyCode): Price | undefined {
  if (value === null || value === undefined) return undefined;
  return { currencyCode: currency, value: toText(toScaled(value)) };
}

/**
 * The value of an amount of a token at a price: amount / 10^decimals × price, exact, rounded half up
 * to 18 fractional digits (the prices' own precision), trailing zeros removed.
 * @param amount amount in the token's smallest unit
 * @param decimals the token's decimals
 * @param price decimal text of one whole token's price, or null
 * @param currency the price's currency
 * @returns the value, or undefined without a price
 * @example valueAt(1_500_000n, 6, '0.9998', CurrencyCode.usd) // { currencyCode: 'usd', value: '1.4997' }
 */
export function valueAt(
  amount: bigint,
  decimals: number,
  price: string | null | undefined,
  currency: CurrencyCode,
): Price | undefined {
  if (price === null || price === undefined) return undefined;
  const divisor = 10n ** BigInt(decimals);
  const product = amount * toScaled(price);
  return { currencyCode: currency, value: toText((product + divisor / 2n) / divisor) };
}

/** Decimal text → integer in units of 10^-18 (prices have at most 18 fractional digits). */
function toScaled(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * unit + BigInt(fraction.slice(0, scale).padEnd(scale, '0'));
}

/** Integer in units of 10^-18 → decimal text without trailing zeros. */
function toText(scaled: bigint): string {
  const whole = scaled / unit;
  const fraction = (scaled % unit).toString().padStart(scale, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * An amount in a token's whole units, as the official payloads' `valueWithDecimals` writes it: exact
 * decimal text, as many fraction digits as the amount needs (none for a whole amount).
 * @param amount the amount in the token's smallest unit
 * @param decimals the token's decimals (0 for an NFT)
 * @returns the decimal text
 * @example valueWithDecimals(3_331_009_129n, 6) // '3331.009129'
 */
export function valueWithDecimals(amount: bigint, decimals: number): string {
  const sign = amount < 0n ? '-' : '';
  const digits = (amount < 0n ? -amount : amount).toString();
  if (decimals <= 0) return `${sign}${digits}`;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount of AVAX as the supply answers it: a decimal string of AVAX, as many fraction digits as
 * the amount needs (none for whole AVAX).
 * @param amount the amount in its unit
 * @param decimals digits of that unit: 9 for nAVAX, 18 for wei (C-Chain)
 * @returns the AVAX string
 * @example formatAvax(1_500_000_000n, 9) // '1.5'
 */
export function formatAvax(amount: bigint, decimals: 9 | 18): string {
  const sign = amount < 0n ? '-' : '';
  const digits = (amount < 0n ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

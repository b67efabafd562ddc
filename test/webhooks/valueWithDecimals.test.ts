import { formatUnits } from 'viem';
import { valueWithDecimals } from '../../webhooks/valueWithDecimals';

describe('valueWithDecimals', () => {
  it("writes an amount in whole units as viem's formatUnits does: exact, no trailing zeros, no point for a whole amount", () => {
    const amounts = [0n, 1n, 7n, 10n, 999n, 1000n, 3_331_009_129n, 30_576_074_978_046_450n, 10n ** 30n + 1n, -1_500n];
    for (const decimals of [0, 1, 6, 18, 24])
      for (const amount of amounts)
        expect([amount, decimals, valueWithDecimals(amount, decimals)]).toEqual([
          amount,
          decimals,
          formatUnits(amount, decimals),
        ]);
  });

  it('keeps the official example', () => {
    expect(valueWithDecimals(3_331_009_129n, 6)).toBe('3331.009129');
  });
});

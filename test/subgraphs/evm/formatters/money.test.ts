import { formatPrice, valueAt } from '../../../../subgraphs/evm/formatters/money';
import { CurrencyCode } from '../../../../subgraphs/evm/types/evmEnums';

describe('formatPrice()', () => {
  it('writes a stored price as decimal text without trailing zeros', () => {
    expect(formatPrice('24.000000000000000000', CurrencyCode.usd)).toEqual({ currencyCode: 'usd', value: '24' });
    expect(formatPrice('0.040000000100000000', CurrencyCode.eur)).toEqual({
      currencyCode: 'eur',
      value: '0.0400000001',
    });
  });

  it('gives no price without a stored one', () => {
    expect(formatPrice(null, CurrencyCode.usd)).toBeUndefined();
  });
});

describe('valueAt(): balance / 10^decimals × price, exact, rounded half up to 18 decimals', () => {
  it.each([
    [1_500_000n, 6, '0.9998', '1.4997'],
    [3_108_881_245_469_982_882n, 18, '21.9048181411', '68.099478304296443229'],
    [1n, 18, '0.5', '0.000000000000000001'],
    [1n, 18, '0.4', '0'],
    [10n ** 30n, 18, '150.5', '150500000000000'],
    [0n, 6, '1', '0'],
  ])('%s at %i decimals × %s = %s', (amount, decimals, price, value) => {
    expect(valueAt(amount, decimals, price, CurrencyCode.usd)).toEqual({ currencyCode: 'usd', value });
  });

  it('gives no value without a price', () => {
    expect(valueAt(1n, 18, undefined, CurrencyCode.usd)).toBeUndefined();
  });
});

import { createLoader, loaderKey } from '../../../subgraphs/shared/loaderKeys';

describe('loaderKey()', () => {
  it('args: bigint keys (EVM chain IDs) have a key', () => {
    expect(loaderKey(43114n)).toBe('43114n');
    expect(loaderKey({ chainId: 2n ** 64n })).toBe('{"chainId":18446744073709551616n}');
  });

  it('behavior: composite keys are equal whatever the order of their properties', () => {
    expect(loaderKey({ network: 'MAINNET', subnetId: 'a' })).toBe(loaderKey({ subnetId: 'a', network: 'MAINNET' }));
    expect(loaderKey([{ b: 1, a: [2n, 'x'] }])).toBe(loaderKey([{ a: [2n, 'x'], b: 1 }]));
  });

  it('behavior: a property set to undefined is a property left out', () => {
    expect(loaderKey({ a: 1, b: undefined, c: 'x' })).toBe(loaderKey({ c: 'x', a: 1 }));
    expect(loaderKey({ a: undefined })).toBe(loaderKey({}));
    expect(loaderKey({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('behavior: keys of different types or values never collide', () => {
    const keys = [
      1n,
      1,
      '1',
      '1n',
      true,
      'true',
      null,
      'null',
      [1],
      ['1'],
      { a: 1 },
      { a: '1' },
      { 'a"': 1 },
      'a,b',
      ['a', 'b'],
      {},
      [],
    ];
    expect(new Set(keys.map(loaderKey)).size).toBe(keys.length);
  });

  it('error: values that are no key are refused', () => {
    expect(() => loaderKey(undefined)).toThrow('a loader key cannot hold a undefined');
    expect(() => loaderKey(() => 1)).toThrow('a loader key cannot hold a function');
  });
});

describe('createLoader()', () => {
  it('behavior: batches bigint and composite keys, loading each distinct key once', async () => {
    const batches: unknown[][] = [];
    const loader = createLoader<unknown, string>(async (keys) => {
      batches.push([...keys]);
      return keys.map((key) => loaderKey(key));
    });
    const values = await Promise.all([
      loader.load(1n),
      loader.load({ network: 'MAINNET', id: 'a' }),
      loader.load(1n),
      loader.load({ id: 'a', network: 'MAINNET' }),
    ]);
    expect(values).toEqual(['1n', '{"id":"a","network":"MAINNET"}', '1n', '{"id":"a","network":"MAINNET"}']);
    expect(batches).toEqual([[1n, { network: 'MAINNET', id: 'a' }]]);
  });
});

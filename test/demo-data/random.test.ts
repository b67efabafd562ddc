import { createRandom } from '../../demo-data/random';

describe('random', () => {
  test('createRandom() with the same label yields the same sequence', () => {
    const a = createRandom('demo/test');
    const b = createRandom('demo/test');
    expect(Array.from({ length: 100 }, () => a.u32())).toEqual(Array.from({ length: 100 }, () => b.u32()));
    expect(createRandom('x').hex(32)).toBe(createRandom('x').hex(32));
  });

  test('different labels and forks give different streams', () => {
    expect(createRandom('a').u32()).not.toBe(createRandom('b').u32());
    const root = createRandom('root');
    expect(root.fork('one').hex(16)).not.toBe(root.fork('two').hex(16));
    expect(root.fork('one').hex(16)).toBe(createRandom('root/one').hex(16));
  });

  test('int() stays within bounds and reaches both ends', () => {
    const rng = createRandom('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(3, 7);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  test('bigint() stays within bounds for wide ranges', () => {
    const rng = createRandom('big');
    for (let i = 0; i < 200; i++) {
      const v = rng.bigint(10n ** 18n, 10n ** 30n);
      expect(v >= 10n ** 18n && v <= 10n ** 30n).toBe(true);
    }
  });
});

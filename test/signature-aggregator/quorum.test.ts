import { meetsQuorum, requiredWeight } from '../../signature-aggregator/quorum';

describe('quorum (notes §5)', () => {
  it('requiredWeight() is the least weight passing signed × 100 ≥ total × pct', () => {
    for (const total of [1n, 3n, 7n, 100n, 1001n, 18446744073709551615n]) {
      for (const pct of [0, 1, 33, 50, 67, 99, 100]) {
        const required = requiredWeight(total, pct);
        expect(meetsQuorum(required, total, pct)).toBe(true);
        if (required > 0n) expect(meetsQuorum(required - 1n, total, pct)).toBe(false);
      }
    }
  });

  it('two of three equal validators do not make 67%, all three do', () => {
    expect(requiredWeight(3n, 67)).toBe(3n);
    expect(meetsQuorum(2n, 3n, 67)).toBe(false);
    expect(requiredWeight(100n, 67)).toBe(67n);
  });

  it('stays exact beyond 2^64 (big integers, no floating point)', () => {
    const total = (1n << 64n) - 1n;
    expect(requiredWeight(total, 67)).toBe((total * 67n + 99n) / 100n);
  });

  it('refuses a percentage outside 0 to 100', () => {
    expect(() => requiredWeight(10n, 101)).toThrow(RangeError);
    expect(() => requiredWeight(10n, 2.5)).toThrow(RangeError);
  });
});

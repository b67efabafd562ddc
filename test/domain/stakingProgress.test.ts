import { stakingProgress } from '../../domain';

describe('stakingProgress()', () => {
  test('percent of the period elapsed, linear between start and end', () => {
    expect(stakingProgress(1_000n, 2_000n, 1_250)).toBe(25);
    expect(stakingProgress(1_000, 4_000, 2_000n)).toBeCloseTo(33.333333, 5);
  });

  test('0 before the start, 100 from the end on', () => {
    expect(stakingProgress(1_000n, 2_000n, 500)).toBe(0);
    expect(stakingProgress(1_000n, 2_000n, 1_000)).toBe(0);
    expect(stakingProgress(1_000n, 2_000n, 2_000)).toBe(100);
    expect(stakingProgress(1_000n, 2_000n, 9_000)).toBe(100);
  });
});

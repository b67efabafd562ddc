import { validationStatusAt, VALIDATION_STATUSES } from '../../domain';

describe('validationStatusAt()', () => {
  const period = { startTimestamp: 1_000n, endTimestamp: 2_000n };

  test('pending before the start, active from the start, completed from the end', () => {
    expect(validationStatusAt(period, 999)).toBe('pending');
    expect(validationStatusAt(period, 1_000)).toBe('active');
    expect(validationStatusAt(period, 1_999n)).toBe('active');
    expect(validationStatusAt(period, 2_000)).toBe('completed');
    expect(validationStatusAt(period, 10_000)).toBe('completed');
  });

  test('removed from the removing transaction on, and active until then', () => {
    const removed = { ...period, removedTimestamp: 1_500n };
    expect(validationStatusAt(removed, 1_499)).toBe('active');
    expect(validationStatusAt(removed, 1_500)).toBe('removed');
    expect(validationStatusAt(removed, 5_000)).toBe('removed');
  });

  test('behavior: a validation removed before it started is pending, then removed', () => {
    const removed = { ...period, removedTimestamp: 900 };
    expect(validationStatusAt(removed, 899)).toBe('pending');
    expect(validationStatusAt(removed, 900)).toBe('removed');
  });

  test('behavior: an L1 validation (no end) stays active until removed', () => {
    expect(validationStatusAt({ startTimestamp: 1_000, endTimestamp: null }, 99_999_999_999n)).toBe('active');
    expect(validationStatusAt({ startTimestamp: 1_000, endTimestamp: null, removedTimestamp: null }, 500)).toBe(
      'pending',
    );
    expect(validationStatusAt({ startTimestamp: 1_000, endTimestamp: null, removedTimestamp: 3_000 }, 3_000)).toBe(
      'removed',
    );
  });

  test('VALIDATION_STATUSES are the four values of spec 2.5', () => {
    expect([...VALIDATION_STATUSES].sort()).toEqual(['active', 'completed', 'pending', 'removed']);
  });
});

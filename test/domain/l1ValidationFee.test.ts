// One validation's continuous fee through its transactions (domain/l1ValidationFee.ts): the rules of
// avalanchego's standard transaction executor, each case a transaction on a validation in a known state.
import { applyL1ValidationFeeChange, l1ValidationRanOut, type L1ValidationFeeChange } from '../../domain';

const ACCRUED = 1_000n;

describe('applyL1ValidationFeeChange()', () => {
  // Each case: the validation's EndAccumulatedFee before (0: it does not pay), the change at ACCRUED, and what follows.
  it.each<[string, bigint, L1ValidationFeeChange, ReturnType<typeof applyL1ValidationFeeChange>]>([
    [
      'a registration with a balance starts paying at the accrued fees, its end the balance above them',
      0n,
      { kind: 'register', balance: 250n },
      { end: 1_250n, event: 'START', balance: 250n, refund: 0n },
    ],
    [
      'a registration without a balance does not pay',
      0n,
      { kind: 'register', balance: 0n },
      { end: 0n, balance: 0n, refund: 0n },
    ],
    [
      // Registered with 250 at 900: 150 left at 1,000, then 40 more.
      'a top-up of a paying validation moves its end on; what it has left is its end less the accrued fees',
      1_150n,
      { kind: 'topUp', amount: 40n },
      { end: 1_190n, balance: 190n, refund: 0n },
    ],
    [
      'a top-up of a validation that does not pay (ran out, or registered without a balance) starts it again from the accrued fees',
      0n,
      { kind: 'topUp', amount: 40n },
      { end: 1_040n, event: 'START', balance: 40n, refund: 0n },
    ],
    [
      'an end stops a paying validation and refunds what is left of its balance',
      1_150n,
      { kind: 'end' },
      { end: 0n, event: 'STOP', balance: 0n, refund: 150n },
    ],
    [
      'an end of a validation that does not pay changes nothing',
      0n,
      { kind: 'end' },
      { end: 0n, balance: 0n, refund: 0n },
    ],
  ])('rule: %s', (_rule, end, change, expected) => {
    expect(applyL1ValidationFeeChange(end, change, ACCRUED)).toEqual(expected);
  });
});

describe('l1ValidationRanOut()', () => {
  it('rule: a paying validation runs out in the block whose accrued fees reach its end', () => {
    expect(l1ValidationRanOut(1_150n, 1_149n)).toBe(false);
    expect(l1ValidationRanOut(1_150n, 1_150n)).toBe(true);
    expect(l1ValidationRanOut(1_150n, 2_000n)).toBe(true);
  });

  it('rule: a validation that does not pay never runs out', () => {
    expect(l1ValidationRanOut(0n, 2_000n)).toBe(false);
  });
});

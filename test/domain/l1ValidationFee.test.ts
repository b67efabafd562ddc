// One validation's continuous fee through its transactions (domain/l1ValidationFee.ts): the rules of
// avalanchego's standard transaction executor, each case a transaction on a validation in a known state.
import { applyL1ValidationFeeChange, l1ValidationRanOut } from '../../domain';

const ACCRUED = 1_000n;

describe('applyL1ValidationFeeChange()', () => {
  it('rule: a registration with a balance starts paying at the accrued fees, its end the balance above them', () => {
    expect(applyL1ValidationFeeChange(0n, { kind: 'register', balance: 250n }, ACCRUED)).toEqual({
      end: 1_250n,
      event: 'START',
      balance: 250n,
      refund: 0n,
    });
  });

  it('rule: a registration without a balance does not pay', () => {
    expect(applyL1ValidationFeeChange(0n, { kind: 'register', balance: 0n }, ACCRUED)).toEqual({
      end: 0n,
      balance: 0n,
      refund: 0n,
    });
  });

  it('rule: a top-up of a paying validation moves its end on; what it has left is its end less the accrued fees', () => {
    // Registered with 250 at 900: 150 left at 1,000, then 40 more.
    expect(applyL1ValidationFeeChange(1_150n, { kind: 'topUp', amount: 40n }, ACCRUED)).toEqual({
      end: 1_190n,
      balance: 190n,
      refund: 0n,
    });
  });

  it('rule: a top-up of a validation that does not pay (ran out, or registered without a balance) starts it again from the accrued fees', () => {
    expect(applyL1ValidationFeeChange(0n, { kind: 'topUp', amount: 40n }, ACCRUED)).toEqual({
      end: 1_040n,
      event: 'START',
      balance: 40n,
      refund: 0n,
    });
  });

  it('rule: an end stops a paying validation and refunds what is left of its balance', () => {
    expect(applyL1ValidationFeeChange(1_150n, { kind: 'end' }, ACCRUED)).toEqual({
      end: 0n,
      event: 'STOP',
      balance: 0n,
      refund: 150n,
    });
  });

  it('rule: an end of a validation that does not pay changes nothing', () => {
    expect(applyL1ValidationFeeChange(0n, { kind: 'end' }, ACCRUED)).toEqual({ end: 0n, balance: 0n, refund: 0n });
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

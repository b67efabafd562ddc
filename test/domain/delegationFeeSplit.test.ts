import { delegationFeeSplit } from '../../domain';

describe('delegationFeeSplit()', () => {
  // Expected validator parts: the test vectors of avalanchego's reward.Split (TestSplit).
  test.each([
    [1_000n, 500_000, 500n],
    [1n, 1_000_000, 1n],
    [1n, 999_999, 1n],
    [1n, 1, 1n],
    [1n, 0, 0n],
    [9_223_374_036_974_675_809n, 2, 18_446_748_749_757n],
    [9_223_374_036_974_675_809n, 1_000_000, 9_223_374_036_974_675_809n],
    [9_223_372_036_855_275_808n, 999_998, 9_223_353_590_111_202_098n],
    [9_223_372_036_855_275_808n, 2, 18_446_744_349_518n],
  ])('avalanchego vector: %s nAVAX with %s shares gives the validator %s', (reward, shares, validatorFee) => {
    expect(delegationFeeSplit(reward, shares)).toEqual({ validatorFee, delegatorReward: reward - validatorFee });
  });

  test('a 2 % fee on 1,000 AVAX: 20 AVAX to the validator, 980 to the delegator', () => {
    expect(delegationFeeSplit(1_000_000_000_000n, 20_000)).toEqual({
      validatorFee: 20_000_000_000n,
      delegatorReward: 980_000_000_000n,
    });
  });

  test('error: shares outside 0..1,000,000 and rewards outside uint64 are refused', () => {
    expect(() => delegationFeeSplit(1n, 1_000_001)).toThrow(RangeError);
    expect(() => delegationFeeSplit(1n, -1)).toThrow(RangeError);
    expect(() => delegationFeeSplit(1n << 64n, 1)).toThrow(RangeError);
  });
});

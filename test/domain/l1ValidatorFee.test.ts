import {
  advanceL1ValidatorExcess,
  advanceL1ValidatorFees,
  l1ValidatorFeeCost,
  l1ValidatorFeePrice,
  L1_VALIDATOR_FEES,
  type L1ValidatorFeeConfig,
} from '../../domain';

const MINUTE = 60n;
const HOUR = 3_600n;
const DAY = 86_400n;
const WEEK = 7n * DAY;
const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT32 = (1n << 32n) - 1n;
// The configuration of avalanchego's fee tests (vms/platformvm/validators/fee/fee_test.go): min
// price 2,048, target 10,000, K = (20,000 − 10,000) × 1 day / ln 2 rounded down.
const K = 1_246_488_515n;
const testConfig = (target: bigint): L1ValidatorFeeConfig => ({
  capacity: 20_000n,
  target,
  minPrice: 2_048n,
  excessConversionConstant: K,
  activation: 0n,
});

describe('l1ValidatorFeeCost() and advanceL1ValidatorExcess()', () => {
  // Expected cost and excess: avalanchego's own vectors (TestStateAdvanceTime, TestStateCostOf).
  test.each([
    ['excess=0, current<target, minute', 10n, 0n, 10_000n, MINUTE, 122_880n, 0n],
    ['excess=0, current=target, minute', 10_000n, 0n, 10_000n, MINUTE, 122_880n, 0n],
    [
      'excess=excessIncreasePerDoubling, current=target, minute',
      10_000n,
      10_000n * DAY,
      10_000n,
      MINUTE,
      245_760n,
      10_000n * DAY,
    ],
    ['excess=K, current=target, minute', 10_000n, K, 10_000n, MINUTE, 334_020n, K],
    ['excess=0, current>target, minute', 15_000n, 0n, 10_000n, MINUTE, 122_880n, 5_000n * MINUTE],
    ['excess hits 0 during, current<target, day', 9_000n, 6n * HOUR * 1_000n, 10_000n, DAY, 177_321_939n, 0n],
    ['excess=K, current=target, day', 10_000n, K, 10_000n, DAY, 480_988_800n, K],
    ['excess=0, current>target, day', 15_000n, 0n, 10_000n, DAY, 211_438_809n, 5_000n * DAY],
    ['excess=0, current=target, week', 10_000n, 0n, 10_000n, WEEK, 1_238_630_400n, 0n],
    ['excess=0, current>target, week', 15_000n, 0n, 10_000n, WEEK, 5_265_492_669n, 5_000n * WEEK],
    ['excess=1, current>>target, second', MAX_UINT64, 1n, 0n, 1n, MAX_UINT64, MAX_UINT64],
    ['excess=0, current>>target, 10 seconds', MAX_UINT32, 0n, 0n, 10n, 1_948_429_840_780_833_612n, MAX_UINT32 * 10n],
  ])('avalanchego vector: %s', (_, active, excess, target, seconds, cost, excessAfter) => {
    expect(l1ValidatorFeeCost(testConfig(target), { active, excess }, seconds)).toBe(cost);
    expect(advanceL1ValidatorExcess({ active, excess }, target, seconds)).toBe(excessAfter);
  });
});

describe('l1ValidatorFeePrice()', () => {
  test('rule: the minimum price at zero excess', () => {
    expect(l1ValidatorFeePrice(L1_VALIDATOR_FEES.mainnet, 0n)).toBe(512n);
  });

  test('rule: the price doubles after a day of full excess on mainnet (e^ln2, rounded down by the series)', () => {
    // 10,000 excess validators for a day is K × ln 2: the price is 2 × 512 less the series' rounding.
    const price = l1ValidatorFeePrice(L1_VALIDATOR_FEES.mainnet, 10_000n * DAY);
    expect(price).toBeGreaterThanOrEqual(1_023n);
    expect(price).toBeLessThanOrEqual(1_024n);
  });
});

describe('advanceL1ValidatorFees()', () => {
  test('rule: below the target with no excess, every second accrues the minimum price', () => {
    const state = advanceL1ValidatorFees(L1_VALIDATOR_FEES.fuji, { accruedFees: 1_000n, excess: 0n, active: 3n }, 100n);
    expect(state).toEqual({ accruedFees: 1_000n + 512n * 100n, excess: 0n, active: 3n });
  });

  test("rule: accrued fees saturate at 2^64 − 1 as the node's uint64", () => {
    const state = advanceL1ValidatorFees(
      L1_VALIDATOR_FEES.fuji,
      { accruedFees: MAX_UINT64 - 10n, excess: 0n, active: 0n },
      1n,
    );
    expect(state.accruedFees).toBe(MAX_UINT64);
  });
});

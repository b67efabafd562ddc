import { potentialReward, STAKING_PARAMETERS, type RewardConfig } from '../../domain';

const AVAX = 1_000_000_000n;
const DAY = 86_400;
const YEAR = 365 * DAY;
const mainnet = STAKING_PARAMETERS.mainnet.reward;

describe('potentialReward()', () => {
  // Expected amounts: the test vectors of avalanchego's reward calculator (vms/platformvm/reward,
  // TestRewards), computed by the node's own implementation with 10 %–12 % and a 720M AVAX cap.
  test.each([
    ['a year, 1M AVAX of 360M', YEAR, 1_000_000n * AVAX, 360_000_000n * AVAX, 120_000n * AVAX],
    ['a year, 1M AVAX of 400M', YEAR, 1_000_000n * AVAX, 400_000_000n * AVAX, 96_000n * AVAX],
    ['a year, 2M AVAX of 400M', YEAR, 2_000_000n * AVAX, 400_000_000n * AVAX, 192_000n * AVAX],
    ['a year at the supply cap', YEAR, 1_000_000n * AVAX, 720_000_000n * AVAX, 0n],
    ['a day, 1M AVAX of 360M', DAY, 1_000_000n * AVAX, 360_000_000n * AVAX, 274_122_724_713n],
    ['a day, 5 milliAVAX of 360M', DAY, 5_000_000n, 360_000_000n * AVAX, 1_370n],
    ['a day, 1M AVAX of 400M', DAY, 1_000_000n * AVAX, 400_000_000n * AVAX, 219_298_179_771n],
    ['a day, 2M AVAX of 400M', DAY, 2_000_000n * AVAX, 400_000_000n * AVAX, 438_596_359_542n],
    ['a day at the supply cap', DAY, 1_000_000n * AVAX, 720_000_000n * AVAX, 0n],
  ])('avalanchego vector: %s', (_, duration, stakedAmount, currentSupply, expected) => {
    expect(potentialReward({ stakedAmount, stakedDuration: duration, currentSupply }, mainnet)).toBe(expected);
  });

  test('behavior: the reward never exceeds what remains below the supply cap', () => {
    // avalanchego TestRewardsMint: cap 1000, supply 1, everything minted at once.
    const config: RewardConfig = {
      maxConsumptionRate: 1_000_000n,
      minConsumptionRate: 1_000_000n,
      mintingPeriod: BigInt(DAY),
      supplyCap: 1_000n,
    };
    expect(potentialReward({ stakedAmount: 1_000n, stakedDuration: DAY, currentSupply: 1n }, config)).toBe(999n);
  });

  test('behavior: a result beyond 64 bits is the remaining supply, as the node returns it', () => {
    // avalanchego TestRewardsOverflow: cap 2^64 − 1, supply 1.
    const cap = (1n << 64n) - 1n;
    const config: RewardConfig = {
      maxConsumptionRate: 1_000_000n,
      minConsumptionRate: 1_000_000n,
      mintingPeriod: BigInt(DAY),
      supplyCap: cap,
    };
    expect(potentialReward({ stakedAmount: cap, stakedDuration: DAY, currentSupply: 1n }, config)).toBe(cap - 1n);
  });

  test('behavior: longer stakes earn a higher rate than restaking short ones', () => {
    const supply = 400_000_000n * AVAX;
    const long = potentialReward({ stakedAmount: 2_000n * AVAX, stakedDuration: YEAR, currentSupply: supply }, mainnet);
    const short = potentialReward(
      { stakedAmount: 2_000n * AVAX, stakedDuration: 14 * DAY, currentSupply: supply },
      mainnet,
    );
    expect(long * 14n).toBeGreaterThan(short * 365n);
  });
});

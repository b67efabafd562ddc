import { STAKING_PARAMETERS } from '../../domain';

const AVAX = 1_000_000_000n;

describe('STAKING_PARAMETERS', () => {
  // Values of avalanchego's genesis parameters (genesis_mainnet.go, genesis_fuji.go).
  test('mainnet: 2,000 AVAX to validate, 25 AVAX to delegate, 2 weeks to a year, 2 % minimum fee', () => {
    expect(STAKING_PARAMETERS.mainnet).toMatchObject({
      minValidatorStake: 2_000n * AVAX,
      maxValidatorStake: 3_000_000n * AVAX,
      minDelegatorStake: 25n * AVAX,
      minDelegationFee: 20_000,
      minStakeDuration: 14 * 86_400,
      maxStakeDuration: 365 * 86_400,
      maxValidatorWeightFactor: 5n,
    });
  });

  test('fuji: 1 AVAX to validate or delegate, a day to a year', () => {
    expect(STAKING_PARAMETERS.fuji).toMatchObject({
      minValidatorStake: 1n * AVAX,
      maxValidatorStake: 3_000_000n * AVAX,
      minDelegatorStake: 1n * AVAX,
      minStakeDuration: 86_400,
      maxStakeDuration: 365 * 86_400,
    });
  });

  test('rewards: 10 % to 12 % a year of the remaining supply, capped at 720M AVAX, on both networks', () => {
    for (const network of ['mainnet', 'fuji'] as const) {
      expect(STAKING_PARAMETERS[network].reward).toEqual({
        minConsumptionRate: 100_000n,
        maxConsumptionRate: 120_000n,
        mintingPeriod: 31_536_000n,
        supplyCap: 720_000_000n * AVAX,
      });
    }
  });
});

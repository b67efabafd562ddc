import { delegationCapacity, maxValidatorWeight, STAKING_PARAMETERS } from '../../domain';

const AVAX = 1_000_000_000n;
const mainnet = STAKING_PARAMETERS.mainnet;

describe('maxValidatorWeight()', () => {
  test('five times the own stake, at most 3M AVAX', () => {
    expect(maxValidatorWeight(2_000n * AVAX, mainnet)).toBe(10_000n * AVAX);
    expect(maxValidatorWeight(600_000n * AVAX, mainnet)).toBe(3_000_000n * AVAX);
    expect(maxValidatorWeight(1_000_000n * AVAX, mainnet)).toBe(3_000_000n * AVAX);
  });
});

describe('delegationCapacity()', () => {
  test('max weight − own stake − delegated while active or pending', () => {
    expect(
      delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 500n * AVAX, status: 'active' }, mainnet),
    ).toBe(7_500n * AVAX);
    expect(
      delegationCapacity({ amountStaked: 1_000_000n * AVAX, amountDelegated: 0n, status: 'pending' }, mainnet),
    ).toBe(2_000_000n * AVAX);
  });

  test('never below 0 when the validator is full', () => {
    expect(
      delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 8_000n * AVAX, status: 'active' }, mainnet),
    ).toBe(0n);
    expect(
      delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 9_000n * AVAX, status: 'active' }, mainnet),
    ).toBe(0n);
  });

  test('0 once completed or removed', () => {
    expect(delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 0n, status: 'completed' }, mainnet)).toBe(
      0n,
    );
    expect(delegationCapacity({ amountStaked: 2_000n * AVAX, amountDelegated: 0n, status: 'removed' }, mainnet)).toBe(
      0n,
    );
  });
});

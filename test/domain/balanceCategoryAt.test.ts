import { balanceCategoryAt, BALANCE_CATEGORIES, type UtxoBalanceFields } from '../../domain';

const T = 1_000_000n;
const base: UtxoBalanceFields = {
  blockTimestamp: T - 100n,
  consumingBlockTimestamp: null,
  sharedWithChainId: null,
  platformLocktime: 0n,
  stakeableLocktime: 0n,
  staked: false,
  utxoStartTimestamp: null,
  utxoEndTimestamp: null,
};
const staked = { ...base, staked: true, utxoStartTimestamp: T - 50n, utxoEndTimestamp: T + 50n };

describe('balanceCategoryAt()', () => {
  test('one UTXO per category of spec 2.6', () => {
    const cases: [string, UtxoBalanceFields][] = [
      ['unlockedUnstaked', base],
      ['unlockedStaked', staked],
      ['lockedPlatform', { ...base, platformLocktime: T + 1n }],
      ['lockedStakeable', { ...base, stakeableLocktime: T + 1n }],
      ['lockedStaked', { ...staked, stakeableLocktime: T + 1n }],
      ['pendingStaked', { ...staked, utxoStartTimestamp: T + 1n }],
      ['atomicMemoryUnlocked', { ...base, sharedWithChainId: 'X' }],
      ['atomicMemoryLocked', { ...base, sharedWithChainId: 'X', platformLocktime: T + 1n }],
    ];
    expect(cases.map(([, utxo]) => balanceCategoryAt(utxo, T))).toEqual(cases.map(([category]) => category));
    expect(cases.map(([category]) => category)).toEqual([...BALANCE_CATEGORIES]);
  });

  test('null before its creation and from its consumption on', () => {
    expect(balanceCategoryAt({ ...base, blockTimestamp: T + 1n }, T)).toBeNull();
    expect(balanceCategoryAt({ ...base, blockTimestamp: T }, T)).toBe('unlockedUnstaked');
    expect(balanceCategoryAt({ ...base, consumingBlockTimestamp: T }, T)).toBeNull();
    expect(balanceCategoryAt({ ...base, consumingBlockTimestamp: T + 1n }, T)).toBe('unlockedUnstaked');
  });

  test('locks end at their locktime: locked while the locktime is after T', () => {
    expect(balanceCategoryAt({ ...base, platformLocktime: T }, T)).toBe('unlockedUnstaked');
    expect(balanceCategoryAt({ ...base, stakeableLocktime: T }, T)).toBe('unlockedUnstaked');
    expect(balanceCategoryAt({ ...base, sharedWithChainId: 'X', platformLocktime: T }, T)).toBe('atomicMemoryUnlocked');
  });

  test('behavior: a stake counts as staked from its start until its end, then as what it returns to', () => {
    expect(balanceCategoryAt({ ...staked, utxoStartTimestamp: T }, T)).toBe('unlockedStaked');
    expect(balanceCategoryAt({ ...staked, utxoEndTimestamp: T }, T)).toBe('unlockedUnstaked');
    expect(balanceCategoryAt({ ...staked, utxoEndTimestamp: T, stakeableLocktime: T + 10n }, T)).toBe(
      'lockedStakeable',
    );
    expect(balanceCategoryAt({ ...staked, utxoEndTimestamp: T, platformLocktime: T + 10n }, T)).toBe('lockedPlatform');
  });

  test('behavior: a staked output without a period is not staked (as NULL compares in SQL)', () => {
    expect(balanceCategoryAt({ ...base, staked: true }, T)).toBe('unlockedUnstaked');
  });
});

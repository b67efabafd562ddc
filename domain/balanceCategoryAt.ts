// The balance category of spec 2.6 that a UTXO counts in at a time T (4.6 `blockTimestamp`, or now).
//
// Only UTXOs that exist at T count: created at or before T (blockTimestamp <= T) and not consumed
// by then (consumingBlockTimestamp null or > T). Then, first match wins:
//   atomicMemoryLocked    in shared memory (sharedWithChainId set) and platformLocktime > T
//   atomicMemoryUnlocked  in shared memory
//   pendingStaked         staked and T < utxoStartTimestamp
//   lockedStaked          staked and T < utxoEndTimestamp and stakeableLocktime > T
//   unlockedStaked        staked and T < utxoEndTimestamp
//   lockedPlatform        platformLocktime > T
//   lockedStakeable       stakeableLocktime > T
//   unlockedUnstaked      everything else
// A staked output whose period is over is back in the UTXO set as the output it was: unlocked, or
// still stakeable-locked (lockedStakeable) when its stakeable.LockOut locktime is in the future.
// A missing start or end time never matches (as NULL never compares true in SQL).
import type { Timestamp } from './validationStatusAt';

/** The eight `balances` members of spec 2.6. */
export type BalanceCategory =
  | 'unlockedUnstaked'
  | 'unlockedStaked'
  | 'lockedPlatform'
  | 'lockedStakeable'
  | 'lockedStaked'
  | 'pendingStaked'
  | 'atomicMemoryUnlocked'
  | 'atomicMemoryLocked';

/** Every {@link BalanceCategory}, in the order of spec 2.6. */
export const BALANCE_CATEGORIES: readonly BalanceCategory[] = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
];

/** The Utxo columns the rule reads (Prisma field names). */
export type UtxoBalanceFields = {
  blockTimestamp: Timestamp;
  consumingBlockTimestamp: Timestamp | null;
  sharedWithChainId: string | null;
  platformLocktime: Timestamp;
  stakeableLocktime: Timestamp;
  staked: boolean;
  utxoStartTimestamp: Timestamp | null;
  utxoEndTimestamp: Timestamp | null;
};

/**
 * The category a UTXO's amount counts in at `at`, or null when the UTXO does not exist then (not yet
 * created, or already consumed). `balanceCategorySql` is the same rule as an SQL expression.
 * @param utxo the UTXO's times, locks and staking fields
 * @param at the instant of the balance, Unix seconds
 * @returns the category, or null
 * @example
 * balanceCategoryAt({ blockTimestamp: 10n, consumingBlockTimestamp: null, sharedWithChainId: null, platformLocktime: 0n,
 *   stakeableLocktime: 500n, staked: false, utxoStartTimestamp: null, utxoEndTimestamp: null }, 100) // 'lockedStakeable'
 */
export function balanceCategoryAt(utxo: UtxoBalanceFields, at: Timestamp): BalanceCategory | null {
  const t = BigInt(at);
  if (BigInt(utxo.blockTimestamp) > t) return null;
  if (utxo.consumingBlockTimestamp !== null && BigInt(utxo.consumingBlockTimestamp) <= t) return null;
  const platformLocked = BigInt(utxo.platformLocktime) > t;
  if (utxo.sharedWithChainId !== null) return platformLocked ? 'atomicMemoryLocked' : 'atomicMemoryUnlocked';
  const stakeableLocked = BigInt(utxo.stakeableLocktime) > t;
  if (utxo.staked) {
    if (utxo.utxoStartTimestamp !== null && t < BigInt(utxo.utxoStartTimestamp)) return 'pendingStaked';
    if (utxo.utxoEndTimestamp !== null && t < BigInt(utxo.utxoEndTimestamp))
      return stakeableLocked ? 'lockedStaked' : 'unlockedStaked';
  }
  if (platformLocked) return 'lockedPlatform';
  if (stakeableLocked) return 'lockedStakeable';
  return 'unlockedUnstaked';
}

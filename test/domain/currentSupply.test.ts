import { cb58Encode } from '../../avalanche/cb58';
import {
  PENDING_PRIORITY,
  potentialReward,
  promotePendingStakers,
  rewardRefused,
  stakerEntersCurrentSet,
  STAKING_PARAMETERS,
  type SupplyStaker,
} from '../../domain';

const AVAX = 1_000_000_000n;
const DAY = 86_400n;
const fuji = STAKING_PARAMETERS.fuji.reward;
const SUPPLY = 400_000_000n * AVAX;
/** A transaction ID whose bytes are all `byte`. */
const txId = (byte: number) => cb58Encode(new Uint8Array(32).fill(byte));
const staker = (byte: number, type: keyof typeof PENDING_PRIORITY, start: bigint): SupplyStaker => ({
  txId: txId(byte),
  weight: 2_000n * AVAX,
  start,
  end: start + 30n * DAY,
  priority: PENDING_PRIORITY[type]!,
});

describe('stakerEntersCurrentSet()', () => {
  test("the supply grows by the staker's potential reward, computed on the supply before it", () => {
    const reward = potentialReward(
      { stakedAmount: 2_000n * AVAX, stakedDuration: 30n * DAY, currentSupply: SUPPLY },
      fuji,
    );
    expect(stakerEntersCurrentSet(SUPPLY, { weight: 2_000n * AVAX, start: 0n, end: 30n * DAY }, fuji)).toEqual({
      supply: SUPPLY + reward,
      potentialReward: reward,
    });
  });
});

describe('promotePendingStakers()', () => {
  test('order (avalanchego Staker.Less): start time, then Apricot delegators, validators, Banff delegators, then transaction ID bytes', () => {
    const pending = [
      staker(0x01, 'AddPermissionlessDelegatorTx', 100n),
      staker(0x09, 'AddValidatorTx', 100n),
      staker(0x02, 'AddPermissionlessValidatorTx', 100n),
      staker(0x03, 'AddDelegatorTx', 100n),
      staker(0x00, 'AddValidatorTx', 50n),
    ];
    const { entered } = promotePendingStakers(SUPPLY, pending, 100n, fuji);
    expect(entered.map((e) => e.staker.txId)).toEqual([txId(0x00), txId(0x03), txId(0x02), txId(0x09), txId(0x01)]);
  });

  test('each reward is computed on the supply the stakers before it left; stakers starting later keep waiting', () => {
    const first = staker(0x01, 'AddValidatorTx', 100n);
    const second = staker(0x02, 'AddValidatorTx', 100n);
    const later = staker(0x03, 'AddValidatorTx', 101n);
    const { supply, entered, waiting } = promotePendingStakers(SUPPLY, [later, second, first], 100n, fuji);
    const r1 = potentialReward(
      { stakedAmount: first.weight, stakedDuration: first.end - first.start, currentSupply: SUPPLY },
      fuji,
    );
    const r2 = potentialReward(
      { stakedAmount: second.weight, stakedDuration: second.end - second.start, currentSupply: SUPPLY + r1 },
      fuji,
    );
    expect(entered.map((e) => e.potentialReward)).toEqual([r1, r2]);
    expect(supply).toBe(SUPPLY + r1 + r2);
    expect(waiting).toEqual([later]);
  });
});

describe('rewardRefused()', () => {
  test("an unrewarded staker's potential reward comes off the supply", () => {
    expect(rewardRefused(SUPPLY + 7n, 7n)).toBe(SUPPLY);
  });
});

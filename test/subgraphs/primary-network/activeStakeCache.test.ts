import { Prisma } from '../../../prisma/generated/client';
import {
  ACTIVE_STAKE_CACHE_TTL_MS,
  createActiveStakeCache,
} from '../../../subgraphs/primary-network/loaders/activeStakeOfSubnets';

const key = (at: number, subnetId = 'S') => ({ network: 'MAINNET' as const, subnetId, at });

describe('createActiveStakeCache()', () => {
  let wall = 0;
  const cache = () => createActiveStakeCache(() => wall);
  beforeEach(() => {
    wall = 1_000_000;
  });

  it("serves a subnet's stake at every instant from the one it was read at until its next change", () => {
    const stakes = cache();
    stakes.set(key(100), new Prisma.Decimal(42), 160);
    expect([key(100), key(159), key(99), key(160)].map((k) => stakes.get(k)?.toNumber())).toEqual([
      42,
      42,
      undefined,
      undefined,
    ]);
  });

  it('holds a subnet without a next change for every later instant', () => {
    const stakes = cache();
    stakes.set(key(100), new Prisma.Decimal(7), null);
    expect(stakes.get(key(10_000_000))?.toNumber()).toBe(7);
  });

  it(`forgets after ${ACTIVE_STAKE_CACHE_TTL_MS} ms: the index may have written since`, () => {
    const stakes = cache();
    stakes.set(key(100), new Prisma.Decimal(42), null);
    wall += ACTIVE_STAKE_CACHE_TTL_MS - 1;
    expect(stakes.get(key(100))?.toNumber()).toBe(42);
    wall += 1;
    expect(stakes.get(key(100))).toBeUndefined();
  });

  it('keeps each subnet apart', () => {
    const stakes = cache();
    stakes.set(key(100, 'A'), new Prisma.Decimal(1), null);
    expect(stakes.get(key(100, 'B'))).toBeUndefined();
  });
});

import { Prisma, type PrismaClient } from '../../../prisma/generated/client';
import {
  ACTIVE_STAKE_CACHE_TTL_MS,
  createActiveStakeCache,
  loadActiveStakeOfSubnets,
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

describe('loadActiveStakeOfSubnets()', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a cached subnet even when its entry goes stale while another subnet is read', async () => {
    let wall = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => wall);
    const totals: Record<string, number> = { A: 30, B: 70 };
    const reads: string[][] = [];
    const prisma = {
      // The statement's third value is the subnet list; a slow read of B outlives A's entry.
      $queryRaw: async (sql: Prisma.Sql) => {
        const subnetIds = sql.values.find(Array.isArray) as string[];
        reads.push(subnetIds);
        wall += ACTIVE_STAKE_CACHE_TTL_MS;
        return subnetIds.map((subnetId) => ({
          subnetId,
          total: new Prisma.Decimal(totals[subnetId]!),
          nextChange: null,
        }));
      },
    } as unknown as PrismaClient;

    await loadActiveStakeOfSubnets(prisma, [key(100, 'A')]);
    wall += ACTIVE_STAKE_CACHE_TTL_MS - 1;
    const answers = await loadActiveStakeOfSubnets(prisma, [key(100, 'A'), key(100, 'B')]);
    expect({ reads, answers: answers.map((total) => total.toNumber()) }).toEqual({
      reads: [['A'], ['B']],
      answers: [30, 70],
    });
  });
});

// The four L1 validator fee operations against a block-by-block recount (each block charges its
// active validations, run-outs up to their end, before its transactions start or stop periods) on
// a small history of mainnet and Fuji: day edges, days without blocks, the network lookup, ranges
// and the 4xx answers.
import { cb58Encode } from '../../../avalanche/cb58';
import type { Database } from '../../../prisma/database';
import { writeBlock } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import {
  bruteForceDailyFees,
  DAY,
  type DailyFees,
  type L1FeeRaw,
  type Point,
  readL1FeeRaw,
  seriesOf,
} from './fixtures/bruteForceL1Fees';
import { accruedAt, at, DAY0, L1A, L1B, L1F, l1FeeWrites, NODE, NOW, PLAIN, V } from './fixtures/l1FeeFixture';

let db: Database;
let service: TestService;
const raw: Record<'mainnet' | 'fuji', L1FeeRaw> = {} as never;
const daily: Record<'mainnet' | 'fuji', DailyFees> = {} as never;

/** The points of a path, which must answer 200 without a next page. */
async function points(path: string): Promise<Point[]> {
  const { status, body } = await service.request(path);
  expect({ status, nextPageToken: body.nextPageToken }).toEqual({ status: 200, nextPageToken: undefined });
  return body.results;
}
const errorOf = async (path: string) => {
  const { status, body } = await service.request(path);
  return { status, error: body.error };
};
const of = (network: 'mainnet' | 'fuji', field: 'validationId' | 'nodeId' | 'subnetId', value: string) => {
  const ids = new Set(raw[network].events.filter((e) => e[field] === value).map((e) => e.validationId));
  return (validationId: string) => ids.has(validationId);
};
const all = () => true;
const day = (n: number) => DAY0 + n * DAY;

beforeAll(async () => {
  db = await setupTestDatabase();
  for (const write of l1FeeWrites()) await writeBlock(db, write);
  // Writing a stored block again changes nothing.
  await writeBlock(db, l1FeeWrites()[1]!);
  for (const network of ['mainnet', 'fuji'] as const) {
    raw[network] = await readL1FeeRaw(db, network);
    daily[network] = bruteForceDailyFees(raw[network]);
  }
  service = await startTestService(db, { clock: () => NOW });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/validators/metrics/{metric} (getTotalL1ValidatorMetrics)', () => {
  it.each([
    { metric: 'totalValidatorFeesDaily', value: 'daily' },
    { metric: 'totalCumulativeFeesDaily', value: 'cumulative' },
    { metric: 'totalPayingValidatorsDaily', value: 'paying' },
  ] as const)(
    "$metric is mainnet's recount of every validation, every day from the first paying day to today",
    async ({ metric, value }) => {
      const expected = seriesOf(daily.mainnet, all, value, NOW);
      expect(expected.map((p) => p.timestamp)).toEqual(Array.from({ length: 19 }, (_, i) => day(19 - i)));
      expect(await points(`/v2/validators/metrics/${metric}`)).toEqual(expected);
    },
  );

  it("the cumulative fees are the running fees total of each day's last block", async () => {
    const totals = await db.query<{ day: bigint; total: string }>(
      `SELECT DISTINCT ON (block_timestamp / 86400) block_timestamp - block_timestamp % 86400 AS day, l1_validator_fees_total::text AS total
       FROM primary_network_block WHERE network = 'mainnet' ORDER BY block_timestamp / 86400, block_number DESC`,
    );
    const cumulative = new Map(
      (await points('/v2/validators/metrics/totalCumulativeFeesDaily')).map((p) => [p.timestamp, p.value]),
    );
    for (const { day: d, total } of totals.filter((t) => Number(t.day) >= day(1)))
      expect({ day: Number(d), value: cumulative.get(Number(d)) }).toEqual({ day: Number(d), value: Number(total) });
  });

  it('days without blocks are zero points: their fees are charged by the next block', async () => {
    const byDay = new Map(
      (await points('/v2/validators/metrics/totalValidatorFeesDaily')).map((p) => [p.timestamp, p.value]),
    );
    const paying = new Map(
      (await points('/v2/validators/metrics/totalPayingValidatorsDaily')).map((p) => [p.timestamp, p.value]),
    );
    expect([byDay.get(day(14)), byDay.get(day(15)), paying.get(day(14)), paying.get(day(15))]).toEqual([0, 0, 0, 0]);
    // Day 16's blocks charge v1, v4 and v6 since day 13's last block.
    expect(byDay.get(day(16))).toBe(Number(3n * (accruedAt(at(16, 50_000)) - accruedAt(at(13, 50_000)))));
  });

  it('startTimestamp and endTimestamp bound the points inclusively; a start inside a day starts at the next day', async () => {
    const every = await points('/v2/validators/metrics/totalValidatorFeesDaily');
    const range = await points(
      `/v2/validators/metrics/totalValidatorFeesDaily?startTimestamp=${day(4) + 1}&endTimestamp=${day(9)}`,
    );
    expect(range).toEqual(every.filter((p) => p.timestamp >= day(5) && p.timestamp <= day(9)));
    // The running total still counts from the first day.
    const cumulative = await points(`/v2/validators/metrics/totalCumulativeFeesDaily?startTimestamp=${day(9)}`);
    expect(cumulative.at(-1)).toEqual(
      seriesOf(daily.mainnet, all, 'cumulative', NOW).find((p) => p.timestamp === day(9)),
    );
  });

  it('error: a start after the end is a 400; an unknown metric is a 400', async () => {
    expect(
      await errorOf(`/v2/validators/metrics/totalValidatorFeesDaily?startTimestamp=${day(5)}&endTimestamp=${day(4)}`),
    ).toEqual({ status: 400, error: 'Bad Request' });
    expect((await errorOf('/v2/validators/metrics/validationFeesDaily')).status).toBe(400);
  });
});

describe('GET /v2/validation/{l1ValidationId}/metrics/{metric} (getMetricsByValidationId)', () => {
  it.each(
    (['v1', 'v2', 'v3', 'v4', 'v6'] as const).flatMap((v) =>
      (
        [
          ['validationFeesDaily', 'daily'],
          ['validationCumulativeFeesDaily', 'cumulative'],
        ] as const
      ).map(([metric, value]) => ({ v, metric, value })),
    ),
  )('$metric of $v equals the recount', async ({ v, metric, value }) => {
    expect(await points(`/v2/validation/${V[v]}/metrics/${metric}`)).toEqual(
      seriesOf(daily.mainnet, of('mainnet', 'validationId', V[v]), value, NOW),
    );
  });

  it('a period from the block at 00:00 of day 3 to the block at 00:00 of day 10 pays on days 3 to 10: that block charges the time since day 9', async () => {
    const fees = new Map(
      (await points(`/v2/validation/${V.v3}/metrics/validationFeesDaily`)).map((p) => [p.timestamp, p.value]),
    );
    expect(Math.min(...fees.keys())).toBe(day(3));
    expect(fees.get(day(3))).toBe(Number(accruedAt(at(3, 50_000)) - accruedAt(at(3, 0))));
    expect(fees.get(day(10))).toBe(Number(accruedAt(at(10, 0)) - accruedAt(at(9, 50_000))));
    expect(fees.get(day(11))).toBe(0);
  });

  it('a validation registered by the block at 23:59:59 first pays the next day', async () => {
    const fees = await points(`/v2/validation/${V.v4}/metrics/validationFeesDaily`);
    expect(fees.at(-1)).toEqual({
      timestamp: day(7),
      value: Number(accruedAt(at(7, 50_000)) - accruedAt(at(6, DAY - 1))),
    });
  });

  it('a run-out pays up to its end; nothing until a top-up starts a new period', async () => {
    const fees = new Map(
      (await points(`/v2/validation/${V.v2}/metrics/validationFeesDaily`)).map((p) => [p.timestamp, p.value]),
    );
    const end = accruedAt(at(5, 7_200)) + (accruedAt(at(5, 50_000)) - accruedAt(at(5, 7_200))) / 2n;
    expect(fees.get(day(5))).toBe(Number(end - accruedAt(at(4, 50_000))));
    expect([fees.get(day(6)), fees.get(day(7))]).toEqual([0, 0]);
    expect(fees.get(day(8))).toBe(Number(accruedAt(at(8, 50_000)) - accruedAt(at(8, 7_200))));
  });

  it("a validation of Fuji is Fuji's series", async () => {
    expect(await points(`/v2/validation/${V.w2}/metrics/validationFeesDaily`)).toEqual(
      seriesOf(daily.fuji, of('fuji', 'validationId', V.w2), 'daily', NOW),
    );
  });

  it('error: an unknown validation ID or one that is no L1 validation is a 404; a malformed ID a 400', async () => {
    const unknown = cb58Encode(new Uint8Array(32).fill(0x77));
    expect((await errorOf(`/v2/validation/${V.pv}/metrics/validationFeesDaily`)).status).toBe(404);
    expect(await errorOf(`/v2/validation/${unknown}/metrics/validationFeesDaily`)).toEqual({
      status: 404,
      error: 'Not Found',
    });
    expect(await errorOf(`/v2/validation/${V.pv.slice(0, 40)}/metrics/validationFeesDaily`)).toEqual({
      status: 400,
      error: 'Bad Request',
    });
  });
});

describe('GET /v2/validator/{nodeId}/metrics/{metric} (getMetricsByNodeId)', () => {
  it.each([
    ['perNodeDailyFeesPaid', 'daily'],
    ['perNodeCumulativeFeesPaid', 'cumulative'],
  ] as const)(
    '%s of a node with L1 validations on mainnet and Fuji is the recount of its mainnet validations',
    async (metric, value) => {
      const expected = seriesOf(daily.mainnet, of('mainnet', 'nodeId', NODE.N1), value, NOW);
      expect(expected.length).toBeGreaterThan(15);
      expect(await points(`/v2/validator/${NODE.N1}/metrics/${metric}`)).toEqual(expected);
    },
  );

  it("a node of Fuji only is Fuji's series", async () => {
    const expected = seriesOf(daily.fuji, of('fuji', 'nodeId', NODE.N4), 'cumulative', NOW);
    expect(expected.at(-1)?.timestamp).toBe(day(5));
    expect(await points(`/v2/validator/${NODE.N4}/metrics/perNodeCumulativeFeesPaid`)).toEqual(expected);
  });

  it('error: a node without L1 validations is a 404; a malformed node ID a 400', async () => {
    expect(await errorOf(`/v2/validator/${NODE.N9}/metrics/perNodeDailyFeesPaid`)).toEqual({
      status: 404,
      error: 'Not Found',
    });
    expect((await errorOf('/v2/validator/NodeID-0OIl/metrics/perNodeDailyFeesPaid')).status).toBe(400);
    expect((await errorOf(`/v2/validator/${NODE.N1.slice(7)}/metrics/perNodeDailyFeesPaid`)).status).toBe(400);
  });
});

describe('GET /v2/subnet/{subnetId}/metrics/{metric} (getMetricsBySubnetId)', () => {
  it.each(
    [L1A, L1B].flatMap((subnet) =>
      (
        [
          ['perSubnetDailyFeesPaid', 'daily'],
          ['perSubnetCumulativeFeesPaid', 'cumulative'],
          ['perSubnetPayingValidators', 'paying'],
        ] as const
      ).map(([metric, value]) => ({ subnet, metric, value, name: subnet === L1A ? 'L1A' : 'L1B' })),
    ),
  )('$metric of $name equals the recount', async ({ subnet, metric, value }) => {
    expect(await points(`/v2/subnet/${subnet}/metrics/${metric}`)).toEqual(
      seriesOf(daily.mainnet, of('mainnet', 'subnetId', subnet), value, NOW),
    );
  });

  it("the paying validators of a day are those that paid a positive fee that day: v6, started by day 12's last block, pays from day 13", async () => {
    const paying = new Map(
      (await points(`/v2/subnet/${L1A}/metrics/perSubnetPayingValidators`)).map((p) => [p.timestamp, p.value]),
    );
    // day 12: v1 and v2 (disabled by the day's last block); day 13: v1 and v6; days 14 and 15 have no blocks
    expect([12, 13, 14, 15, 16].map((d) => paying.get(day(d)))).toEqual([2, 2, 0, 0, 2]);
  });

  it("an L1 of Fuji is Fuji's series", async () => {
    expect(await points(`/v2/subnet/${L1F}/metrics/perSubnetDailyFeesPaid`)).toEqual(
      seriesOf(daily.fuji, of('fuji', 'subnetId', L1F), 'daily', NOW),
    );
  });

  it('a subnet that never was an L1 has no points', async () => {
    expect(await points(`/v2/subnet/${PLAIN}/metrics/perSubnetDailyFeesPaid`)).toEqual([]);
  });

  it('error: an unknown subnet is a 404, a malformed ID a 400, a start after the end a 400', async () => {
    expect((await errorOf(`/v2/subnet/${V.v1}/metrics/perSubnetDailyFeesPaid`)).status).toBe(404);
    expect((await errorOf('/v2/subnet/not-an-id/metrics/perSubnetDailyFeesPaid')).status).toBe(400);
    expect(
      (
        await errorOf(
          `/v2/subnet/${L1A}/metrics/perSubnetDailyFeesPaid?startTimestamp=${day(3)}&endTimestamp=${day(2)}`,
        )
      ).status,
    ).toBe(400);
  });
});

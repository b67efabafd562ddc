// getStakingMetrics against a brute-force recount from the raw rows (the validation status rule at
// each day's last second): on a small history written block by block through the write path, and
// on the demo data set; day edges, paging, the rebuild and the 4xx answers.
import { countStakingMetrics, rebuildMetrics } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { writeBlock } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { bruteForceStaking, DAY, readStakingRaw, STAKING_METRICS } from './fixtures/bruteForceStaking';
import {
  DAY0,
  EDGE_VALIDATION,
  L1,
  NOW,
  PRIMARY,
  stakingBlocks,
  stakingSubnets,
  SUBNET,
} from './fixtures/stakingFixture';

let db: Database;
let service: TestService;
const { writes } = stakingBlocks();

/** Every page of a series, walked with `pageSize`. */
async function series(path: string, pageSize = 2160): Promise<{ timestamp: number; value: number }[]> {
  const points: { timestamp: number; value: number }[] = [];
  let token: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await service.request(
      `${path}${sep}pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
    );
    expect(status).toBe(200);
    points.push(...body.results);
    token = body.nextPageToken;
  } while (token);
  return points;
}

/** The table's rows, all-zero rows left out (a row a change left at zero says nothing). */
const deltaRows = () =>
  db.query(
    `SELECT network::text, subnet_id, day, validator_count, validator_weight::text, delegator_count, delegator_weight::text
     FROM staking_metric_delta WHERE validator_count <> 0 OR validator_weight <> 0 OR delegator_count <> 0 OR delegator_weight <> 0
     ORDER BY 1, 2, 3`,
  );

beforeAll(async () => {
  db = await setupTestDatabase();
  await db.prisma.subnet.createMany({ data: stakingSubnets });
  for (const write of writes) await writeBlock(db, write, { beforeRows: countStakingMetrics });
  // Writing a stored block again changes nothing.
  await writeBlock(db, writes[5]!, { beforeRows: countStakingMetrics });
  // A refresh's uptime update is no change of the set.
  await writeBlock(
    db,
    {
      cursor: writes.at(-1)!.cursor,
      updates: [
        {
          model: 'Validator',
          where: { network: 'MAINNET', validationId: 'v0-0' },
          set: { uptimePercentage: '99.5000' },
        },
      ],
    },
    { beforeRows: countStakingMetrics },
  );
  service = await startTestService(db, { clock: () => NOW });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/networks/{network}/metrics/{metric} (getStakingMetrics)', () => {
  describe('values on a history written through the write path', () => {
    it('the history has removals, delegations and points for every day from the first start to today', async () => {
      const raw = await readStakingRaw(db, 'mainnet', SUBNET);
      expect(raw.validators.filter((v) => v.removed !== null).length).toBeGreaterThanOrEqual(7);
      expect((await readStakingRaw(db, 'mainnet', PRIMARY)).delegations.length).toBeGreaterThan(10);
      expect(bruteForceStaking(raw, 'validatorCount', NOW)).toHaveLength(41);
    });

    it.each(
      STAKING_METRICS.flatMap((metric) =>
        [
          { name: 'the primary network', subnet: PRIMARY },
          { name: 'a permissioned subnet', subnet: SUBNET },
        ].map((s) => ({ metric, ...s })),
      ),
    )('$metric of $name equals the brute-force recount, point by point', async ({ metric, subnet }) => {
      const raw = await readStakingRaw(db, 'mainnet', subnet);
      expect(await series(`/v2/networks/mainnet/metrics/${metric}?subnetId=${subnet}`)).toEqual(
        bruteForceStaking(raw, metric, NOW),
      );
    });

    it('the primary network is the default subnet', async () => {
      expect(await series('/v2/networks/mainnet/metrics/validatorWeight')).toEqual(
        await series(`/v2/networks/mainnet/metrics/validatorWeight?subnetId=${PRIMARY}`),
      );
    });

    it("an L1's validations are counted", async () => {
      const raw = await readStakingRaw(db, 'mainnet', L1);
      const points = await series(`/v2/networks/mainnet/metrics/validatorCount?subnetId=${L1}`);
      expect(points).toEqual(bruteForceStaking(raw, 'validatorCount', NOW));
      expect(points[0]).toEqual({ timestamp: NOW - (NOW % DAY), value: 1 });
    });

    it('a validation from 00:00 of day 10 to 00:00 of day 12 is in the points of days 10 and 11 only', async () => {
      const raw = await readStakingRaw(db, 'mainnet', SUBNET);
      const without = {
        ...raw,
        validators: raw.validators.filter(
          (v) => !(v.start === BigInt(DAY0 + 10 * DAY) && v.end === BigInt(DAY0 + 12 * DAY) && v.amount === 50n),
        ),
      };
      expect(without.validators).toHaveLength(raw.validators.length - 1);
      const all = new Map(bruteForceStaking(raw, 'validatorCount', NOW).map((p) => [p.timestamp, p.value]));
      const rest = new Map(bruteForceStaking(without, 'validatorCount', NOW).map((p) => [p.timestamp, p.value]));
      const served = new Map(
        (await series(`/v2/networks/mainnet/metrics/validatorCount?subnetId=${SUBNET}`)).map((p) => [
          p.timestamp,
          p.value,
        ]),
      );
      const days = [9, 10, 11, 12].map((d) => DAY0 + d * DAY);
      expect(days.map((d) => served.get(d)! - rest.get(d)!)).toEqual([0, 1, 1, 0]);
      expect(days.map((d) => all.get(d)! - rest.get(d)!)).toEqual([0, 1, 1, 0]);
      expect(EDGE_VALIDATION).toBe('edgeValidation');
    });

    it('startTimestamp and endTimestamp bound the days (a day is in when its 00:00 is)', async () => {
      const raw = await readStakingRaw(db, 'mainnet', PRIMARY);
      const start = DAY0 + 5 * DAY + 1;
      const end = DAY0 + 20 * DAY;
      const points = await series(
        `/v2/networks/mainnet/metrics/validatorCount?startTimestamp=${start}&endTimestamp=${end}`,
      );
      expect(points).toEqual(
        bruteForceStaking(raw, 'validatorCount', NOW).filter((p) => p.timestamp >= start && p.timestamp <= end),
      );
      expect(points.map((p) => p.timestamp)).toEqual(Array.from({ length: 15 }, (_, i) => end - i * DAY));
    });

    it('fuji has no points', async () => {
      await db.prisma.subnet.create({ data: { ...stakingSubnets[0]!, network: 'FUJI' } });
      expect(await series('/v2/networks/fuji/metrics/validatorCount')).toEqual([]);
    });
  });

  describe('paging', () => {
    it('pages of 7 walk the whole series newest first, without gaps or repeats', async () => {
      const whole = await series('/v2/networks/mainnet/metrics/delegatorWeight');
      const paged = await series('/v2/networks/mainnet/metrics/delegatorWeight', 7);
      expect(paged).toEqual(whole);
      expect(whole.length).toBeGreaterThan(7);
    });

    it('pageSize defaults to 100 and may not exceed 2160', async () => {
      const { body } = await service.request('/v2/networks/mainnet/metrics/validatorCount');
      expect(body.results).toHaveLength(41);
      expect((await service.request('/v2/networks/mainnet/metrics/validatorCount?pageSize=2161')).status).toBe(400);
    });

    it("a page token of another metric's series is a 400", async () => {
      const { body } = await service.request('/v2/networks/mainnet/metrics/validatorCount?pageSize=2');
      const other = await service.request(
        `/v2/networks/mainnet/metrics/delegatorCount?pageSize=2&pageToken=${encodeURIComponent(body.nextPageToken)}`,
      );
      expect(other.status).toBe(400);
    });
  });

  describe('rebuild', () => {
    it('rebuildMetrics gives the rows the write path kept', async () => {
      const kept = await deltaRows();
      expect(kept.length).toBeGreaterThan(40);
      await rebuildMetrics(db);
      expect(await deltaRows()).toEqual(kept);
    });
  });

  describe('errors', () => {
    it.each([
      { label: 'an unknown metric', path: '/v2/networks/mainnet/metrics/stakerCount', status: 400 },
      { label: 'an unknown network', path: '/v2/networks/devnet/metrics/validatorCount', status: 400 },
      {
        label: 'a subnet ID that is no cb58 ID',
        path: '/v2/networks/mainnet/metrics/validatorCount?subnetId=nope',
        status: 400,
      },
      {
        label: 'a subnet not indexed',
        path: '/v2/networks/mainnet/metrics/validatorCount?subnetId=2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
        status: 404,
      },
      {
        label: 'startTimestamp after endTimestamp',
        path: '/v2/networks/mainnet/metrics/validatorCount?startTimestamp=10&endTimestamp=9',
        status: 400,
      },
      {
        label: 'a negative startTimestamp',
        path: '/v2/networks/mainnet/metrics/validatorCount?startTimestamp=-1',
        status: 400,
      },
      {
        label: "validatorWeight of an L1 (its weights' history is not kept)",
        path: `/v2/networks/mainnet/metrics/validatorWeight?subnetId=${L1}`,
        status: 400,
      },
    ])('$label is a $status with the error body', async ({ path, status }) => {
      const { status: got, body } = await service.request(path);
      expect({ status: got, statusCode: body.statusCode, message: typeof body.message }).toEqual({
        status,
        statusCode: status,
        message: 'string',
      });
    });
  });
});

// getStakingMetrics and getValidatorsByDateRange on the demo data set (what the service answers on
// first start), against the brute-force recount from its raw rows at the demo's own instant.
import { DEMO_NOW } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { bruteForceStaking, DAY, readStakingRaw, STAKING_METRICS } from './fixtures/bruteForceStaking';
import { bruteForceValidatorAddresses } from './fixtures/bruteForceValidatorAddresses';

const PRIMARY = '11111111111111111111111111111111LpoYY';

let db: Database;
let service: TestService;
/** A permissioned subnet of mainnet with the most validations. */
let subnet: string;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
  const [row] = await db.query<{ subnet_id: string }>(
    `SELECT v.subnet_id FROM validator v JOIN subnet s ON s.network = v.network AND s.subnet_id = v.subnet_id
     WHERE v.network = 'mainnet' AND NOT s.is_l1 AND v.subnet_id <> $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [PRIMARY],
  );
  subnet = row!.subnet_id;
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

describe('getStakingMetrics on the demo data', () => {
  const cases = STAKING_METRICS.flatMap((metric) =>
    ['mainnet', 'fuji'].map((network) => ({ metric, network, of: 'the primary network' })),
  );

  it.each(cases)('$metric of $of on $network equals the brute-force recount', async ({ metric, network }) => {
    const raw = await readStakingRaw(db, network, PRIMARY);
    const { status, body } = await service.request(`/v2/networks/${network}/metrics/${metric}?pageSize=2160`);
    expect({ status, nextPageToken: body.nextPageToken }).toEqual({ status: 200, nextPageToken: undefined });
    const expected = bruteForceStaking(raw, metric, DEMO_NOW);
    expect(expected.length).toBeGreaterThan(30);
    expect(expected.some((p) => p.value > 0)).toBe(true);
    expect(body.results).toEqual(expected);
  });

  it.each(['validatorCount', 'validatorWeight'] as const)(
    '%s of the busiest permissioned subnet equals the brute-force recount',
    async (metric) => {
      const raw = await readStakingRaw(db, 'mainnet', subnet);
      const { body } = await service.request(`/v2/networks/mainnet/metrics/${metric}?subnetId=${subnet}&pageSize=2160`);
      expect(body.results).toEqual(bruteForceStaking(raw, metric, DEMO_NOW));
    },
  );
});

describe('getValidatorsByDateRange on the demo data', () => {
  it.each([
    { label: "the demo's last week", start: DEMO_NOW - 7 * DAY, end: DEMO_NOW },
    { label: 'a day a year before', start: DEMO_NOW - 365 * DAY, end: DEMO_NOW - 364 * DAY },
  ])('$label of the primary network equals the brute-force selection', async ({ start, end }) => {
    const expected = await bruteForceValidatorAddresses(db, 'mainnet', PRIMARY, start, end);
    const { body } = await service.request(
      `/v2/subnets/${PRIMARY}/validators:getAddresses?network=mainnet&startTimestamp=${start}&endTimestamp=${end}&pageSize=5000`,
    );
    expect(body.addresses).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});

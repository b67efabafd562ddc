// The L1 validator fee operations on the demo data set (what the service answers on first start),
// against the block-by-block recount from its raw rows at the demo's own instant.
import { DEMO_NOW } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import {
  bruteForceDailyFees,
  type DailyFees,
  type L1FeeRaw,
  readL1FeeRaw,
  seriesOf,
} from './fixtures/bruteForceL1Fees';

let db: Database;
let service: TestService;
let raw: L1FeeRaw;
let daily: DailyFees;
/** Mainnet's L1 whose validations have the most fee events, one of its stopped validations, and that one's node. */
let busiest: { subnetId: string; validationId: string; nodeId: string };

const get = async (path: string) => {
  const { status, body } = await service.request(path);
  expect({ status, nextPageToken: body.nextPageToken }).toEqual({ status: 200, nextPageToken: undefined });
  return body.results;
};
const of = (field: 'validationId' | 'nodeId' | 'subnetId', value: string) => {
  const ids = new Set(raw.events.filter((e) => e[field] === value).map((e) => e.validationId));
  return (validationId: string) => ids.has(validationId);
};

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
  raw = await readL1FeeRaw(db, 'mainnet');
  daily = bruteForceDailyFees(raw);
  const [row] = await db.query<{ subnet_id: string; validation_id: string; node_id: string }>(
    `SELECT e.subnet_id, e.validation_id, e.node_id FROM l1_validator_fee_event e
     WHERE e.network = 'mainnet' AND e.kind = 'stop'
     ORDER BY (SELECT count(*) FROM l1_validator_fee_event x WHERE x.network = e.network AND x.subnet_id = e.subnet_id) DESC,
       e.subnet_id, e.validation_id LIMIT 1`,
  );
  busiest = { subnetId: row!.subnet_id, validationId: row!.validation_id, nodeId: row!.node_id };
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

describe('the L1 validator fee operations on the demo data', () => {
  it.each([
    ['totalValidatorFeesDaily', 'daily'],
    ['totalCumulativeFeesDaily', 'cumulative'],
    ['totalPayingValidatorsDaily', 'paying'],
  ] as const)("%s equals mainnet's recount", async (metric, value) => {
    const expected = seriesOf(daily, () => true, value, DEMO_NOW);
    expect(expected.length).toBeGreaterThan(300);
    expect(await get(`/v2/validators/metrics/${metric}`)).toEqual(expected);
  });

  it.each([
    ['perSubnetDailyFeesPaid', 'daily'],
    ['perSubnetCumulativeFeesPaid', 'cumulative'],
    ['perSubnetPayingValidators', 'paying'],
  ] as const)('%s of the busiest L1 equals the recount', async (metric, value) => {
    expect(await get(`/v2/subnet/${busiest.subnetId}/metrics/${metric}`)).toEqual(
      seriesOf(daily, of('subnetId', busiest.subnetId), value, DEMO_NOW),
    );
  });

  it('a stopped validation and its node equal the recount', async () => {
    const validation = seriesOf(daily, of('validationId', busiest.validationId), 'daily', DEMO_NOW);
    expect(validation.some((p) => p.value === 0)).toBe(true);
    expect(await get(`/v2/validation/${busiest.validationId}/metrics/validationFeesDaily`)).toEqual(validation);
    expect(await get(`/v2/validator/${busiest.nodeId}/metrics/perNodeCumulativeFeesPaid`)).toEqual(
      seriesOf(daily, of('nodeId', busiest.nodeId), 'cumulative', DEMO_NOW),
    );
  });
});

import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let open: TestService;
let keyed: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  open = await startTestService(db);
  keyed = await startTestService(db, { apiKeys: ['k-1', 'k-2'] });
});
afterAll(async () => {
  await open?.close();
  await keyed?.close();
  await teardown(db);
});

describe('x-service-api-key (section 5)', () => {
  const subnets = '/v1/networks/mainnet/subnets';

  it('is optional when no keys are configured, but a key that is given must be known (issue 13: unknown key 401)', async () => {
    expect((await open.request(subnets)).status).toBe(200);
    expect((await open.request(subnets, { headers: { 'x-service-api-key': 'anything' } })).status).toBe(401);
  });

  it('is required on /v1 data endpoints when keys are configured: 401 without one', async () => {
    expect(await keyed.request(subnets)).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'An API key is required: send it in the x-service-api-key header',
      },
    });
  });

  it('refuses an unknown key with 401 and accepts a configured one', async () => {
    expect((await keyed.request(subnets, { headers: { 'x-service-api-key': 'k-3' } })).body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'The API key is not valid',
    });
    expect((await keyed.request(subnets, { headers: { 'x-service-api-key': 'k-2' } })).status).toBe(200);
  });

  it('is not asked for on the /v2 metrics endpoints, which list no key', async () => {
    const { status } = await keyed.request('/v2/chains/1/metrics/txCount');
    expect(status).toBe(404); // unknown chain, but past the key check
  });
});

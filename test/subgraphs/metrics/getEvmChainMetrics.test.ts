import type { Database } from '../../../prisma/database';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { insertEvmChainFixture, insertSubnetFixture } from '../../fixtures/subnets';

let db: Database;
let service: TestService;
const day = 86_400;
const firstDay = 1_700_006_400; // a midnight UTC

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await db.prisma.chainMetric.createMany({
    data: [
      ...Array.from({ length: 5 }, (_, i) => ({ scope: '99001', metric: 'txCount', timeInterval: 'DAY' as const, timestamp: BigInt(firstDay + i * day), value: 100 + i })),
      { scope: '99001', metric: 'txCount', timeInterval: 'HOUR' as const, timestamp: BigInt(firstDay), value: 7 },
      { scope: '99001', metric: 'avgTps', timeInterval: 'DAY' as const, timestamp: BigInt(firstDay), value: 0.125 },
    ],
  });
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/chains/{chainId}/metrics/{metric} (4.3)', () => {
  it('returns daily points newest first by default', async () => {
    const { status, body } = await service.request('/v2/chains/99001/metrics/txCount');
    expect(status).toBe(200);
    expect(body.results.map((p: any) => p.value)).toEqual([104, 103, 102, 101, 100]);
    expect(body.results[0]).toEqual({ value: 104, timestamp: firstDay + 4 * day });
  });

  it('serves another interval when asked, and fractional values as numbers', async () => {
    expect((await service.request('/v2/chains/99001/metrics/txCount?timeInterval=hour')).body.results).toEqual([{ value: 7, timestamp: firstDay }]);
    expect((await service.request('/v2/chains/99001/metrics/avgTps')).body.results).toEqual([{ value: 0.125, timestamp: firstDay }]);
  });

  it('keeps points with startTimestamp <= timestamp <= endTimestamp and pages through them', async () => {
    const path = `/v2/chains/99001/metrics/txCount?startTimestamp=${firstDay + day}&endTimestamp=${firstDay + 3 * day}&pageSize=2`;
    const first = await service.request(path);
    expect(first.body.results.map((p: any) => p.value)).toEqual([103, 102]);
    const second = await service.request(`${path}&pageToken=${first.body.nextPageToken}`);
    expect(second.body.results.map((p: any) => p.value)).toEqual([101]);
    expect(second.body).not.toHaveProperty('nextPageToken');
  });

  it.each([
    ['/v2/chains/99001/metrics/avgTps?timeInterval=hour', 'query parameter timeInterval must be day for metric avgTps'],
    ['/v2/chains/99001/metrics/cumulativeTxCount?timeInterval=week', 'query parameter timeInterval must be day for metric cumulativeTxCount'],
    ['/v2/chains/99001/metrics/txCount?pageSize=2161', 'pageSize must be at most 2160'],
    ['/v2/chains/99001/metrics/txCount?startTimestamp=-1', 'query parameter startTimestamp must be a Unix time in seconds (an integer of at least 0)'],
    ['/v2/chains/99001/metrics/txCount?startTimestamp=10&endTimestamp=5', 'startTimestamp must not be after endTimestamp'],
    ['/v2/chains/99001/metrics/txCount?startTimestamp=abc', 'query parameter startTimestamp must be a Unix time in seconds (an integer of at least 0)'],
    ['/v2/chains/99001/metrics/txVolume', 'path parameter metric must be one of activeAddresses, activeSenders, cumulativeTxCount'],
    ['/v2/chains/99999999999999999999/metrics/txCount', 'path parameter chainId must be an EVM chain ID of at most 9223372036854775807'],
    ['/v2/chains/abc/metrics/txCount', 'chainId must be an EVM chain ID'],
  ])('rejects %s with 400', async (path, message) => {
    const { status, body } = await service.request(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
  });

  it('answers a chain this service does not index with 404', async () => {
    const { status, body } = await service.request('/v2/chains/1/metrics/txCount');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'chain 1 is not indexed by this service' });
  });
});

describe('Query.getEvmChainMetrics (GraphQL)', () => {
  it('answers a non-integer timestamp variable as a client error (BAD_USER_INPUT)', async () => {
    const { body } = await service.graphql(
      'query ($start: UnixSeconds) { getEvmChainMetrics(chainId: "99001", metric: txCount, startTimestamp: $start) { results { value } } }',
      { start: 'soon' },
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

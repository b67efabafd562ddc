// 4.3 against a brute-force recomputation of every metric from the raw rows: every metric, every
// interval it allows, for total, mainnet, testnet and one chain; then blocks appended through the
// write path move exactly the points the brute force says, by exactly its difference.
import { countBlockMetrics } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { writeBlock, type BlockWrite } from '../../../prisma/write';
import { insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import {
  bruteForceSeries,
  dayOnly,
  INTERVALS,
  METRICS,
  readRaw,
  type Interval,
  type Metric,
  type Series,
} from './fixtures/bruteForceMetrics';
import { chainBlocks, insertMetricChains, METRIC_CHAINS } from './fixtures/metricChains';

let db: Database;
let service: TestService;
const [chainA, chainB, chainC] = METRIC_CHAINS;
const blocks = new Map(METRIC_CHAINS.map((c) => [c.chainId, chainBlocks(c, c === chainC ? 90 : 120)]));
/** Held back for the append test: the last blocks of two chains. */
const heldBack: BlockWrite[] = [...blocks.get(chainA.chainId)!.slice(-6), ...blocks.get(chainB.chainId)!.slice(-12)];
const SCOPES = ['total', 'mainnet', 'testnet', chainA.chainId.toString()];
const cases = SCOPES.flatMap((scope) =>
  METRICS.flatMap((metric) =>
    (dayOnly(metric) ? ['day' as const] : INTERVALS).map((interval) => ({ scope, metric, interval })),
  ),
);

async function endpointSeries(scope: string, metric: Metric, interval: Interval): Promise<Series> {
  const { status, body } = await service.request(
    `/v2/chains/${scope}/metrics/${metric}?timeInterval=${interval}&pageSize=2160`,
  );
  expect({ status, nextPageToken: body.nextPageToken }).toEqual({ status: 200, nextPageToken: undefined });
  const timestamps = body.results.map((p: { timestamp: number }) => p.timestamp);
  expect(timestamps).toEqual([...timestamps].sort((x: number, y: number) => y - x));
  return new Map(body.results.map((p: { timestamp: number; value: number }) => [p.timestamp, p.value]));
}

/** Same periods, and values equal (counts exactly; ratios to 1e-9 relative). */
function expectSameSeries(actual: Series, expected: Series, label: string): void {
  expect({ label, periods: [...actual.keys()].sort() }).toEqual({ label, periods: [...expected.keys()].sort() });
  for (const [period, value] of expected) {
    const got = actual.get(period)!;
    if (Math.abs(got - value) > 1e-9 * Math.max(1, Math.abs(value)))
      expect({ label, period, value: got }).toEqual({ label, period, value });
  }
}

async function snapshot(): Promise<{ endpoint: Map<string, Series>; brute: Map<string, Series> }> {
  const raw = await readRaw(db);
  const endpoint = new Map<string, Series>();
  const brute = new Map<string, Series>();
  for (const { scope, metric, interval } of cases) {
    const key = `${scope} ${metric} ${interval}`;
    endpoint.set(key, await endpointSeries(scope, metric, interval));
    brute.set(key, bruteForceSeries(raw, scope, metric, interval));
  }
  return { endpoint, brute };
}

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertMetricChains(db);
  // Chain by chain: a later-written chain has older blocks than the earlier ones' newest (first-seen
  // days move earlier in the shared scopes).
  for (const chain of METRIC_CHAINS)
    for (const block of blocks.get(chain.chainId)!)
      if (!heldBack.includes(block)) await writeBlock(db, block, { beforeRows: countBlockMetrics });
  service = await startTestService(db);
  before = await snapshot();
}, 120_000);
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/chains/{chainId}/metrics/{metric} (4.3)', () => {
  describe('values', () => {
    it('the history spans weeks and months, several chains per scope, and blocks of the same second', () => {
      expect(before.brute.get('total txCount month')!.size).toBeGreaterThanOrEqual(2);
      expect(before.brute.get('mainnet txCount week')!.size).toBeGreaterThanOrEqual(4);
      expect(before.brute.get('total activeAddresses day')!.size).toBeGreaterThan(20);
    });

    it.each(cases.map((c) => [`${c.scope} ${c.metric} ${c.interval}`, c] as const))(
      '%s equals the brute-force recomputation from the raw rows',
      (key) => {
        expectSameSeries(before.endpoint.get(key)!, before.brute.get(key)!, key);
      },
    );

    it('distinct counts of a scope are distinct across its chains (an address active on two chains counts once)', () => {
      const total = before.endpoint.get('total activeAddresses month')!;
      const perChainSum = [...total.keys()].map((p) =>
        ['mainnet', 'testnet'].reduce(
          (s, scope) => s + (before.endpoint.get(`${scope} activeAddresses month`)!.get(p) ?? 0),
          0,
        ),
      );
      expect([...total.values()].some((v, i) => v < perChainSum[i]!)).toBe(true);
    });
  });

  describe('blocks appended through the write path', () => {
    let after: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      for (const block of heldBack) await writeBlock(db, block, { beforeRows: countBlockMetrics });
      // Writing a stored block again counts nothing twice.
      await writeBlock(db, heldBack[0]!, { beforeRows: countBlockMetrics });
      after = await snapshot();
    }, 120_000);

    it.each(cases.map((c) => [`${c.scope} ${c.metric} ${c.interval}`] as const))(
      '%s changes by exactly the brute-force difference',
      (key) => {
        const [e0, e1, b0, b1] = [
          before.endpoint.get(key)!,
          after.endpoint.get(key)!,
          before.brute.get(key)!,
          after.brute.get(key)!,
        ];
        const periods = new Set([...e0.keys(), ...e1.keys(), ...b0.keys(), ...b1.keys()]);
        for (const p of periods) {
          expect({ key, p, present: e1.has(p) }).toEqual({ key, p, present: b1.has(p) });
          const got = (e1.get(p) ?? 0) - (e0.get(p) ?? 0);
          const want = (b1.get(p) ?? 0) - (b0.get(p) ?? 0);
          if (Math.abs(got - want) > 1e-9 * Math.max(1, Math.abs(b1.get(p) ?? 0)))
            expect({ key, p, delta: got }).toEqual({ key, p, delta: want });
        }
      },
    );

    it('the appended blocks did change points (the test is not vacuous)', () => {
      expect(after.endpoint.get('mainnet txCount hour')).not.toEqual(before.endpoint.get('mainnet txCount hour'));
      expect(after.endpoint.get('total cumulativeTxCount day')).not.toEqual(
        before.endpoint.get('total cumulativeTxCount day'),
      );
    });
  });

  describe('parameters', () => {
    it('defaults to day, newest first, and pages with startTimestamp <= timestamp <= endTimestamp', async () => {
      const all = [...(await endpointSeries('total', 'txCount', 'day')).keys()];
      const [start, end] = [all[all.length - 2]!, all[1]!];
      const path = `/v2/chains/total/metrics/txCount?startTimestamp=${start}&endTimestamp=${end}&pageSize=5`;
      const seen: number[] = [];
      let token: string | undefined;
      do {
        const { status, body } = await service.request(token ? `${path}&pageToken=${token}` : path);
        expect(status).toBe(200);
        seen.push(...body.results.map((p: { timestamp: number }) => p.timestamp));
        token = body.nextPageToken;
      } while (token);
      expect(seen).toEqual(all.filter((t) => t >= start && t <= end));
    });

    it('an unknown EVM chain is 404 with the error body; a scope without blocks is an empty list', async () => {
      expect(await service.request('/v2/chains/1/metrics/txCount')).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'chain 1 is not indexed by this service' },
      });
      expect(await service.request(`/v2/chains/${chainA.chainId}/metrics/txCount?endTimestamp=1000`)).toEqual({
        status: 200,
        body: { results: [] },
      });
    });

    it('pageSize defaults to 100: the newest 100 points, and a nextPageToken for the rest', async () => {
      const all = [...bruteForceSeries(await readRaw(db), 'total', 'txCount', 'hour').keys()].sort((x, y) => y - x);
      expect(all.length).toBeGreaterThan(100);
      const { status, body } = await service.request('/v2/chains/total/metrics/txCount?timeInterval=hour');
      expect(status).toBe(200);
      expect(body.results.map((p: { timestamp: number }) => p.timestamp)).toEqual(all.slice(0, 100));
      expect(typeof body.nextPageToken).toBe('string');
    });

    // Cumulative, max and avg metrics, contracts and deployers: day only, for every scope kind.
    const dayOnlyCases = METRICS.filter(dayOnly).flatMap((metric) =>
      (['hour', 'week', 'month'] as const).map((interval, i) => [
        `/v2/chains/${['total', 'mainnet', '99001'][i]}/metrics/${metric}?timeInterval=${interval}`,
        `query parameter timeInterval must be day for metric ${metric}`,
      ]),
    );
    it.each(dayOnlyCases)('day-only metric: rejects %s with 400 and the error body', async (path, message) => {
      const { status, body } = await service.request(path);
      expect({ status, body }).toEqual({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
      });
    });

    it.each([
      ['/v2/chains/99001/metrics/txCount?timeInterval=year', 'query parameter timeInterval must be one of'],
      ['/v2/chains/99001/metrics/txCount?pageSize=2161', 'pageSize must be at most 2160'],
      ['/v2/chains/99001/metrics/txCount?pageSize=0', 'pageSize must be at least 1'],
      [
        '/v2/chains/99001/metrics/txCount?startTimestamp=-1',
        'query parameter startTimestamp must be a Unix time in seconds (an integer of at least 0)',
      ],
      [
        '/v2/chains/99001/metrics/txCount?endTimestamp=-5',
        'query parameter endTimestamp must be a Unix time in seconds (an integer of at least 0)',
      ],
      [
        '/v2/chains/99001/metrics/txCount?startTimestamp=10&endTimestamp=5',
        'startTimestamp must not be after endTimestamp',
      ],
      [
        '/v2/chains/99001/metrics/txCount?startTimestamp=abc',
        'query parameter startTimestamp must be a Unix time in seconds (an integer of at least 0)',
      ],
      [
        '/v2/chains/99001/metrics/txVolume',
        'path parameter metric must be one of activeAddresses, activeSenders, cumulativeTxCount',
      ],
      [
        '/v2/chains/99999999999999999999/metrics/txCount',
        'path parameter chainId must be an EVM chain ID of at most 9223372036854775807',
      ],
      ['/v2/chains/abc/metrics/txCount', 'chainId must be an EVM chain ID'],
      ['/v2/chains/99001/metrics/txCount?pageToken=forged', 'pageToken'],
    ])('rejects %s with 400 and the error body', async (path, message) => {
      const { status, body } = await service.request(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    });

    it('a page token is bound to its query: reused for another metric it is a 400', async () => {
      const first = await service.request('/v2/chains/total/metrics/txCount?pageSize=1');
      const { status } = await service.request(
        `/v2/chains/total/metrics/gasUsed?pageSize=1&pageToken=${first.body.nextPageToken}`,
      );
      expect(status).toBe(400);
    });
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

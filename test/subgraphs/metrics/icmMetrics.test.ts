// The ICM metrics against a brute-force recount from the raw teleporter_message rows of the demo
// data (fixtures/bruteForceIcm.ts), point by point, for every grouping, interval and filter; the
// summary's windows also on messages placed exactly at each window's start and one second before.
import { cb58Encode } from '../../../avalanche/cb58';
import { DEMO_NOW } from '../../../demo-data';
import { rebuildMetrics } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { setupTestDatabase, teardown } from '../../setup/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import {
  bruteForceIcmSeries,
  type IcmPoint,
  type IcmQuery,
  readSentMessages,
  selected,
  type SentMessage,
} from './fixtures/bruteForceIcm';
import { INTERVALS } from './fixtures/bruteForceMetrics';

let db: Database;
let service: TestService;
let sent: SentMessage[];
let now = DEMO_NOW;
/** The busiest pair of the demo data: its source and destination filter the cases below. */
const pair = { source: '', destination: '' };

const GROUPINGS = {
  total: undefined,
  srcBlockchainId: { source: true, destination: false },
  destBlockchainId: { source: false, destination: true },
  'srcBlockchainId,destBlockchainId': { source: true, destination: true },
} as const;
type Grouping = keyof typeof GROUPINGS;
const FILTERS = ['none', 'network=mainnet', 'network=fuji', 'srcBlockchainId', 'destBlockchainId', 'pair'] as const;
type Filter = (typeof FILTERS)[number];

/** The query of a case: what the brute force reads and the request's parameters. */
function queryOf(filter: Filter, grouping: Grouping): { query: IcmQuery; params: string } {
  const query: IcmQuery = { groupBy: GROUPINGS[grouping] };
  if (filter === 'network=mainnet') query.network = 'mainnet';
  if (filter === 'network=fuji') query.network = 'fuji';
  if (filter === 'srcBlockchainId' || filter === 'pair') query.srcBlockchainId = pair.source;
  if (filter === 'destBlockchainId' || filter === 'pair') query.destBlockchainId = pair.destination;
  const params = new URLSearchParams();
  if (query.srcBlockchainId) params.set('srcBlockchainId', query.srcBlockchainId);
  if (query.destBlockchainId) params.set('destBlockchainId', query.destBlockchainId);
  if (query.network) params.set('network', query.network);
  if (grouping !== 'total') params.set('groupBy', grouping);
  return { query, params: params.toString() };
}

/** Every page of a request, followed through its tokens. */
async function allPoints(path: string): Promise<IcmPoint[]> {
  const points: IcmPoint[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await service.request(token ? `${path}&pageToken=${encodeURIComponent(token)}` : path);
    expect({ path, status }).toEqual({ path, status: 200 });
    points.push(...body.results);
    token = body.nextPageToken;
  } while (token);
  return points;
}

const expectBadRequest = async (path: string, message: string) => {
  const { status, body } = await service.request(path);
  expect({ status, body }).toEqual({
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
  });
};

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => now });
  sent = await readSentMessages(db);
  const pairs = new Map<string, number>();
  for (const m of sent) pairs.set(`${m.source} ${m.destination}`, (pairs.get(`${m.source} ${m.destination}`) ?? 0) + 1);
  const [busiest] = [...pairs].sort((a, b) => b[1] - a[1]);
  [pair.source, pair.destination] = busiest![0].split(' ') as [string, string];
}, SEEDED_DATABASE_TIMEOUT_MS);

afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

describe('GET /v2/icm/timeseries (getICMTimeseries)', () => {
  it('the demo data has messages of several pairs of chains', () => {
    expect(new Set(sent.map((m) => `${m.source} ${m.destination}`)).size).toBeGreaterThan(2);
  });

  const cases = FILTERS.flatMap((filter) =>
    (Object.keys(GROUPINGS) as Grouping[]).flatMap((grouping) =>
      INTERVALS.map((interval) => [filter, grouping, interval] as const),
    ),
  );
  it.each(cases)(
    'counts each message whose send is indexed in the period of its send: filter %s, groupBy %s, timeInterval %s',
    async (filter, grouping, interval) => {
      const { query, params } = queryOf(filter, grouping);
      const points = await allPoints(`/v2/icm/timeseries?${params}&timeInterval=${interval}&pageSize=2160`);
      expect(points).toEqual(bruteForceIcmSeries(sent, query, interval));
    },
  );

  it('the filtered cases are not empty (the test is not vacuous)', () => {
    for (const filter of FILTERS.filter((f) => f !== 'network=fuji'))
      expect(bruteForceIcmSeries(sent, queryOf(filter, 'total').query, 'day').length).toBeGreaterThan(0);
  });

  it('timeInterval defaults to day and pageSize to 100; pages continue newest first within startTimestamp <= timestamp <= endTimestamp', async () => {
    const all = bruteForceIcmSeries(sent, { groupBy: GROUPINGS['srcBlockchainId,destBlockchainId'] }, 'day');
    expect(all.length).toBeGreaterThan(100);
    const first = await service.request('/v2/icm/timeseries?groupBy=srcBlockchainId,destBlockchainId');
    expect(first.body.results).toEqual(all.slice(0, 100));
    expect(typeof first.body.nextPageToken).toBe('string');
    const [start, end] = [all[all.length - 3]!.timestamp, all[2]!.timestamp];
    const points = await allPoints(
      `/v2/icm/timeseries?groupBy=srcBlockchainId,destBlockchainId&startTimestamp=${start}&endTimestamp=${end}&pageSize=7`,
    );
    expect(points).toEqual(all.filter((p) => p.timestamp >= start && p.timestamp <= end));
  });

  it('network=testnet is fuji; a chain without messages is an empty list', async () => {
    const fuji = await service.request('/v2/icm/timeseries?network=fuji');
    expect(await service.request('/v2/icm/timeseries?network=testnet')).toEqual(fuji);
    const unknown = cb58Encode(new Uint8Array(32).fill(7));
    expect(await service.request(`/v2/icm/timeseries?srcBlockchainId=${unknown}`)).toEqual({
      status: 200,
      body: { results: [] },
    });
  });

  it.each([
    [
      '/v2/icm/timeseries?srcBlockchainId=c-chain',
      'query parameter srcBlockchainId must be a 32-byte ID in cb58 (or hex)',
    ],
    [
      '/v2/icm/timeseries?destBlockchainId=0x1234',
      'query parameter destBlockchainId must be a 32-byte ID in cb58 (or hex)',
    ],
    ['/v2/icm/timeseries?startTimestamp=20&endTimestamp=10', 'startTimestamp must not be after endTimestamp'],
    ['/v2/icm/timeseries?startTimestamp=-1', 'query parameter startTimestamp must be a Unix time in seconds'],
    [
      '/v2/icm/timeseries?groupBy=network',
      'query parameter groupBy must be one of srcBlockchainId, destBlockchainId, srcBlockchainId,destBlockchainId',
    ],
    ['/v2/icm/timeseries?groupBy=srcBlockchainId,srcBlockchainId', 'query parameter groupBy must be one of'],
    ['/v2/icm/timeseries?timeInterval=year', 'query parameter timeInterval must be one of'],
    ['/v2/icm/timeseries?network=devnet', 'query parameter network must be one of'],
    ['/v2/icm/timeseries?pageSize=0', 'pageSize must be at least 1'],
    ['/v2/icm/timeseries?pageSize=2161', 'pageSize must be at most 2160'],
    ['/v2/icm/timeseries?pageToken=forged', 'pageToken'],
  ])('rejects %s with 400 and the error body', expectBadRequest);

  it('a page token is bound to its query: reused with another filter it is a 400', async () => {
    const first = await service.request('/v2/icm/timeseries?pageSize=1');
    await expectBadRequest(
      `/v2/icm/timeseries?pageSize=1&network=mainnet&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
      'pageToken',
    );
  });
});

/** The summary the brute force gives: messages since each window's start (on the hour), and all. */
function bruteForceSummary(query: IcmQuery, at: number) {
  const messages = selected(sent, query);
  const hour = at - (at % 3600);
  const since = (seconds: number) => messages.filter((m) => m.time >= hour - seconds).length;
  return {
    lastHour: since(3600),
    lastDay: since(86_400),
    lastWeek: since(7 * 86_400),
    lastMonth: since(30 * 86_400),
    last90Days: since(90 * 86_400),
    lastYear: since(365 * 86_400),
    allTime: messages.length,
    srcBlockchainId: query.srcBlockchainId ?? 'all',
    destBlockchainId: query.destBlockchainId ?? 'all',
  };
}

describe('GET /v2/icm/summary (getICMSummary)', () => {
  const cases = FILTERS.flatMap((filter) =>
    (Object.keys(GROUPINGS) as Grouping[]).flatMap((grouping) =>
      (['DEMO_NOW', 'ten days before, mid-hour'] as const).map((clock) => [filter, grouping, clock] as const),
    ),
  );
  it.each(cases)(
    'counts the messages of each window ending now, from its first hour, and of all time: filter %s, groupBy %s, at %s',
    async (filter, grouping, clock) => {
      const at = clock === 'DEMO_NOW' ? DEMO_NOW : DEMO_NOW - 10 * 86_400 + 1_234;
      const { query, params } = queryOf(filter, grouping);
      now = at;
      const { status, body } = await service.request(`/v2/icm/summary?${params}`);
      now = DEMO_NOW;
      expect({ status, body }).toEqual({ status: 200, body: { result: bruteForceSummary(query, at) } });
    },
  );

  it('the windows differ on the demo data (the test is not vacuous)', () => {
    const counts = Object.values(bruteForceSummary({}, DEMO_NOW - 10 * 86_400 + 1_234)).slice(0, 7);
    expect(new Set(counts).size).toBeGreaterThan(3);
  });

  it.each([
    ['/v2/icm/summary?srcBlockchainId=abc', 'query parameter srcBlockchainId must be a 32-byte ID in cb58 (or hex)'],
    ['/v2/icm/summary?destBlockchainId=abc', 'query parameter destBlockchainId must be a 32-byte ID in cb58 (or hex)'],
    ['/v2/icm/summary?groupBy=pair', 'query parameter groupBy must be one of'],
    ['/v2/icm/summary?network=local', 'query parameter network must be one of'],
  ])('rejects %s with 400 and the error body', expectBadRequest);

  describe('window edges', () => {
    let edgeDb: Database;
    let edgeService: TestService;
    /** 2026-10-15 13:30 UTC; the windows start on the hour, 13:00 of an earlier day. */
    const at = Date.UTC(2026, 9, 15, 13, 30) / 1000;
    const hour = at - 1800;
    const WINDOWS = [3600, 86_400, 7 * 86_400, 30 * 86_400, 90 * 86_400, 365 * 86_400];

    beforeAll(async () => {
      edgeDb = await setupTestDatabase();
      // Per window: a message exactly at its start and one a second before it.
      const times = WINDOWS.flatMap((seconds) => [hour - seconds, hour - seconds - 1]);
      for (const [i, time] of times.entries())
        await edgeDb.query(
          `INSERT INTO teleporter_message (teleporter_message_id, source_blockchain_id, destination_blockchain_id,
             source_tx_hash, network, timestamp, source_timestamp)
           VALUES ($1, $2, $3, $4, 'mainnet', $5, $5)`,
          [
            `0x${(i + 1).toString(16).padStart(64, '0')}`,
            cb58Encode(new Uint8Array(32).fill(1)),
            cb58Encode(new Uint8Array(32).fill(2)),
            `0x${(i + 1).toString(16).padStart(64, 'a')}`,
            time,
          ],
        );
      await rebuildMetrics(edgeDb);
      edgeService = await startTestService(edgeDb, { clock: () => at });
    }, 120_000);
    afterAll(async () => {
      await edgeService?.close();
      await teardown(edgeDb);
    });

    it('a message exactly at a window start is in the window, one a second before it is not', async () => {
      const { body } = await edgeService.request('/v2/icm/summary');
      // Window k holds both messages of each shorter window and the one at its own start: 2k + 1.
      expect(body.result).toEqual({
        lastHour: 1,
        lastDay: 3,
        lastWeek: 5,
        lastMonth: 7,
        last90Days: 9,
        lastYear: 11,
        allTime: 12,
        srcBlockchainId: 'all',
        destBlockchainId: 'all',
      });
    });
  });
});

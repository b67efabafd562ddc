// The four usage operations of the official "Data API Usage Metrics" tag, over REST, on the record
// of requests this test makes itself (an empty database with one subnet EVM chain and the C-Chain):
// every answer is recounted from the raw rows of `api_request`, and the totals are checked against
// the requests the test counted as it made them.
import type { Database } from '../../../prisma/database';
import { unlimitedAccess } from '../../../server/access/accessControl';
import { createApiKey } from '../../../server/access/apiKeys';
import { routeWeights } from '../../../server/access/routeWeights';
import { insertEvmChainFixture, insertSubnetFixture, primaryNetworkId } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';

const cChain = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const subnetChain = 'mainnetSubnet0-chain0';
const hour = 3600;
const day = 86_400;
/** The two days the requests are made on (UTC), and the instant the usage is read at. */
const dayA = Date.UTC(2026, 10, 18) / 1000;
const dayB = dayA + day;
let now = dayA + 10 * hour;

type Who = 'alice' | 'bob' | 'operator' | 'anonymous';
let db: Database;
let service: TestService;
const keys = {} as Record<Exclude<Who, 'anonymous'>, { id: string; key: string }>;
/** Requests made, counted by the test as it makes them. */
const made: Record<Who, number> = { alice: 0, bob: 0, operator: 0, anonymous: 0 };

const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous' ? {} : { 'x-glacier-api-key': keys[who].key };

/** A REST request of `who`, counted. */
async function call(who: Who, path: string) {
  made[who]++;
  return service.request(path, { headers: headersOf(who) });
}

/** A JSON-RPC call of `who` to a chain's /rpc, counted. */
async function rpc(who: Who, chain: string, method: string) {
  made[who]++;
  const response = await fetch(`${service.base}/ext/bc/${chain}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersOf(who) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  await response.text();
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await db.prisma.subnet.create({
    data: {
      network: 'MAINNET',
      subnetId: primaryNetworkId,
      createBlockTimestamp: 0n,
      createBlockIndex: 0n,
      ownerAddresses: [],
      threshold: 0,
      locktime: 0n,
      isL1: false,
    },
  });
  await db.prisma.blockchain.create({
    data: {
      network: 'MAINNET',
      blockchainId: cChain,
      subnetId: primaryNetworkId,
      createBlockTimestamp: 0n,
      createBlockNumber: 0n,
      vmId: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
      blockchainName: 'C-Chain',
      evmChainId: 43114n,
    },
  });
  await db.prisma.evmChain.create({
    data: {
      chainId: 43114n,
      network: 'MAINNET',
      blockchainId: cChain,
      chainName: 'C-Chain',
      nativeTokenName: 'Avalanche',
      nativeTokenSymbol: 'AVAX',
      nativeTokenDecimals: 18,
    },
  });
  keys.alice = await createApiKey(db.prisma, { name: 'alice' });
  keys.bob = await createApiKey(db.prisma, { name: 'bob' });
  keys.operator = await createApiKey(db.prisma, { name: 'operator', admin: true });
  service = await startTestService(db, {
    clock: () => now,
    access: { ...unlimitedAccess, apiKeyRequired: false },
    // Written when a usage operation reads, or on close: never by the timer during a test.
    usage: { flushIntervalMs: 60_000 },
  });
  // Day A, 10:00: API requests, one refused as invalid (a 400 still charged).
  for (let i = 0; i < 2; i++) await call('alice', '/v1/networks/mainnet/subnets');
  await call('alice', '/v1/networks/nowhere/subnets');
  await call('alice', '/v1/chains/99001');
  for (let i = 0; i < 2; i++) await call('bob', '/v1/networks/mainnet/subnets');
  await call('anonymous', '/v1/networks/mainnet/subnets');
  // Day A, 11:30: node RPC calls, to the subnet chain and to the C-Chain.
  now = dayA + 11.5 * hour;
  for (let i = 0; i < 2; i++) await rpc('alice', subnetChain, 'eth_chainId');
  await rpc('alice', 'C', 'eth_blockNumber');
  await rpc('anonymous', subnetChain, 'eth_chainId');
  // Day B, 09:00.
  now = dayB + 9 * hour;
  await call('alice', '/v1/networks/mainnet/subnets');
  await call('bob', '/v1/chains/99001');
  now = dayB + 12 * hour;
}, 60_000);
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

type RawRow = {
  at: number;
  key_id: string | null;
  request_type: string;
  request_path: string;
  response_code: number;
  chain_id: string | null;
  rpc_method: string | null;
  network: string | null;
  subnet_rpc: boolean;
  duration_ms: number;
  compute_units: number;
  request_id: string;
  id: bigint;
};

/** Every recorded request, as stored. */
const rawRows = () =>
  db.query<RawRow>(
    `SELECT extract(epoch FROM at)::float8 AS at, key_id, request_type, request_path, response_code, chain_id,
            rpc_method, network, subnet_rpc, duration_ms, compute_units, request_id, id
     FROM api_request`,
  );

/** The official figures of a set of rows, recounted in JavaScript (the median as percentile_cont does it). */
function figures(rows: RawRow[], periodSeconds: number) {
  const durations = rows.map((row) => row.duration_ms).sort((a, b) => a - b);
  const middle = (durations.length - 1) / 2;
  const median = (durations[Math.floor(middle)]! + durations[Math.ceil(middle)]!) / 2;
  const invalid = rows.filter((row) => row.response_code >= 400 && row.response_code < 500);
  const sum = (list: RawRow[]) => list.reduce((total, row) => total + row.compute_units, 0);
  return {
    totalRequests: rows.length,
    requestsPerSecond: rows.length / periodSeconds,
    successRatePercent: (100 * rows.filter((row) => row.response_code < 400).length) / rows.length,
    medianResponseTimeMsecs: median,
    invalidRequests: invalid.length,
    apiCreditsUsed: sum(rows),
    apiCreditsWasted: sum(invalid),
  };
}

/** The data points of `rows`: one per period with rows, one value per group, keyed `timestamp|group`. */
function recount(rows: RawRow[], periodSeconds: number, groupOf?: (row: RawRow) => string | null) {
  const groups = new Map<string, RawRow[]>();
  for (const row of rows) {
    const key = `${Math.floor(row.at / periodSeconds) * periodSeconds}|${groupOf ? groupOf(row) : 'none'}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return Object.fromEntries([...groups].map(([key, list]) => [key, rounded(figures(list, periodSeconds))]));
}

/** The answer's data points keyed as {@link recount} keys them. */
function answered(metrics: { timestamp: number; values: Record<string, any>[] }[]) {
  return Object.fromEntries(
    metrics.flatMap((point) =>
      point.values.map(({ groupedBy: _by, groupValue, ...values }) => [
        `${point.timestamp}|${groupValue ?? 'none'}`,
        rounded(values),
      ]),
    ),
  );
}

function rounded(values: Record<string, number>) {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Math.round(value * 1e6) / 1e6]));
}

const range = `startTimestamp=${dayA}&endTimestamp=${dayB}`;
const total = (metrics: { values: { totalRequests: number }[] }[]) =>
  metrics.reduce((sum, point) => sum + point.values.reduce((s, value) => s + value.totalRequests, 0), 0);

describe('getApiUsageMetrics', () => {
  it('a key sees its own requests only: as many as it made before this one', async () => {
    const before = made.alice;
    const { status, body } = await call('alice', `/v1/apiUsageMetrics?${range}`);
    expect(status).toBe(200);
    expect(body.orgId).toBe(keys.alice.id);
    expect(body.aggregateDuration).toBe('daily');
    expect(total(body.metrics)).toBe(before);
  });

  it('every figure of every day and route is the recount of the key’s raw rows, newest day first', async () => {
    const { body } = await call('alice', `/v1/apiUsageMetrics?${range}&groupBy=requestPath`);
    const rows = (await rawRows()).filter((row) => row.key_id === keys.alice.id);
    expect(answered(body.metrics)).toEqual(recount(rows, day, (row) => row.request_path));
    expect(body.metrics.map((point: { timestamp: number }) => point.timestamp)).toEqual([dayB, dayA]);
    expect(body.metrics[0].values[0].groupedBy).toBe('requestPath');
  });

  it('an admin key sees every key’s requests and those without a key, hour by hour and by status', async () => {
    const { body } = await call('operator', `/v1/apiUsageMetrics?${range}&timeInterval=hourly&groupBy=responseCode`);
    const rows = await rawRows();
    expect(body.orgId).toBe('all');
    expect(answered(body.metrics)).toEqual(recount(rows, hour, (row) => String(row.response_code)));
    expect(total(body.metrics)).toBe(made.alice + made.bob + made.anonymous + made.operator - 1);
  });

  it('groups by API key, naming the requests without one anonymous', async () => {
    const { body } = await call('operator', `/v1/apiUsageMetrics?${range}&groupBy=apiKeyId`);
    const rows = await rawRows();
    expect(answered(body.metrics)).toEqual(recount(rows, day, (row) => row.key_id ?? 'anonymous'));
  });

  it.each([
    ['requestType=rpc', (row: RawRow) => row.request_type === 'rpc'],
    ['chainId=99001', (row: RawRow) => row.chain_id === '99001'],
    ['responseCode=400', (row: RawRow) => row.response_code === 400],
    [
      `requestPath=${encodeURIComponent('/v1/networks/{network}/subnets')}`,
      (row: RawRow) => row.request_path === '/v1/networks/{network}/subnets',
    ],
  ])('the filter %s keeps the rows that meet it', async (filter, meets) => {
    const { body } = await call('alice', `/v1/apiUsageMetrics?${range}&${filter}`);
    const rows = (await rawRows()).filter((row) => row.key_id === keys.alice.id && meets(row));
    expect(rows.length).toBeGreaterThan(0);
    expect(answered(body.metrics)).toEqual(recount(rows, day));
  });

  it('apiKeyId and orgId: a key may name itself, not another (403); an admin names any key, or anonymous', async () => {
    expect((await call('alice', `/v1/apiUsageMetrics?apiKeyId=${keys.alice.id}`)).status).toBe(200);
    const refused = await call('alice', `/v1/apiUsageMetrics?apiKeyId=${keys.bob.id}`);
    expect(refused).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: `query parameter apiKeyId ${keys.bob.id} is not this API key: a key sees only its own usage`,
      },
    });
    expect((await call('alice', `/v1/apiUsageMetrics?orgId=${keys.bob.id}`)).status).toBe(403);
    const bob = await call('operator', `/v1/apiUsageMetrics?${range}&apiKeyId=${keys.bob.id}`);
    expect(bob.body.orgId).toBe(keys.bob.id);
    expect(total(bob.body.metrics)).toBe((await rawRows()).filter((row) => row.key_id === keys.bob.id).length);
    const anonymous = await call('operator', `/v1/apiUsageMetrics?${range}&apiKeyId=anonymous`);
    expect(total(anonymous.body.metrics)).toBe(made.anonymous);
  });

  it('without a key the answer is 401, though keys are optional elsewhere', async () => {
    expect(await call('anonymous', '/v1/apiUsageMetrics')).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'An API key is required: send it in the x-service-api-key header',
      },
    });
  });

  it.each([
    ['responseCode=ok', 'responseCode must be an HTTP status code, 100 to 599'],
    ['responseCode=700', 'responseCode must be an HTTP status code, 100 to 599'],
    [`startTimestamp=${dayB}&endTimestamp=${dayA}`, 'startTimestamp must not be after endTimestamp'],
    [
      `timeInterval=minute&${range}`,
      'the range from startTimestamp to endTimestamp spans 2 days; timeInterval minute allows at most 1',
    ],
    ['timeInterval=yearly', 'timeInterval'],
    ['groupBy=country', 'groupBy'],
    ['startTimestamp=-1', 'startTimestamp'],
  ])('%s is a 400 naming the rule', async (query, message) => {
    const { status, body } = await call('alice', `/v1/apiUsageMetrics?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });
});

describe('getApiLogs', () => {
  it('pages newest first through exactly the key’s requests, each once, as they were recorded', async () => {
    const before = made.alice;
    const logs: Record<string, any>[] = [];
    let token: string | undefined;
    do {
      const { body } = await call('alice', `/v1/apiLogs?${range}&pageSize=3${token ? `&pageToken=${token}` : ''}`);
      expect(body.orgId).toBe(keys.alice.id);
      logs.push(...body.logs);
      token = body.nextPageToken;
    } while (token);
    // The walk's own requests are recorded as its pages are read, after its first row: not in the walk.
    const all = await rawRows();
    const first = all.find((row) => row.request_id === logs[0]!.logId)!;
    const rows = all
      .filter((row) => row.key_id === keys.alice.id && row.id <= first.id)
      .sort((a, b) => b.at - a.at || Number(b.id - a.id));
    expect(logs.map((log) => log.logId)).toEqual(rows.map((row) => row.request_id));
    expect(rows.length).toBe(before);
    const subnets = logs.find(
      (log) => log.requestPath === '/v1/networks/{network}/subnets' && log.responseCode === 200,
    )!;
    expect(subnets).toMatchObject({
      orgId: keys.alice.id,
      apiKeyId: keys.alice.id,
      apiKeyAlias: 'alice',
      hostRegion: 'self-hosted',
      requestType: 'data',
      apiCreditsConsumed: routeWeights.get('Query.listSubnets')!.weight,
      metadata: {
        ipAddress: expect.any(String),
        host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        userAgent: expect.any(String),
      },
    });
    expect(logs.find((log) => log.requestPath === '/v1/chains/{chainId}')?.chainId).toBe('99001');
    expect(logs.find((log) => log.requestType === 'rpc' && log.chainId === '99001')).toMatchObject({
      rpcMethod: 'eth_chainId',
      requestPath: '/ext/bc/{chain}/rpc',
      apiCreditsConsumed: 0,
    });
  });

  it('a page token of one key is no position in another key’s log (400)', async () => {
    const { body } = await call('alice', `/v1/apiLogs?${range}&pageSize=1`);
    const { status } = await call('bob', `/v1/apiLogs?${range}&pageSize=1&pageToken=${body.nextPageToken}`);
    expect(status).toBe(400);
  });

  it('pageSize is 1 to 100', async () => {
    expect((await call('alice', '/v1/apiLogs?pageSize=101')).status).toBe(400);
    expect((await call('alice', '/v1/apiLogs?pageSize=0')).status).toBe(400);
  });
});

describe('getSubnetRpcUsageMetrics', () => {
  it('the key’s calls to subnet chains by method: the key it presented to /ext counts them as its own', async () => {
    const { body } = await call('alice', `/v1/subnetRpcUsageMetrics?${range}&groupBy=rpcMethod`);
    const rows = (await rawRows()).filter((row) => row.key_id === keys.alice.id && row.subnet_rpc);
    expect(body.chainId).toBe('all');
    expect(answered(body.metrics)).toEqual(recount(rows, day, (row) => row.rpc_method));
    expect(total(body.metrics)).toBe(2);
  });

  it('an admin sees every call to the chain, those without a key too; rlBypassToken groups by key', async () => {
    const { body } = await call('operator', `/v1/subnetRpcUsageMetrics?${range}&chainId=99001&groupBy=rlBypassToken`);
    const rows = (await rawRows()).filter((row) => row.subnet_rpc && row.chain_id === '99001');
    expect(body.chainId).toBe('99001');
    expect(answered(body.metrics)).toEqual(recount(rows, day, (row) => row.key_id ?? 'anonymous'));
    expect(total(body.metrics)).toBe(3);
  });

  it('rlBypassApiToken of another key is a 403', async () => {
    expect((await call('alice', `/v1/subnetRpcUsageMetrics?rlBypassApiToken=${keys.bob.id}`)).status).toBe(403);
  });
});

describe('getPrimaryNetworkRpcUsageMetrics', () => {
  it('the key’s calls to the primary network’s chains; every client is in country and continent XX', async () => {
    const { body } = await call('alice', `/v1/primaryNetworkRpcUsageMetrics?network=mainnet&${range}&groupBy=country`);
    const rows = (await rawRows()).filter(
      (row) => row.key_id === keys.alice.id && row.request_type === 'rpc' && !row.subnet_rpc,
    );
    expect(body.network).toBe('mainnet');
    expect(answered(body.metrics)).toEqual(recount(rows, day, () => 'XX'));
    expect(total(body.metrics)).toBe(1);
    const byMethod = await call(
      'alice',
      `/v1/primaryNetworkRpcUsageMetrics?network=mainnet&${range}&groupBy=rpcMethod`,
    );
    expect(byMethod.body.metrics[0].values[0]).toMatchObject({ groupedBy: 'rpcMethod', groupValue: 'eth_blockNumber' });
  });

  it('another network, country or continent has no calls', async () => {
    for (const query of ['network=fuji', 'network=mainnet&country=US', 'network=mainnet&continent=EU']) {
      const { status, body } = await call('alice', `/v1/primaryNetworkRpcUsageMetrics?${query}&${range}`);
      expect({ query, status, metrics: body.metrics }).toEqual({ query, status: 200, metrics: [] });
    }
    expect((await call('alice', '/v1/primaryNetworkRpcUsageMetrics?network=fuji')).body.network).toBe('testnet');
  });

  it.each([
    ['', 'network'],
    ['network=mainnet&country=usa', 'country must be an ISO 3166-1 alpha-2 country code'],
    ['network=mainnet&continent=XY', 'continent must be one of'],
    ['network=mainnet&timeInterval=minute', 'timeInterval'],
  ])('%s is a 400 naming the rule', async (query, message) => {
    const { status, body } = await call('alice', `/v1/primaryNetworkRpcUsageMetrics?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });
});

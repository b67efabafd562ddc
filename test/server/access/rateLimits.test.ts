// Compute-unit rate limits (issue 13): each route weighs compute units, each caller has a budget per
// minute and per day; over it, 429 with retry-after, and the IETF ratelimit-* headers on every answer.
import { randomInt } from 'node:crypto';
import type { Database } from '../../../prisma/database';
import { unlimitedAccess, type AccessOptions } from '../../../server/access/accessControl';
import { computeUnits } from '../../../server/access/routeWeights';
import { createRedisRateLimiter } from '../../../server/access/redisRateLimiter';
import { createServiceMetrics } from '../../../server/serviceMetrics';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';

const subnets = '/v1/networks/mainnet/subnets'; // a list
const transaction = `/v1/chains/43114/transactions/0x${'ab'.repeat(32)}`; // a lookup (404 here: charged all the same)
const listSubnetsQuery = '{ listSubnets(network: mainnet, pageSize: 1) { subnets { subnetId } } }';

/** A pinned clock inside a minute of its own: counters of other runs (Redis is shared) never meet this one's. */
function pinnedClock(secondOfMinute: number, secondOfDay = 3_600): () => number {
  const day = 20_000 + randomInt(1_000_000);
  return () => day * 86_400 + secondOfDay + secondOfMinute;
}

let db: Database;
/** What the services logged: the Redis limiter says so when it falls back to memory. */
const redisLog: string[] = [];
const started: TestService[] = [];
async function serve(
  access: Partial<AccessOptions>,
  clock: () => number,
  metrics = createServiceMetrics(),
): Promise<TestService> {
  const service = await startTestService(db, {
    access: { ...unlimitedAccess, ...access },
    clock,
    metrics,
    log: (message) => void redisLog.push(message),
  });
  started.push(service);
  return service;
}

/** GET with the headers of the answer. */
async function get(service: TestService, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(service.base + path, { headers });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.json() };
}

beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(async () => {
  for (const service of started) await service.close();
  await teardown(db);
});

describe('route weights', () => {
  it('weighs lists above lookups, aggregations above lists', () => {
    expect(computeUnits.lookup).toBeLessThan(computeUnits.list);
    expect(computeUnits.list).toBeLessThan(computeUnits.aggregation);
    expect(computeUnits.aggregation).toBeLessThan(computeUnits.signatures);
  });
});

describe('anonymous budget per minute (in memory)', () => {
  it('answers 429 exactly when the next request no longer fits, with retry-after and the ratelimit headers', async () => {
    // Three lists fit a budget of 3 lists + 1 lookup; the fourth list does not, a lookup still does.
    const perMinute = 3 * computeUnits.list + computeUnits.lookup;
    const service = await serve({ anonymousBudget: { perMinute, perDay: 1_000 } }, pinnedClock(15));
    for (let i = 1; i <= 3; i++) {
      const answer = await get(service, subnets);
      expect(answer.status).toBe(200);
      expect(answer.headers['ratelimit-policy']).toBe(`${perMinute};w=60, 1000;w=86400`);
      expect(answer.headers['ratelimit-limit']).toBe(String(perMinute));
      expect(answer.headers['ratelimit-remaining']).toBe(String(perMinute - i * computeUnits.list));
      expect(answer.headers['ratelimit-reset']).toBe('45'); // 15 s into the minute
    }
    const refused = await get(service, subnets);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringContaining('Rate limit exceeded'),
    });
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['ratelimit-remaining']).toBe(String(computeUnits.lookup));
    // The refused request cost nothing: the last unit still pays a lookup.
    const lookup = await get(service, transaction);
    expect(lookup.status).toBe(404);
    expect(lookup.headers['ratelimit-remaining']).toBe('0');
    expect((await get(service, transaction)).status).toBe(429);
  });

  it('counts the refusals by tier in rate_limit_rejections_total', async () => {
    const metrics = createServiceMetrics();
    const service = await serve(
      { anonymousBudget: { perMinute: computeUnits.list, perDay: 0 } },
      pinnedClock(0),
      metrics,
    );
    expect((await get(service, subnets)).status).toBe(200);
    expect((await get(service, subnets)).status).toBe(429);
    expect((await get(service, subnets)).status).toBe(429);
    expect((await metrics.rateLimitRejections.get()).values).toEqual([{ labels: { tier: 'anonymous' }, value: 2 }]);
  });
});

describe('budget per day', () => {
  it('refuses once the day is spent, retry-after counting to the next UTC midnight', async () => {
    const secondOfDay = 86_400 - 1_000;
    const service = await serve(
      { anonymousBudget: { perMinute: 0, perDay: 2 * computeUnits.list } },
      pinnedClock(0, secondOfDay),
    );
    expect((await get(service, subnets)).headers['ratelimit-policy']).toBe(`${2 * computeUnits.list};w=86400`);
    expect((await get(service, subnets)).status).toBe(200);
    const refused = await get(service, subnets);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1000');
    expect(refused.headers['ratelimit-reset']).toBe('1000');
  });
});

describe('anonymous callers behind a proxy (TRUST_PROXY)', () => {
  const forwardedFor = (address: string) => ({ 'x-forwarded-for': address });

  it('counts each forwarded client address apart when the proxy is trusted', async () => {
    const service = await serve(
      { trustProxy: 'loopback', anonymousBudget: { perMinute: computeUnits.list, perDay: 0 } },
      pinnedClock(5),
    );
    expect((await get(service, subnets, forwardedFor('203.0.113.1'))).status).toBe(200);
    expect((await get(service, subnets, forwardedFor('203.0.113.1'))).status).toBe(429);
    expect((await get(service, subnets, forwardedFor('203.0.113.2'))).status).toBe(200);
  });

  it('ignores X-Forwarded-For otherwise: the peer is the client', async () => {
    const service = await serve({ anonymousBudget: { perMinute: computeUnits.list, perDay: 0 } }, pinnedClock(5));
    expect((await get(service, subnets, forwardedFor('203.0.113.1'))).status).toBe(200);
    expect((await get(service, subnets, forwardedFor('203.0.113.2'))).status).toBe(429);
  });
});

describe('keys have their own budget', () => {
  it('charges a key apart from the anonymous callers of the same address', async () => {
    const service = await serve(
      {
        apiKeys: ['k-budget'],
        anonymousBudget: { perMinute: computeUnits.list, perDay: 0 },
        keyBudget: { perMinute: 10 * computeUnits.list, perDay: 0 },
      },
      pinnedClock(30),
    );
    expect((await get(service, subnets)).status).toBe(200);
    expect((await get(service, subnets)).status).toBe(429);
    const keyed = await get(service, subnets, { 'x-service-api-key': 'k-budget' });
    expect(keyed.status).toBe(200);
    expect(keyed.headers['ratelimit-remaining']).toBe(String(9 * computeUnits.list));
  });
});

describe('GraphQL pays the same weights', () => {
  it('charges each root field (aliases included) what its REST route costs', async () => {
    const service = await serve({ anonymousBudget: { perMinute: 100, perDay: 0 } }, pinnedClock(0));
    const response = await fetch(`${service.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ a: listSubnets(network: mainnet, pageSize: 1) { subnets { subnetId } } b: listSubnets(network: fuji, pageSize: 1) { subnets { subnetId } } }',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-remaining')).toBe(String(100 - 2 * computeUnits.list));
  });

  it('answers 429 as a GraphQL error', async () => {
    const service = await serve({ anonymousBudget: { perMinute: computeUnits.list, perDay: 0 } }, pinnedClock(0));
    expect((await service.graphql(listSubnetsQuery)).status).toBe(200);
    const refused = await service.graphql(listSubnetsQuery);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS', http: { status: 429 } });
  });
});

describe('shared through Redis (REDIS_URL)', () => {
  it('enforces one budget across two instances: the 429 comes when their requests together spend it', async () => {
    const clock = pinnedClock(50);
    const access = {
      redisUrl: 'redis://127.0.0.1:6379',
      anonymousBudget: { perMinute: 5 * computeUnits.list, perDay: 0 },
    };
    const [one, two] = [await serve(access, clock), await serve(access, clock)];
    // Both instances went through Redis: neither fell back to counting alone.
    expect(redisLog).toEqual([]);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get(i % 2 === 0 ? one : two, subnets));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(
      [4, 3, 2, 1, 0, 0].map((lists) => String(lists * computeUnits.list)),
    );
    expect(answers[5]!.headers['retry-after']).toBe('10');
    // Either instance refuses now.
    expect((await get(one, subnets)).status).toBe(429);
    expect(redisLog).toEqual([]);
  });
});

describe('Redis unavailable', () => {
  it('counts in the instance memory meanwhile, and says so once', async () => {
    const told: string[] = [];
    // Nothing listens on port 1: every command fails at once.
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1', {
      now: () => 90_000_000_000,
      timeoutMs: 100,
      log: (message) => void told.push(message),
    });
    try {
      const budget = { perMinute: 2, perDay: 0 };
      const decisions = [
        await limiter.consume('ip:x', 1, budget),
        await limiter.consume('ip:x', 1, budget),
        await limiter.consume('ip:x', 1, budget),
      ];
      expect(decisions.map((decision) => decision?.allowed)).toEqual([true, true, false]);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/^Redis does not answer .*counted per instance meanwhile$/);
    } finally {
      await limiter.close();
    }
  });
});

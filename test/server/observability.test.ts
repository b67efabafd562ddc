// What an operator reads: health (the hosted API's /v1 and /v2 health and live checks, liveness,
// readiness) and Prometheus metrics that parse and move with traffic.
import type { Database } from '../../prisma/database';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import { createServiceMetrics } from '../../server/serviceMetrics';
import { insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { parsePrometheusText, type Family } from '../support/parsePrometheusText';

let db: Database;
let service: TestService;
const metrics = createServiceMetrics();
const logLines: string[] = [];
const loggers = createLoggerFactory({ display: (line) => logLines.push(line) });

beforeAll(async () => {
  db = await setupTestDatabase({ onQueryTime: (seconds) => metrics.databaseDuration.observe(seconds) });
  await insertSubnetFixture(db);
  service = await startTestService(db, { metrics, loggers });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

async function scrape(): Promise<Map<string, Family>> {
  const response = await fetch(`${service.base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

/** The value of a sample, 0 when absent. */
const sample = (families: Map<string, Family>, family: string, name: string, labels: Record<string, string>) =>
  families
    .get(family)
    ?.samples.find((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    ?.value ?? 0;
const requestCount = (families: Map<string, Family>, route: string, status: string) =>
  sample(families, 'http_requests_total', 'http_requests_total', { route, status });

const upBody = {
  status: 'ok',
  info: { database: { status: 'up' } },
  error: {},
  details: { database: { status: 'up' } },
};

describe('GET /v1/health-check and /v2/health-check', () => {
  it.each(['/v1/health-check', '/v2/health-check'])(
    '%s answers 200 in the hosted API’s shape while the database is up',
    async (path) => {
      expect(await service.request(path)).toEqual({ status: 200, body: upBody });
    },
  );
});

describe('GET /v1/live-check and /v2/live-check', () => {
  it.each(['/v1/live-check', '/v2/live-check'])(
    '%s answers 200 in the hosted API’s shape while the database answers reads',
    async (path) => {
      expect(await service.request(path)).toEqual({ status: 200, body: upBody });
    },
  );
});

describe('GET /health/live and /health/ready', () => {
  it('is live and ready with a migrated database', async () => {
    expect((await service.request('/health/live')).status).toBe(200);
    expect((await service.request('/health/ready')).status).toBe(200);
  });

  it('is not ready while a migration is pending, and ready again once it is applied', async () => {
    const [last] = await db.query<{ migration_name: string; id: string }>(
      'SELECT id, migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1',
    );
    await db.query('UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = $1', [last!.id]);
    try {
      const answer = await service.request('/health/ready');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        status: 'error',
        error: { database: { status: 'down', message: '1 migration(s) pending' } },
      });
      expect((await service.request('/health/live')).status).toBe(200);
      // A health check wants the migrations, a live check reads only.
      expect((await service.request('/v1/health-check')).status).toBe(503);
      expect(await service.request('/v2/live-check')).toEqual({ status: 200, body: upBody });
    } finally {
      await db.query('UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE id = $1', [last!.id]);
    }
    expect((await service.request('/health/ready')).status).toBe(200);
  });
});

describe('GET /metrics (Prometheus text format)', () => {
  it('parses, and its request counters and histograms move with traffic, labelled by route template', async () => {
    const before = await scrape();
    const route = '/v1/networks/{network}/subnets';
    for (let i = 0; i < 3; i++)
      expect((await service.request('/v1/networks/mainnet/subnets?pageSize=1')).status).toBe(200);
    expect((await service.request('/v1/networks/nowhere/subnets')).status).toBe(400);
    expect((await service.request('/v1/no/such/route/abc')).status).toBe(404);
    const after = await scrape();
    expect(requestCount(after, route, '200') - requestCount(before, route, '200')).toBe(3);
    expect(requestCount(after, route, '400') - requestCount(before, route, '400')).toBe(1);
    expect(requestCount(after, 'unmatched', '404') - requestCount(before, 'unmatched', '404')).toBe(1);
    // Raw paths never become labels.
    expect(after.get('http_requests_total')!.samples.some((s) => s.labels.route?.includes('mainnet'))).toBe(false);
    expect(after.get('http_request_duration_seconds')!.type).toBe('histogram');
    const latencyCount = (families: Map<string, Family>) =>
      sample(families, 'http_request_duration_seconds', 'http_request_duration_seconds_count', {
        route,
        method: 'GET',
      });
    expect(latencyCount(after) - latencyCount(before)).toBe(4);
    const databaseCount = (families: Map<string, Family>) =>
      sample(families, 'database_query_duration_seconds', 'database_query_duration_seconds_count', {});
    expect(databaseCount(after)).toBeGreaterThan(databaseCount(before));
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'rate_limit_rejections_total',
      'indexer_lag_blocks',
    ]) {
      expect(after.has(name)).toBe(true);
    }
  });
});

describe('request IDs and log lines', () => {
  const linesOf = (requestId: string) =>
    logLines.map((line) => JSON.parse(line)).filter((line) => line.reqId === requestId);

  it('answers a generated ID in x-request-id and writes one JSON line for the request with it', async () => {
    const response = await fetch(`${service.base}/v1/networks/mainnet/subnets?pageSize=1`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await new Promise((resolve) => setImmediate(resolve));
    const [line, ...others] = linesOf(requestId);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      logger: 'http',
      msg: 'request',
      method: 'GET',
      path: '/v1/networks/mainnet/subnets',
      route: '/v1/networks/{network}/subnets',
      status: 200,
    });
    expect(typeof line.ms).toBe('number');
    expect(typeof line.time).toBe('string');
  });

  it("keeps a plain ID the caller sent (a proxy's), on errors too, and replaces one that is not plain", async () => {
    const kept = await fetch(`${service.base}/v1/networks/nowhere/subnets`, {
      headers: { 'x-request-id': 'lb-7f3a.2:9' },
    });
    expect(kept.status).toBe(400);
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:9');
    await new Promise((resolve) => setImmediate(resolve));
    expect(linesOf('lb-7f3a.2:9').map((line) => line.status)).toEqual([400]);
    for (const sent of ['has space', 'x'.repeat(129), '<script>']) {
      const replaced = await fetch(`${service.base}/health/live`, { headers: { 'x-request-id': sent } });
      expect(replaced.headers.get('x-request-id')).not.toBe(sent);
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

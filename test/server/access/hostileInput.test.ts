// Hostile input (issue 13): GraphQL cost and alias limits, query-string and body limits, and the
// per-statement database time limit (a query that runs too long is cancelled and answered 503).
import pg from 'pg';
import type { Database } from '../../../prisma/database';
import { maxQueryCost } from '../../../gateway/queryCost';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { unlimitedAccess } from '../../../server/access/accessControl';

const onPostgres = Boolean(process.env.DATABASE_URL);
const statementTimeoutMs = 200;
let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase({ statementTimeoutMs });
  service = await startTestService(db, { access: { ...unlimitedAccess, maxQueryStringBytes: 1024 } });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GraphQL cost limit (page sizes multiply)', () => {
  // listSubnets(pageSize: P) { subnets { validators(first: F) { … } } }: P × (the page + its list + F validators).
  const nested = (pageSize: number, first: number) =>
    `{ listSubnets(network: mainnet, pageSize: ${pageSize}) { subnets { subnetId validators(first: ${first}) { validationId } } } }`;
  const costOf = (pageSize: number, first: number) => pageSize * (1 + 1 + first);

  it('refuses nested pages whose product is over the limit, before anything runs', async () => {
    expect(costOf(10_000, 100)).toBeGreaterThan(maxQueryCost);
    const { status, body } = await service.graphql(nested(10_000, 100));
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe(
      `Query costs ${costOf(10_000, 100)} (objects, page sizes multiplied); at most ${maxQueryCost} is allowed`,
    );
  });

  it('reads page sizes from variables too', async () => {
    const { status } = await service.graphql(
      'query Q($n: Int) { listSubnets(network: mainnet, pageSize: $n) { subnets { validators(first: 100) { validationId } } } }',
      { n: 10_000 },
    );
    expect(status).toBe(400);
  });

  it('answers the same document with small pages', async () => {
    expect(costOf(10, 10)).toBeLessThan(maxQueryCost);
    expect((await service.graphql(nested(10, 10))).status).toBe(200);
  });

  it('lets the largest REST page through (10,000 subnets)', async () => {
    expect((await service.request('/v1/networks/mainnet/subnets?pageSize=10000')).status).toBe(200);
  });
});

describe('GraphQL alias limit', () => {
  it('refuses more than 30 aliases with 400', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ');
    const { status, body } = await service.graphql(`{ ${fields} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query uses more than 30 aliases');
  });
});

describe('query-string and body limits', () => {
  it('answers 414 to a query string over MAX_QUERY_STRING_BYTES', async () => {
    expect(await service.request(`/v1/networks/mainnet/subnets?pageToken=${'a'.repeat(1100)}`)).toEqual({
      status: 414,
      body: { statusCode: 414, error: 'URI Too Long', message: 'The query string is longer than 1024 bytes' },
    });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const { status, body } = await service.request('/v1/signatureAggregator/mainnet/aggregateSignatures', {
      body: { message: 'ab'.repeat(600_000) },
    });
    expect(status).toBe(413);
    expect(body.statusCode).toBe(413);
  });
});

(onPostgres ? describe : describe.skip)(
  'database statement time limit (PostgreSQL; DATABASE_STATEMENT_TIMEOUT_MS)',
  () => {
    it('cancels a request statement that runs too long and answers 503', async () => {
      // Another session holds the subnet table: the request's SELECT waits, and the wait is cancelled.
      const url = new URL(process.env.DATABASE_URL!);
      const schema = (await db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;
      const locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query(`LOCK TABLE "${schema}".subnet IN ACCESS EXCLUSIVE MODE`);
        const started = Date.now();
        const { status, body } = await service.request('/v1/networks/mainnet/subnets');
        expect(status).toBe(503);
        expect(body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.stringContaining('took too long'),
        });
        expect(Date.now() - started).toBeLessThan(statementTimeoutMs + 2_000);
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      expect((await service.request('/v1/networks/mainnet/subnets')).status).toBe(200);
    });

    it('leaves write transactions without a limit', async () => {
      const slept = await db.transaction((tx) =>
        tx.query<{ ok: number }>(`SELECT 1 AS ok FROM pg_sleep(${(statementTimeoutMs * 2) / 1000})`),
      );
      expect(slept).toEqual([{ ok: 1 }]);
    });
  },
);

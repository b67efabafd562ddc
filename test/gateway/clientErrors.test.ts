import { createHash } from 'node:crypto';
import type { Database } from '../../prisma/database';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;
const logged: unknown[] = [];

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  service = await startTestService(db, { log: (_message, error) => logged.push(error) });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});
beforeEach(() => {
  logged.length = 0;
});
afterEach(() => {
  // A client's mistake is never an internal error.
  expect(logged).toEqual([]);
});

/** The scalar of getEvmChainMetrics' startTimestamp, as the served schema names it. */
async function startTimestampType(): Promise<string> {
  const { body } = await service.graphql('{ __type(name: "Query") { fields { name args { name type { name } } } } }');
  const field = body.data.__type.fields.find((candidate: { name: string }) => candidate.name === 'getEvmChainMetrics');
  return field.args.find((arg: { name: string }) => arg.name === 'startTimestamp').type.name;
}

const metrics = (startTimestamp: string) =>
  `{ getEvmChainMetrics(chainId: "99001", metric: txCount, startTimestamp: ${startTimestamp}) { results { value } } }`;

describe('POST /graphql: client mistakes are 4xx with their own code, never internal errors', () => {
  it('error: an unknown operationName is a 400 OPERATION_RESOLUTION_FAILURE', async () => {
    const { status, body } = await service.request('/graphql', {
      body: { query: 'query A { listEvmChains { chainId } }', operationName: 'B' },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      {
        message: 'Unknown operation named "B".',
        extensions: { code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } },
      },
    ]);
  });

  it('error: several operations and no operationName is a 400', async () => {
    const { status, body } = await service.graphql(
      'query A { listEvmChains { chainId } } query B { listEvmChains { network } }',
    );
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({
      message: 'Must provide operation name if query contains multiple operations.',
      extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
    });
  });

  it('behavior: the named operation of several runs', async () => {
    const { status, body } = await service.request('/graphql', {
      body: {
        query: 'query A { listEvmChains { chainId } } query B { listEvmChains { network } }',
        operationName: 'B',
      },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { listEvmChains: [{ network: 'mainnet' }] } });
  });

  it('error: an invalid custom scalar literal is a 400 GRAPHQL_VALIDATION_FAILED, from the gateway', async () => {
    expect(await startTimestampType()).not.toMatch(/^(Int|Float|String)$/); // a custom scalar
    for (const literal of ['1.5', '"soon"', '9007199254740993']) {
      const { status, body } = await service.graphql(metrics(literal));
      expect(status).toBe(400);
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } });
      expect(body.errors[0].message).not.toBe('Internal Server Error');
    }
    expect((await service.graphql(metrics('1700000000'))).status).toBe(200);
  });

  it('error: an invalid custom scalar variable is a 400 BAD_USER_INPUT', async () => {
    const type = await startTimestampType();
    const query = `query ($t: ${type}) { getEvmChainMetrics(chainId: "99001", metric: txCount, startTimestamp: $t) { results { value } } }`;
    const { status, body } = await service.graphql(query, { t: 1.5 });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/^Variable "\$t" got invalid value 1.5/);
    // The same check before an operation the query plan runs (it spans two subgraphs).
    const joined = `query ($t: ${type}) { listSubnets(network: mainnet) { subnets { blockchains { evmChain { chainId } } } }
      getEvmChainMetrics(chainId: "99001", metric: txCount, startTimestamp: $t) { results { value } } }`;
    const planned = await service.graphql(joined, { t: 'soon' });
    expect(planned.status).toBe(400);
    expect(planned.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('error: a subscription is a 400 saying subscriptions are not supported', async () => {
    const { status, body } = await service.graphql('subscription { listEvmChains { chainId } }');
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      {
        message: 'Subscriptions are not supported: send a query or a mutation',
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
      },
    ]);
  });
});

describe('POST /graphql: automatic persisted queries, as Apollo Server defines them', () => {
  const query = '{ listEvmChains { chainId } }';
  const sha256Hash = createHash('sha256').update(query).digest('hex');
  const persisted = (hash: string, version = 1) => ({ extensions: { persistedQuery: { version, sha256Hash: hash } } });

  it('error: an unknown hash answers PERSISTED_QUERY_NOT_FOUND (200), so the client sends the query', async () => {
    const { status, body } = await service.request('/graphql', { body: persisted('ab'.repeat(32)) });
    expect(status).toBe(200);
    expect(body).toEqual({
      errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
  });

  it('behavior: a query sent with its hash registers it; the hash alone then runs it', async () => {
    expect((await service.request('/graphql', { body: { query, ...persisted(sha256Hash) } })).body).toEqual({
      data: { listEvmChains: [{ chainId: '99001' }] },
    });
    expect((await service.request('/graphql', { body: persisted(sha256Hash) })).body).toEqual({
      data: { listEvmChains: [{ chainId: '99001' }] },
    });
  });

  it('error: a hash that does not match the query, or an unknown version, is a 400 BAD_REQUEST', async () => {
    const mismatch = await service.request('/graphql', { body: { query, ...persisted('cd'.repeat(32)) } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([
      { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    ]);
    const version = await service.request('/graphql', { body: persisted(sha256Hash, 2) });
    expect(version.status).toBe(400);
    expect(version.body.errors[0]).toMatchObject({
      message: 'Unsupported persisted query version',
      extensions: { code: 'BAD_REQUEST' },
    });
  });
});

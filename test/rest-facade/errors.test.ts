import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;
const logged: unknown[] = [];

beforeAll(async () => {
  db = await setupTestDatabase();
  service = await startTestService(db, { log: (_message, error) => logged.push(error) });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('error bodies (section 7)', () => {
  it('answers an unknown route with 404 and the error body', async () => {
    expect(await service.request('/v1/networks/mainnet/nothing')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Cannot GET /v1/networks/mainnet/nothing' },
    });
  });

  it('answers a known path with another method with 405 and the error body (test/server/httpMethods.test.ts has the rule)', async () => {
    const { status, body } = await service.request('/v1/networks/mainnet/subnets', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(body).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: '/v1/networks/mainnet/subnets answers GET and HEAD, not DELETE',
    });
  });

  it('answers malformed JSON on /graphql with 400', async () => {
    const { status } = await service.request('/graphql', { body: '{"query": ' });
    expect(status).toBe(400);
  });

  it('answers an internal failure with 500, a generic message and no internals', async () => {
    await db.query('ALTER TABLE "blockchain" RENAME TO "blockchain_away"');
    try {
      await db.prisma.subnet.create({
        data: {
          network: 'MAINNET',
          subnetId: 's',
          createBlockTimestamp: 1n,
          createBlockIndex: 1n,
          ownerAddresses: [],
          threshold: 1,
          locktime: 0n,
        },
      });
      const rest = await service.request('/v1/networks/mainnet/subnets');
      expect(rest).toEqual({
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
      });
      const graphql = await service.graphql(
        '{ listSubnets(network: mainnet) { subnets { blockchains { blockchainId } } } }',
      );
      expect(graphql.body.errors[0]).toEqual({
        message: 'Internal Server Error',
        extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } },
      });
      expect(JSON.stringify([rest.body, graphql.body])).not.toMatch(/blockchain_away|prisma|stack|at /i);
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      await db.query('ALTER TABLE "blockchain_away" RENAME TO "blockchain"');
    }
  });
});

describe('GET /openapi.json', () => {
  it('documents the exact REST paths with the section 8 bounds', async () => {
    const { status, body } = await service.request('/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/v1/networks/{network}/subnets', '/v2/chains/{chainId}/metrics/{metric}']),
    );
    const pageSize = body.paths['/v1/networks/{network}/subnets'].get.parameters.find(
      (p: any) => p.name === 'pageSize',
    );
    expect(pageSize.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 10000, default: 100 });
    expect(
      body.paths['/v1/networks/{network}/subnets'].get.responses['400'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('documents parameter types with their pattern, and each parameter with its own description', async () => {
    const { body } = await service.request('/openapi.json');
    const parameters = body.paths['/v2/chains/{chainId}/metrics/{metric}'].get.parameters;
    const start = parameters.find((p: any) => p.name === 'startTimestamp');
    const end = parameters.find((p: any) => p.name === 'endTimestamp');
    // The description on the parameter itself, where Swagger UI and the generators read it.
    expect(start).toMatchObject({
      description: expect.stringContaining('at or after'),
      schema: { type: 'integer', format: 'int64' },
    });
    expect(end).toMatchObject({
      description: expect.stringContaining('at or before'),
      schema: { type: 'integer', format: 'int64' },
    });
    const address = body.paths['/v1/chains/{chainId}/addresses/{address}/transactions:listErc20'].get.parameters.find(
      (p: any) => p.name === 'address',
    );
    expect(address).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    });
  });
});

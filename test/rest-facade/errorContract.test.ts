// Requests a fuzz of the REST routes found answered with 500s, resets or parser wording: each
// must be a 4xx with the error body of section 7, worded for a REST caller.
import type { Database } from '../../prisma/database';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { rawRequest } from '../support/rawHttp';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

const errorBody = (status: number) => ({ statusCode: status, error: expect.any(String), message: expect.any(String) });
/** GraphQL's own words, which a REST caller must never see. */
const graphqlWording =
  /Variable "\$|GraphQL|cannot represent|does not exist in ".*" enum|Expected type|Syntax Error|Unexpected token/;

describe('REST paths with dot segments or broken encodings', () => {
  it.each([
    ['/v1/networks/../subnets', 'path parameter network must not be ".."'],
    ['/v1/networks/./subnets', 'path parameter network must not be "."'],
    ['/v1/networks/%2e%2e/subnets', 'path parameter network must not be ".."'],
    ['/v1/networks/%2E/subnets', 'path parameter network must not be "."'],
    ['/v2/chains/43114/metrics/..', 'path parameter metric must not be ".."'],
    ['/v1/networks/mainnet/subnets/..', 'path parameter subnetId must not be ".."'],
    ['/v2/chains/..%2f/metrics/txCount', 'path parameter chainId must be an EVM chain ID, total, mainnet or testnet'],
    ['/v1/networks/%zz/subnets', 'path parameter network is not valid percent-encoding'],
  ])('answers GET %s with 400 naming the path parameter', async (path, message) => {
    const answer = await rawRequest(service.base, 'GET', path);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it.each(['/v1/networks/mainnet/subnets/x/..', '/v1/../v1/networks/mainnet/subnets', '/v2/chains/43114/metrics/./x'])(
    'answers GET %s, which names no route, with 404 and the error body',
    async (path) => {
      const answer = await rawRequest(service.base, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(errorBody(404));
    },
  );
});

describe('REST query strings', () => {
  it.each([
    ['pageSize=1&pageSize=2', 'query parameter pageSize must be given once'],
    ['pageSize=1e3', 'query parameter pageSize must be an integer'],
    ['pageSize=99999999999', 'query parameter pageSize must be an integer'],
    ['sortOrder=sideways', 'query parameter sortOrder must be one of asc, desc'],
    ['pageToken=%00', 'query parameter pageToken is invalid or belongs to another query'],
  ])('answers ?%s with 400 in REST terms', async (query, message) => {
    const answer = await service.request(`/v1/networks/mainnet/subnets?${query}`);
    expect(answer).toEqual({ status: 400, body: { statusCode: 400, error: 'Bad Request', message } });
  });

  it('ignores what is not a parameter of the route, bracketed keys included', async () => {
    const answer = await service.request('/v1/networks/mainnet/subnets?pageSize[gt]=5&unknown=1&pageSize=2');
    expect(answer.status).toBe(200);
    expect(answer.body.subnets).toHaveLength(2);
  });

  it.each([
    '/v1/networks/fuji/subnets?pageSize=0',
    '/v1/networks/x/subnets',
    '/v2/chains/99001/metrics/txCount?timeInterval=year',
    '/v2/chains/99001/metrics/txCount?startTimestamp=1.5',
    '/v2/chains/-1/metrics/txCount',
    '/v2/chains/99001/metrics/nothing?pageSize=true',
  ])('words the 400 of %s without GraphQL terms', async (path) => {
    const answer = await service.request(path);
    expect(answer.status).toBe(400);
    expect(answer.body.message).not.toMatch(graphqlWording);
    expect(answer.body.message).toMatch(/^(query|path) parameter /);
  });
});

describe('REST request bodies (POST /v1/signatureAggregator/{network}/aggregateSignatures)', () => {
  const path = '/v1/signatureAggregator/mainnet/aggregateSignatures';
  const json = { 'content-type': 'application/json' };

  it.each([
    ['null', 'the request body must be a JSON object'],
    ['[]', 'the request body must be a JSON object'],
    ['42', 'the request body must be a JSON object'],
    ['"text"', 'the request body must be a JSON object'],
    ['{"message": ', 'the request body is not valid JSON'],
    ['{"message":"0x00",}', 'the request body is not valid JSON'],
  ])('answers the body %s with 400 and its own words, not the parser’s', async (body, message) => {
    const answer = await rawRequest(service.base, 'POST', path, { headers: json, body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('answers a field of the wrong type in REST terms', async () => {
    const answer = await rawRequest(service.base, 'POST', path, {
      headers: json,
      body: '{"message":"00","quorumPercentage":"many"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('body field quorumPercentage must be an integer');
  });

  it('answers a 2 MB body with 413 and the error body, not a reset connection', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const answer = await rawRequest(service.base, 'POST', path, {
      headers: { ...json, 'content-length': String(body.length) },
      body,
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: expect.stringContaining('at most'),
    });
  });

  it('answers a 2 MB chunked body (no length announced) with 413 too', async () => {
    const answer = await rawRequest(service.base, 'POST', path, {
      headers: json,
      body: Buffer.alloc(2 * 1024 * 1024, 'a'),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ statusCode: 413 });
    // The connection was left usable: the next request is answered.
    expect((await service.request('/v1/networks/mainnet/subnets?pageSize=1')).status).toBe(200);
  });
});

describe('requests Node refuses before any route (headers and URLs over its limit)', () => {
  it('answers headers over the limit with 431 and the error body', async () => {
    const answer = await rawRequest(service.base, 'GET', '/v1/networks/mainnet/subnets', {
      headers: { 'x-filler': 'a'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expect(answer.json).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      message: expect.any(String),
    });
  });

  it('answers a URL over the limit with 431 and the error body', async () => {
    const answer = await rawRequest(
      service.base,
      'GET',
      `/v1/networks/mainnet/subnets?pageToken=${'a'.repeat(20_000)}`,
    );
    expect(answer.status).toBe(431);
    expect(answer.json).toMatchObject({ statusCode: 431 });
  });
});

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
beforeEach(() => {
  logged.length = 0;
});
afterEach(() => {
  expect(logged).toEqual([]);
});

/** The one error shape of /graphql. */
const graphqlError = (status: number, code: string, message: string) => ({
  status,
  body: { errors: [{ message, extensions: { code, http: { status } } }] },
});

const post = (body: string, headers?: Record<string, string>) =>
  service.request('/graphql', { method: 'POST', body, headers });

describe('POST /graphql: request bodies are refused in words for the client, in the GraphQL error shape', () => {
  it.each(['null', '"{ __typename }"', '42', 'true'])(
    'error: a JSON body that is not an object (%s) is a 400',
    async (body) => {
      expect(await post(body)).toEqual(
        graphqlError(400, 'BAD_REQUEST', 'the request body must be a JSON object with a query'),
      );
    },
  );

  it.each(['{"query":', "{'query': '{ __typename }'}", 'query { __typename }'])(
    'error: malformed JSON (%s) is a 400',
    async (body) => {
      expect(await post(body)).toEqual(graphqlError(400, 'BAD_REQUEST', 'the request body is not valid JSON'));
    },
  );

  it('error: a body over 1 MB is a 413', async () => {
    const body = JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(1_100_000) } });
    expect(await post(body)).toEqual(graphqlError(413, 'PAYLOAD_TOO_LARGE', 'the request body is larger than 1mb'));
  });

  it('error: a charset the JSON parser does not read is a 415', async () => {
    expect(await post('{"query":"{ __typename }"}', { 'content-type': 'application/json; charset=latin1' })).toEqual(
      graphqlError(415, 'UNSUPPORTED_MEDIA_TYPE', 'the request body must be JSON in UTF-8'),
    );
  });

  it("error: Apollo Server's own refusals (no query, a batch, a form post) keep its words, in the same shape", async () => {
    expect(await post('{}')).toEqual(
      graphqlError(400, 'BAD_REQUEST', 'POST body missing, invalid Content-Type, or JSON object has no keys.'),
    );
    expect(await post('[{"query":"{ __typename }"}]')).toEqual(
      graphqlError(400, 'BAD_REQUEST', 'Operation batching disabled.'),
    );
    const form = await post('query={ __typename }', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(400);
    expect(form.body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
  });

  it('behavior: a JSON object with a query is answered', async () => {
    expect(await post('{"query":"{ __typename }"}')).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
  });

  it('behavior: GET queries (no body) still reach Apollo Server', async () => {
    const query = encodeURIComponent('{ __typename }');
    expect(
      await service.request(`/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } }),
    ).toEqual({
      status: 200,
      body: { data: { __typename: 'Query' } },
    });
  });
});

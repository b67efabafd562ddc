// HTTP methods the way a production API answers them (RFC 9110), on real sockets: HEAD wherever
// GET, bodies on GET and HEAD, 405 with Allow for a method a route does not have, OPTIONS, and the
// node RPC's own answers under /ext. server/routeMethods.ts holds the mechanism.
import http from 'node:http';
import type { Database } from '../../prisma/database';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import { createServiceMetrics } from '../../server/serviceMetrics';
import { routeWeights } from '../../server/access/routeWeights';
import { unlimitedAccess } from '../../server/access/accessControl';
import { insertMiniChains, MINI } from '../node-rpc/miniChains';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;
const metrics = createServiceMetrics();
const logLines: string[] = [];
const loggers = createLoggerFactory({ display: (line) => logLines.push(line) });
const MiB = 1024 * 1024;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertMiniChains(db);
  service = await startTestService(db, {
    metrics,
    loggers,
    nodeRpc: { adminEnabled: true },
    access: { ...unlimitedAccess, anonymousBudget: { perMinute: 1_000_000, perDay: 10_000_000 } },
  });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

/** An answer off the wire, and whether it came on a connection an earlier request used. */
type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; reused: boolean };

/**
 * One request on a real socket (the agent's, so a test can send the next one on the same
 * connection). The body is written as given: with the `content-length` or `transfer-encoding`
 * header the test sets. Rejects when the connection closes or nothing arrives within 10 s.
 */
function exchange(
  method: string,
  path: string,
  {
    headers = {},
    body,
    agent = false,
  }: {
    headers?: Record<string, string>;
    body?: Buffer | string | (Buffer | string)[];
    agent?: http.Agent | false;
  } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(service.base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          reused: request.reusedSocket,
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    request.on('error', reject);
    for (const part of body === undefined ? [] : Array.isArray(body) ? body : [body]) request.write(part);
    request.end();
  });
}

/** A connection of its own, kept open between requests. */
const connection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The headers a HEAD must repeat: all but those that differ between any two requests. */
function repeatable(headers: http.IncomingHttpHeaders, ...alsoVarying: string[]): Record<string, unknown> {
  const varying = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset', ...alsoVarying]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.has(name)));
}

const linesOf = (requestId: string) =>
  logLines.map((line) => JSON.parse(line)).filter((line) => line.reqId === requestId);
const counted = async (labels: Record<string, string>) =>
  (await metrics.requests.get()).values.find((value) =>
    Object.entries(labels).every(([name, label]) => (value.labels as Record<string, unknown>)[name] === label),
  )?.value ?? 0;

const l1Block = `/v1/chains/${MINI.l1.chainId}/blocks/1/transactions`;
const getRoutes: [string, Record<string, string>][] = [
  [l1Block, {}],
  ['/v1/networks/mainnet/subnets?pageSize=0', {}],
  [`/v1/chains/${MINI.l1.chainId}/transactions/${MINI.txHash('nowhere', 1, 0)}`, {}],
  ['/v2/chains/43114/metrics/txCount', {}],
  ['/openapi.json', {}],
  ['/docs', { accept: 'text/html' }],
  ['/graphql', { accept: 'text/html' }],
  ['/graphql?query=%7B__typename%7D', { 'apollo-require-preflight': 'true' }],
  ['/health', {}],
  ['/health/live', {}],
  ['/health/ready', {}],
  ['/v1/health-check', {}],
  ['/v2/health-check', {}],
  ['/v1/live-check', {}],
  ['/v2/live-check', {}],
  ['/metrics', {}],
  ['/_pages/docs/apiReference.js', {}],
  ['/', {}],
  ['/', { accept: 'text/html' }],
  ['/favicon.ico', {}],
];

describe('HEAD is answered by every GET route with the GET’s status and headers, without content', () => {
  test.each(getRoutes)('HEAD %s: the GET’s status and headers, no content', async (path, headers) => {
    const get = await exchange('GET', path, { headers });
    const head = await exchange('HEAD', path, { headers });
    expect(head.status).toBe(get.status);
    expect(head.text).toBe('');
    // /metrics counts the GET itself: its length and ETag change from one scrape to the next.
    const varying = path === '/metrics' ? ['content-length', 'etag'] : [];
    expect(repeatable(head.headers, ...varying)).toEqual(repeatable(get.headers, ...varying));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    if (path === '/metrics') expect(head.headers['content-length']).toMatch(/^[1-9]\d*$/);
    else expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
  });

  test('the REST routes answer it on every status: 200, 400, 404 (and the statuses are those of GET)', async () => {
    const statuses = await Promise.all(
      getRoutes.slice(0, 4).map(async ([path]) => (await exchange('HEAD', path)).status),
    );
    expect(statuses).toEqual([200, 400, 404, 200]);
  });
});

describe('HEAD is charged, logged and counted like the GET it mirrors, with method HEAD', () => {
  test('access control charges the GET’s compute units and answers its rate-limit headers', async () => {
    const get = await exchange('GET', l1Block);
    const head = await exchange('HEAD', l1Block);
    const again = await exchange('GET', l1Block);
    for (const name of ['ratelimit-policy', 'ratelimit-limit']) expect(head.headers[name]).toBe(get.headers[name]);
    const remaining = [get, head, again].map((answer) => Number(answer.headers['ratelimit-remaining']));
    const weight = routeWeights.get('Query.getTransactionsForBlock')!.weight;
    expect([remaining[0]! - remaining[1]!, remaining[1]! - remaining[2]!]).toEqual([weight, weight]);
  });

  test('its log line and http_requests_total carry method HEAD and the route template', async () => {
    const route = '/v1/chains/{chainId}/blocks/{blockId}/transactions';
    const before = await counted({ route, method: 'HEAD', status: '200' });
    const head = await exchange('HEAD', l1Block);
    await new Promise((resolve) => setImmediate(resolve));
    expect(linesOf(String(head.headers['x-request-id']))).toEqual([
      expect.objectContaining({ method: 'HEAD', route, status: 200 }),
    ]);
    expect(await counted({ route, method: 'HEAD', status: '200' })).toBe(before + 1);
    const health = await exchange('HEAD', '/health/live');
    await new Promise((resolve) => setImmediate(resolve));
    expect(linesOf(String(health.headers['x-request-id']))).toEqual([
      expect.objectContaining({ method: 'HEAD', route: '/health/live', status: 200 }),
    ]);
  });
});

describe('A GET or HEAD carrying a body gets the GET’s answer, and the connection stays usable', () => {
  const bodies: [string, Record<string, string>, string | string[]][] = [
    ['a length, JSON', { 'content-type': 'application/json', 'content-length': '2' }, '{}'],
    ['a length, no content type', { 'content-length': '5' }, 'hello'],
    ['a length, malformed JSON', { 'content-type': 'application/json', 'content-length': '9' }, '{"query":'],
    ['chunks, JSON', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":', '1}']],
    ['chunks, no content type', { 'transfer-encoding': 'chunked' }, ['x'.repeat(64 * 1024), 'y']],
  ];
  const paths = [l1Block, '/graphql?query=%7B__typename%7D', '/health/live', '/openapi.json'];

  test.each(bodies)(
    'a body with %s: the GET’s answer, then the next request on the same connection',
    async (_name, headers, body) => {
      for (const path of paths) {
        const plain = { 'apollo-require-preflight': 'true' };
        const expected = await exchange('GET', path, { headers: plain });
        for (const method of ['GET', 'HEAD']) {
          const agent = connection();
          try {
            const answer = await exchange(method, path, { headers: { ...plain, ...headers }, body, agent });
            expect([method, path, answer.status, answer.text]).toEqual([
              method,
              path,
              expected.status,
              method === 'GET' ? expected.text : '',
            ]);
            const next = await exchange('GET', '/health/live', { agent });
            expect([next.status, next.reused]).toEqual([200, true]);
          } finally {
            agent.destroy();
          }
        }
      }
    },
  );

  test('a body over 1 MiB, announced or in chunks, is 413 with the error body, as for a POST; the connection stays usable', async () => {
    const big = Buffer.alloc(MiB + 1, 'a');
    const ways: Record<string, string>[] = [
      { 'content-length': String(big.length) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const headers of ways) {
      for (const method of ['GET', 'HEAD']) {
        const agent = connection();
        try {
          const answer = await exchange(method, l1Block, { headers, body: big, agent });
          expect(answer.status).toBe(413);
          const error = {
            message: `the request body must be at most ${MiB} bytes`,
            statusCode: 413,
            error: 'Payload Too Large',
          };
          expect(answer.text).toBe(method === 'GET' ? JSON.stringify(error) : '');
          expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(error))));
          const next = await exchange('GET', '/health/live', { agent });
          expect([next.status, next.reused]).toEqual([200, true]);
        } finally {
          agent.destroy();
        }
      }
    }
  });

  test('at exactly 1 MiB the body is still discarded and the GET answered', async () => {
    const answer = await exchange('GET', '/health/live', {
      headers: { 'content-length': String(MiB) },
      body: Buffer.alloc(MiB),
    });
    expect([answer.status, answer.text]).toEqual([200, '{"status":"ok"}']);
  });

  test('over 1 MiB at /graphql: 413 in the GraphQL error shape', async () => {
    const answer = await exchange('GET', '/graphql?query=%7B__typename%7D', {
      headers: { 'content-length': String(2 * MiB) },
      body: Buffer.alloc(2 * MiB),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      errors: [
        {
          message: `the request body must be at most ${MiB} bytes`,
          extensions: { code: 'PAYLOAD_TOO_LARGE', http: { status: 413 } },
        },
      ],
    });
  });
});

describe('A method a route does not have is 405 with Allow and the error body; unknown paths stay 404', () => {
  const restError = (path: string, allowed: string, method: string) => ({
    message: `${path} answers ${allowed}, not ${method}`,
    statusCode: 405,
    error: 'Method Not Allowed',
  });

  test.each([
    ['/v1/networks/mainnet/subnets', ['PUT', 'DELETE', 'PATCH', 'POST']],
    ['/v2/chains/43114/metrics/txCount', ['DELETE']],
    ['/v1/chains/43114/addresses/0xad9ea0f0f155856c610bc910d7af91513f98a093/transactions%3AlistErc20', ['PUT']],
    ['/openapi.json', ['POST', 'DELETE']],
    ['/docs', ['PUT']],
    ['/health/live', ['POST', 'DELETE']],
    ['/v1/health-check', ['PUT']],
    ['/metrics', ['DELETE']],
    ['/_pages/docs/apiReference.js', ['POST']],
    ['/', ['POST', 'DELETE']],
    ['/favicon.ico', ['PUT']],
  ])('%s has GET and HEAD: %j are 405', async (path, methods) => {
    for (const method of methods) {
      const answer = await exchange(method, path, { headers: { 'content-length': '0' } });
      expect([method, answer.status, answer.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.text)).toEqual(restError(path, 'GET and HEAD', method));
    }
  });

  test('a GET (or HEAD, or PUT) on the POST route of 4.1 is 405 naming POST', async () => {
    const path = '/v1/signatureAggregator/mainnet/aggregateSignatures';
    for (const method of ['GET', 'PUT']) {
      const answer = await exchange(method, path);
      expect([answer.status, answer.headers.allow, JSON.parse(answer.text)]).toEqual([
        405,
        'POST',
        restError(path, 'POST', method),
      ]);
    }
    const head = await exchange('HEAD', path);
    expect([head.status, head.headers.allow, head.text]).toEqual([405, 'POST', '']);
  });

  test('/graphql answers GET, HEAD and POST; another method is 405 in the GraphQL error shape', async () => {
    const answer = await exchange('PUT', '/graphql', {
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '{}',
    });
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    expect(JSON.parse(answer.text)).toEqual({
      errors: [
        {
          message: '/graphql answers GET, HEAD and POST, not PUT',
          extensions: { code: 'METHOD_NOT_ALLOWED', http: { status: 405 } },
        },
      ],
    });
  });

  test('a 405 is labelled with the route template in the log line and http_requests_total', async () => {
    const route = '/v1/networks/{network}/subnets';
    const before = await counted({ route, method: 'DELETE', status: '405' });
    const answer = await exchange('DELETE', '/v1/networks/fuji/subnets');
    await new Promise((resolve) => setImmediate(resolve));
    expect(linesOf(String(answer.headers['x-request-id']))).toEqual([
      expect.objectContaining({ method: 'DELETE', route, status: 405 }),
    ]);
    expect(await counted({ route, method: 'DELETE', status: '405' })).toBe(before + 1);
  });

  test('OPTIONS on a served path is 204 with Allow', async () => {
    const allowed: [string, string][] = [
      ['/v1/networks/mainnet/subnets', 'GET, HEAD'],
      ['/v1/signatureAggregator/mainnet/aggregateSignatures', 'POST'],
      ['/graphql', 'GET, HEAD, POST'],
      ['/health/live', 'GET, HEAD'],
      ['/openapi.json', 'GET, HEAD'],
    ];
    for (const [path, allow] of allowed) {
      const answer = await exchange('OPTIONS', path);
      expect([path, answer.status, answer.headers.allow, answer.text]).toEqual([path, 204, allow, '']);
    }
  });

  test('unknown paths stay 404 whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/v1/networks/mainnet/nothing'],
      ['DELETE', '/v1/networks/mainnet/nothing'],
      ['PUT', '/nothing'],
      ['OPTIONS', '/nothing'],
      ['POST', '/graphql/extra'],
    ]) {
      const answer = await exchange(method!, path!);
      expect([method, path, answer.status, answer.headers.allow]).toEqual([method, path, 404, undefined]);
      expect(JSON.parse(answer.text)).toEqual({
        message: `Cannot ${method} ${path}`,
        statusCode: 404,
        error: 'Not Found',
      });
    }
  });
});

describe('The node RPC under /ext answers HEAD as avalanchego does, with the Content-Length Go gives it, and keeps the connection', () => {
  const rpc = `/ext/bc/${MINI.l1.blockchainId}/rpc`;
  const chainIdCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });

  test.each([
    [
      '/ext/admin: gorilla’s 405',
      '/ext/admin',
      {},
      undefined,
      405,
      'text/plain; charset=utf-8',
      'rpc: POST method required, received HEAD',
    ],
    [
      'a chain’s /rpc without a content type: geth’s 415',
      rpc,
      {},
      undefined,
      415,
      'text/plain; charset=utf-8',
      'invalid content type, only application/json is supported\n',
    ],
    [
      'an unknown path: mux’s 404',
      '/ext/nothing',
      {},
      undefined,
      404,
      'text/plain; charset=utf-8',
      '404 page not found\n',
    ],
  ])('%s', async (_name, path, headers, body, status, type, text) => {
    const agent = connection();
    try {
      const head = await exchange('HEAD', path, { headers, body, agent });
      expect([head.status, head.headers['content-type'], head.headers['content-length'], head.text]).toEqual([
        status,
        type,
        String(Buffer.byteLength(text)),
        '',
      ]);
      const next = await exchange('GET', '/health/live', { agent });
      expect([next.status, next.reused]).toEqual([200, true]);
    } finally {
      agent.destroy();
    }
  });

  test('a HEAD with a JSON-RPC call runs it, as geth does, and answers the length of its answer', async () => {
    const post = await exchange('POST', rpc, {
      headers: { 'content-type': 'application/json', 'content-length': String(chainIdCall.length) },
      body: chainIdCall,
    });
    const head = await exchange('HEAD', rpc, {
      headers: { 'content-type': 'application/json', 'content-length': String(chainIdCall.length) },
      body: chainIdCall,
    });
    expect(post.text).toBe(`{"jsonrpc":"2.0","id":1,"result":"0x${MINI.l1.chainId.toString(16)}"}\n`);
    expect([head.status, head.headers['content-type'], head.headers['content-length'], head.text]).toEqual([
      200,
      'application/json',
      String(post.text.length),
      '',
    ]);
  });

  test('a GET with a JSON-RPC body is still a call there (the service discards GET bodies only on its own paths)', async () => {
    const get = await exchange('GET', rpc, {
      headers: { 'content-type': 'application/json', 'content-length': String(chainIdCall.length) },
      body: chainIdCall,
    });
    expect([get.status, get.text]).toEqual([
      200,
      `{"jsonrpc":"2.0","id":1,"result":"0x${MINI.l1.chainId.toString(16)}"}\n`,
    ]);
    const bare = await exchange('GET', rpc);
    expect([bare.status, bare.text, bare.headers['content-length']]).toEqual([200, '', '0']);
  });
});

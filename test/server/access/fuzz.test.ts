// The fuzz of issue 13: at least 10,000 generated requests over every REST route of
// schema/rest-routes.json and /graphql (random and boundary values, wrong types, huge numbers, bad
// encodings, forged page tokens, oversized bodies, deep GraphQL). No answer may be a 5xx other than
// a deliberate 503, none may carry a stack trace or an internal address, and the process must
// still be healthy afterwards. The generator is seeded: a failure prints the seed and the request.
import routes from '../../../schema/rest-routes.json';
import openApi from '../../../schema/openapi.json';
import type { Database } from '../../../prisma/database';
import { insertEvmChainFixture, insertSubnetFixture, primaryNetworkId } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { rawRequest, type RawAnswer } from '../../support/rawHttp';
import { mulberry32 } from '../../support/mulberry32';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const requestCount = 10_000;
const concurrency = 8;

/** Test values from a seeded stream (mulberry32), with picks. */
function createRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
const random = createRandom(seed);

const hex = (bytes: number) => Array.from({ length: bytes * 2 }, () => '0123456789abcdef'[random.int(16)]).join('');
/** Values any parameter may get: boundaries, wrong types, hostile text, bad encodings (built once: picking must be cheap). */
const hostileValues = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2147483648',
  '9223372036854775808',
  '18446744073709551616',
  '1e308',
  'NaN',
  'Infinity',
  '-0',
  '0x',
  '0x0',
  `0x${hex(20)}`,
  `0x${hex(32)}`,
  `0x${hex(33)}`,
  hex(32),
  'true',
  'null',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE subnet; --',
  '<script>x</script>',
  '%00',
  '%ff',
  '%zz',
  '%c3%28',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  'ü',
  '💥',
  '\u202e',
  'a'.repeat(300),
  '9'.repeat(80),
  '-'.repeat(3),
  'NodeID-111111111111111111116DBWJs',
  primaryNetworkId,
  'mainnet',
  'fuji',
  'testnet',
  'devnet',
  '43114',
  '99001',
  `P-avax1${'q'.repeat(38)}`,
  encodeURIComponent(Array.from({ length: 70 }, () => `0x${hex(20)}`).join(',')),
  'asc',
  'desc',
  'day',
  'hour',
  'txCount',
  'timestamp',
  'blockIndex',
];
const hostile = () => random.pick(hostileValues);
/** A real page token (set once the service runs), to send edited or on another route. */
let realToken = '';
/** One character of a real token changed. */
const editedToken = () => {
  const at = random.int(realToken.length);
  return realToken.slice(0, at) + (realToken[at] === 'A' ? 'B' : 'A') + realToken.slice(at + 1);
};
/** A page token: a real one (valid for listSubnets only), an edited one, random base64url, a tampered shape, or plain garbage. */
const forgedToken = () =>
  random.pick([
    realToken,
    editedToken(),
    Buffer.from(hex(40), 'hex').toString('base64url'),
    `${Buffer.from('{"v":1}').toString('base64url')}.${hex(32)}`,
    'eyJhbGciOiJub25lIn0..',
    hex(8),
    '%00%00',
  ]);

/** Values that fit a parameter's kind, so requests also get past validation and reach SQL. */
function plausible(name: string): string {
  switch (name) {
    case 'network':
      return random.pick(['mainnet', 'fuji', 'testnet']);
    case 'chainId':
      return random.pick(['43114', '99001', '43113', 'total', 'mainnet', 'testnet', primaryNetworkId]);
    case 'blockchainId':
      return random.pick([
        primaryNetworkId,
        'p-chain',
        'x-chain',
        'c-chain',
        '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
        '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
      ]);
    case 'address':
    case 'contractAddress':
      return `0x${hex(20)}`;
    case 'txHash':
      return `0x${hex(32)}`;
    case 'blockId':
      return random.pick(['0', '1', String(random.int(1e6)), `0x${hex(32)}`, '18446744073709551615']);
    case 'pageSize':
      return random.pick(['0', '1', '10', '100', '500', '1000', '2160', '5000', '10000', '10001', '-1', '1.5', '1e3']);
    case 'pageToken':
      return forgedToken();
    case 'sortOrder':
      return random.pick(['asc', 'desc', 'ASC', 'random']);
    case 'addresses':
      return Array.from({ length: random.pick([1, 2, 64, 65]) }, () =>
        random.pick([`avax1${'q'.repeat(38)}`, `P-fuji1${hex(19)}`, `0x${hex(20)}`]),
      ).join(',');
    default:
      return /Timestamp$/.test(name)
        ? random.pick(['0', '1700000000', '4102444800', '99999999999999', '-5'])
        : hostile();
  }
}

type Parameter = { name: string; in: 'path' | 'query' };
const parametersOf = (path: string, method: string): Parameter[] =>
  ((openApi as any).paths[path]?.[method.toLowerCase()]?.parameters ?? []).filter(
    (p: Parameter) => p.in === 'path' || p.in === 'query',
  );

/** One generated REST request for a route. */
function restRequest(route: { method: string; path: string }): {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
} {
  const parameters = parametersOf(route.path, route.method);
  // A third of the requests use only plausible values, so they get past validation to SQL.
  const hostility = random.pick([0, 0.4, 0.4]);
  const value = (name: string) => (random.next() >= hostility ? plausible(name) : hostile());
  let path = route.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const text = value(name);
    // Most values are sent encoded; some raw, bad encodings included.
    // (raw: bad percent-encodings stay, characters HTTP cannot carry in a path are encoded).
    return random.next() < 0.8
      ? encodeURIComponent(decodeSafely(text))
      : text.replace(/[/?#]/g, '').replace(/[^\x21-\x7e]/gu, encodeURIComponent);
  });
  const query: string[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (random.next() < 0.5) query.push(`${parameter.name}=${encodeURIComponent(decodeSafely(value(parameter.name)))}`);
  }
  if (random.next() < 0.05) query.push(`pageSize=1&pageSize=2`);
  if (random.next() < 0.05) query.push(`unknown=${encodeURIComponent(decodeSafely(hostile()))}`);
  if (query.length) path += `?${query.join('&')}`;
  // Now and then a made-up key (401) in either header.
  const keyHeaders: Record<string, string> =
    random.next() < 0.05 ? { [random.pick(['x-service-api-key', 'x-glacier-api-key'])]: `ads_${hex(16)}` } : {};
  if (route.method !== 'POST') return { method: route.method, path, headers: keyHeaders };
  const bodies = [
    () =>
      JSON.stringify({
        message: random.pick(['', '00', `0x${hex(40)}`, hex(200)]),
        justification: random.pick([undefined, '', hex(10)]),
        quorumPercentage: random.pick([undefined, 0, 67, 100, 101, -1, 1.5, '67']),
        signingSubnetId: random.pick([undefined, primaryNetworkId, 'x', hex(32)]),
      }),
    () => '{"message":',
    () => 'null',
    () => '[1,2,3]',
    () => `{"message":"${'ab'.repeat(random.pick([10, 600_000]))}"}`, // up to 1.2 MB: over the body limit
    () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1'),
  ];
  return {
    method: 'POST',
    path,
    body: random.pick(bodies)(),
    headers: {
      ...keyHeaders,
      'content-type': random.pick([
        'application/json',
        'application/json; charset=latin1',
        'text/plain',
        'application/json',
      ]),
    },
  };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** One generated GraphQL request: deep, wide, costly, or broken. */
function graphqlRequest(): { method: string; path: string; body: string; headers: Record<string, string> } {
  const depth = random.int(40);
  const deep = `{ ${'listSubnets(network: mainnet) { subnets { blockchains { subnet { '.repeat(Math.min(depth, 8))} subnetId ${' } } } }'.repeat(Math.min(depth, 8))} }`;
  const aliases = `{ ${Array.from({ length: random.int(60) }, (_, i) => `a${i}: listSubnets(network: mainnet, pageSize: ${random.pick([1, 100, 10000])}) { subnets { subnetId } }`).join(' ')} }`;
  const costly = `{ listSubnets(network: mainnet, pageSize: ${random.pick([1, 100, 10000, 100000, -1])}) { subnets { validators(first: ${random.pick([1, 100, 100000])}) { validationId rewardOwners { addresses { address } } } } } }`;
  const bomb = `query { ...F${random.int(20)} } ${Array.from({ length: 20 }, (_, i) => `fragment F${i + 1} on Query { ...F${i} ...F${i} }`).join(' ')} fragment F0 on Query { __typename }`;
  const nested = `{ ${'__schema { types { fields { type { ofType { '.repeat(3)} name ${'} } } } } '.repeat(3)} }`;
  const query = random.pick([
    deep,
    aliases,
    costly,
    bomb,
    nested,
    '{',
    'query { nope }',
    `{ listValidators(network: mainnet, pageSize: ${hostile()}) { validators { nodeId } } }`,
    'subscription { x }',
    'a'.repeat(5000),
  ]);
  const body = random.pick([
    JSON.stringify({ query }),
    JSON.stringify({ query, variables: { n: hostile() } }),
    JSON.stringify({ query: 1 }),
    '[]',
    'x',
    JSON.stringify({ query, operationName: 'Nope' }),
  ]);
  return { method: 'POST', path: '/graphql', body, headers: { 'content-type': 'application/json' } };
}

/** What no answer may show: stack frames, file paths, internal addresses, driver wording. */
const leak =
  /\n\s+at |node_modules|\/work\/|\.ts:\d+|127\.0\.0\.1|localhost:\d+|postgres(ql)?:\/\/|redis:\/\/|PrismaClient|Invalid `prisma/;

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  service = await startTestService(db);
  realToken = (await service.request('/v1/networks/mainnet/subnets?pageSize=1')).body.nextPageToken;
  expect(realToken).toEqual(expect.any(String));
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe(`fuzz of every route (seed ${seed}; FUZZ_SEED reruns it)`, () => {
  it(`answers ${requestCount} generated requests with no 5xx but deliberate 503s, no leaks, and stays healthy`, async () => {
    const requests = Array.from({ length: requestCount }, (_, i) =>
      i % 10 === 9 ? graphqlRequest() : restRequest(routes[i % routes.length]!),
    );
    // Every route of the table is exercised.
    expect(
      new Set(requests.map((request) => request.path.split('?')[0]!.split('/').slice(0, 4).join('/'))).size,
    ).toBeGreaterThan(4);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        let answer: RawAnswer;
        try {
          answer = await rawRequest(service.base, request.method, request.path, {
            headers: request.headers,
            body: request.body,
          });
        } catch (error) {
          // An oversized upload may be cut off once answered (413): no answer is a failure otherwise.
          if ((request.body?.length ?? 0) > 1_000_000) continue;
          failures.push(`${request.method} ${request.path}: no answer (${(error as Error).message})`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const line = `${request.method} ${request.path.slice(0, 200)} ${request.body?.slice(0, 200) ?? ''} → ${answer.status} ${answer.text.slice(0, 300)}`;
        if (answer.status >= 500 && answer.status !== 503) failures.push(line);
        else if (leak.test(answer.text)) failures.push(`leak: ${line}`);
        else if (
          answer.status >= 400 &&
          request.path !== '/graphql' &&
          !(answer.json && answer.json.statusCode === answer.status && typeof answer.json.message === 'string')
        ) {
          failures.push(`error body: ${line}`);
        }
      }
    };
    // Thousands of refused requests each build an error: without captured stacks (jest source-maps
    // every one) the run takes about half as long; no answer carries a stack anyway.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    const started = Date.now();
    try {
      await Promise.all(Array.from({ length: concurrency }, worker));
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    console.log(
      `fuzz: ${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(requestCount - 200);
    // Still healthy: ready, and a plain request is answered as before.
    expect((await service.request('/health/ready')).status).toBe(200);
    const subnets = await service.request('/v1/networks/mainnet/subnets?pageSize=2');
    expect(subnets.status).toBe(200);
    expect(subnets.body.subnets).toHaveLength(2);
  }, 900_000);
});

// API keys (issue 13): created, listed and revoked from the command line, stored hashed, sent in
// x-service-api-key or x-glacier-api-key, optional by default and mandatory by configuration.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commands } from '../../../bin/commands';
import { createDatabase, type Database } from '../../../prisma/database';
import { unlimitedAccess } from '../../../server/access/accessControl';
import { startTestService, type TestService } from '../../setup/service';

/** The CLI's database: a PGlite folder, or a fresh schema of DATABASE_URL. */
const databaseUrl = process.env.DATABASE_URL;
const schema = `test_keys_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'keys-'));
const cliEnv: NodeJS.ProcessEnv = databaseUrl
  ? { DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}schema=${schema}` }
  : { DATA_DIR: dataDir };

/** Runs `avalanche-data-service keys …` in process; resolves to its exit code and printed lines. */
async function keysCli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const spy = jest
    .spyOn(console, 'log')
    .mockImplementation((line: string) => void lines.push(...String(line).split('\n')));
  try {
    return {
      code: await commands.keys!.run(argv, cliEnv),
      lines: lines.filter((line) => !/PGlite|PostgreSQL|migration/i.test(line)),
    };
  } finally {
    spy.mockRestore();
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const subnets = '/v1/networks/mainnet/subnets';
const metrics = '/v2/chains/43114/metrics/txCount';
const listSubnetsQuery = '{ listSubnets(network: mainnet, pageSize: 1) { subnets { subnetId } } }';

let open: { id: string; key: string };
let restricted: { id: string; key: string };
let revoked: { id: string; key: string };
let db: Database;
let optional: TestService;
let mandatory: TestService;
let listed: string[];
let revokeAgain: number;
let revokeUnknown: number;

beforeAll(async () => {
  const create = async (...argv: string[]) => {
    const { code, lines } = await keysCli('create', ...argv);
    expect(code).toBe(0);
    const key = lines.find((line) => line.startsWith('ads_'))!;
    return { id: /created (key_[0-9a-f]+)/.exec(lines.join('\n'))![1]!, key };
  };
  open = await create('explorer');
  restricted = await create('metrics-only', '--allow=/v2/*', '--per-minute=50');
  revoked = await create('old laptop');
  expect((await keysCli('revoke', revoked.id)).code).toBe(0);
  listed = (await keysCli('list')).lines;
  // Before the service opens the database: a PGlite folder takes one process at a time.
  revokeAgain = (await keysCli('revoke', revoked.id)).code;
  revokeUnknown = (await keysCli('revoke', 'key_000000000000')).code;
  db = await createDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir });
  optional = await startTestService(db, { access: { ...unlimitedAccess } });
  mandatory = await startTestService(db, { access: { ...unlimitedAccess, apiKeyRequired: true } });
}, 120_000);

afterAll(async () => {
  await optional?.close();
  await mandatory?.close();
  if (databaseUrl) await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('keys command (create, list, revoke)', () => {
  it('stores only the SHA-256 of a key: no column holds the key itself', async () => {
    const rows = await db.query<Record<string, unknown>>('SELECT * FROM api_key');
    expect(rows).toHaveLength(3);
    const row = rows.find((candidate) => candidate.id === open.id)!;
    expect(row.key_hash).toBe(sha256(open.key));
    for (const candidate of rows)
      for (const value of Object.values(candidate)) expect(String(value)).not.toContain(open.key);
  });

  it('lists every key by ID with its status, usage scope, budget and routes under a header, never the key', () => {
    expect(listed).toHaveLength(4);
    expect(listed[0]).toMatch(/^ID +PREFIX +STATUS +USAGE +BUDGET +ROUTES +NAME$/);
    expect(listed.join('\n')).not.toContain(open.key);
    expect(listed.find((line) => line.startsWith(open.id))).toMatch(
      / {2}active {2,}own {2,}default\/min default\/day {2,}all routes {2,}explorer$/,
    );
    expect(listed.find((line) => line.startsWith(restricted.id))).toMatch(
      / {2}active {2,}own {2,}50\/min default\/day {2,}\/v2\/\* {2,}metrics-only$/,
    );
    expect(listed.find((line) => line.startsWith(revoked.id))).toMatch(/ {2}revoked \d{4}-/);
  });

  it('refuses to revoke an unknown or already revoked key (exit code 1)', () => {
    expect(revokeAgain).toBe(1);
    expect(revokeUnknown).toBe(1);
  });
});

describe('x-service-api-key and x-glacier-api-key on /v1 (section 5)', () => {
  it('is optional by default: an anonymous request is answered', async () => {
    expect((await optional.request(subnets)).status).toBe(200);
  });

  it('accepts a created key in either header', async () => {
    expect((await optional.request(subnets, { headers: { 'x-service-api-key': open.key } })).status).toBe(200);
    expect((await optional.request(subnets, { headers: { 'x-glacier-api-key': open.key } })).status).toBe(200);
  });

  it('answers 401 for an unknown key, even where keys are optional', async () => {
    expect(await optional.request(subnets, { headers: { 'x-service-api-key': `${open.key}x` } })).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'The API key is not valid' },
    });
  });

  it('answers 401 for a revoked key', async () => {
    expect((await optional.request(subnets, { headers: { 'x-glacier-api-key': revoked.key } })).status).toBe(401);
  });

  it('answers 403 for a key not allowed on the route, and serves it where it is allowed', async () => {
    expect(await optional.request(subnets, { headers: { 'x-service-api-key': restricted.key } })).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'The API key is not allowed on GET /v1/networks/{network}/subnets',
      },
    });
    // An unknown chain: past access control, answered by the endpoint.
    expect((await optional.request(metrics, { headers: { 'x-service-api-key': restricted.key } })).status).toBe(404);
  });

  it('is mandatory by configuration: 401 without a key on /v1, while /v2 metrics list no key', async () => {
    expect(await mandatory.request(subnets)).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'An API key is required: send it in the x-service-api-key header',
      },
    });
    expect((await mandatory.request(subnets, { headers: { 'x-glacier-api-key': open.key } })).status).toBe(200);
    expect((await mandatory.request(metrics)).status).toBe(404);
  });
});

describe('GraphQL uses the same keys', () => {
  const graphql = (service: TestService, headers: Record<string, string> = {}, query = listSubnetsQuery) =>
    service.request('/graphql', { body: { query }, headers });

  it('accepts a created key and refuses an unknown one with a GraphQL error (401)', async () => {
    expect((await graphql(optional, { 'x-service-api-key': open.key })).status).toBe(200);
    expect(await graphql(optional, { 'x-service-api-key': 'ads_nothing' })).toEqual({
      status: 401,
      body: {
        errors: [{ message: 'The API key is not valid', extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } }],
      },
    });
  });

  it('answers 403 for a key limited to other routes', async () => {
    const { status, body } = await graphql(optional, { 'x-service-api-key': restricted.key });
    expect(status).toBe(403);
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('requires a key when keys are mandatory', async () => {
    expect((await graphql(mandatory)).status).toBe(401);
    expect((await graphql(mandatory, { 'x-glacier-api-key': open.key })).status).toBe(200);
  });
});

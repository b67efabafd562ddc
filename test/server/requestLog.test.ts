// The request log as an operator reads it: on a terminal one line per request, an error answer's
// line carrying the message the caller got; the log file keeps every field of the line.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../prisma/database';
import { createLoggerFactory, type LoggerFactory } from '../../logging/createLoggerFactory';
import { insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;
let loggers: LoggerFactory;
let logDir: string;
const terminal: string[] = [];

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  logDir = await mkdtemp(path.join(tmpdir(), 'request-log-'));
  loggers = createLoggerFactory({ logDir, terminal: (text) => terminal.push(text) });
  service = await startTestService(db, { loggers });
});
afterAll(async () => {
  await service?.close();
  await loggers?.close();
  await teardown(db);
  await rm(logDir, { recursive: true, force: true });
});

/** Requests `pathname`; its answer, and what the terminal and http.log got for it. */
async function requestAndLog(pathname: string, init?: RequestInit) {
  const response = await fetch(`${service.base}${pathname}`, init);
  const body = await response.text();
  const requestId = response.headers.get('x-request-id')!;
  // The line is written when the response finishes, which the client may see first.
  await new Promise((resolve) => setImmediate(resolve));
  const pathOnly = pathname.split('?', 1)[0]!;
  const shown = terminal.filter((text) => text.includes(` ${pathOnly} `));
  const filed = (await readFile(`${logDir}/http.log`, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((line) => line.reqId === requestId);
  return { status: response.status, body, shown, filed };
}

describe('on a terminal', () => {
  test('one line per request: method, path, status and duration', async () => {
    const { status, shown } = await requestAndLog('/v1/networks/mainnet/subnets?pageSize=1');
    expect(status).toBe(200);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.split('\n').filter(Boolean)).toHaveLength(1);
    expect(shown[0]).toMatch(/<http> GET \/v1\/networks\/mainnet\/subnets 200 \d+(\.\d)? ms\n$/);
  });

  test("a REST 4xx line carries the answer's message", async () => {
    const { status, body, shown } = await requestAndLog('/v1/networks/nowhere/subnets');
    expect(status).toBe(400);
    const { message } = JSON.parse(body);
    expect(message).toEqual(expect.any(String));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.split('\n').filter(Boolean)).toHaveLength(1);
    expect(shown[0]!.endsWith(` ms: ${message}\n`)).toBe(true);
  });

  test("a GraphQL 4xx line carries the first error's message", async () => {
    const { status, body, shown } = await requestAndLog('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ nope' }),
    });
    expect(status).toBe(400);
    const message = JSON.parse(body).errors[0].message;
    expect(shown).toHaveLength(1);
    expect(shown[0]!.endsWith(` ms: ${message}\n`)).toBe(true);
  });

  test("a node RPC 404 line carries its plain-text answer's first line", async () => {
    const { status, body, shown } = await requestAndLog('/ext/bc/nowhere/rpc');
    expect(status).toBe(404);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.endsWith(` ms: ${body.trim()}\n`)).toBe(true);
  });
});

describe('the log file', () => {
  test("keeps every field of a 4xx line, and the answer's message as `error`", async () => {
    const { body, filed } = await requestAndLog('/v1/networks/elsewhere/subnets', {
      headers: { 'x-request-id': 'file-4xx-1' },
    });
    expect(filed).toEqual([
      expect.objectContaining({
        logger: 'http',
        msg: 'request',
        reqId: 'file-4xx-1',
        method: 'GET',
        path: '/v1/networks/elsewhere/subnets',
        route: '/v1/networks/{network}/subnets',
        status: 400,
        ms: expect.any(Number),
        error: JSON.parse(body).message,
      }),
    ]);
  });

  test('a success has no `error` field', async () => {
    const { status, filed } = await requestAndLog('/health/live');
    expect(status).toBe(200);
    expect(filed).toHaveLength(1);
    expect(filed[0]).not.toHaveProperty('error');
  });
});

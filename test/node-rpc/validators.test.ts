// `validators.getCurrentValidators` at /ext/bc/<chain>/validators (spec 4.3, node-rpc-behaviour note
// section 6) and the gorilla envelope it shares with the admin API (note section 2).
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { call, send } from './http';
import { insertMiniChains, MINI } from './miniChains';

let db: Database;
let service: TestService;
let url: string;
/** After the validations start (1000), after one was removed (1500). */
const NOW = 2_000;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertMiniChains(db);
  service = await startTestService(db, { clock: () => NOW });
  url = `${service.base}/ext/bc/${MINI.l1.blockchainId}/validators`;
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

/** The expected validators, read from the table with the status rule written out here. */
async function expected(nodeIds?: string[]) {
  const rows = await db.query<Record<string, any>>(
    `SELECT validation_id, node_id, weight::text, start_timestamp::text, is_active, is_l1_validator, is_connected, uptime_percentage::text, uptime_seconds::text
     FROM validator WHERE subnet_id = $1 AND start_timestamp <= $2 AND (end_timestamp IS NULL OR end_timestamp > $2) AND (removed_timestamp IS NULL OR removed_timestamp > $2)
     ${nodeIds ? 'AND node_id = ANY($3)' : ''} ORDER BY node_id, validation_id`,
    nodeIds ? [MINI.l1.subnetId, NOW, nodeIds] : [MINI.l1.subnetId, NOW],
  );
  // The nine fields of 2.4 in the node's order; uint64 values as exact JSON numbers.
  return `{"validators":[${rows
    .map(
      (r) =>
        `{"validationID":"${r.validation_id}","nodeID":"${r.node_id}","weight":${r.weight},"startTimestamp":${r.start_timestamp},"isActive":${r.is_active},` +
        `"isL1Validator":${r.is_l1_validator},"isConnected":${r.is_connected},"uptimePercentage":${Number(r.uptime_percentage)},"uptimeSeconds":${r.uptime_seconds}}`,
    )
    .join(',')}]}`;
}

describe('POST /ext/bc/{chain}/validators validators.getCurrentValidators', () => {
  test('all current validators with the nine fields (weights above 2^53 exact), when nodeIDs is omitted, null or empty', async () => {
    const want = `{"jsonrpc":"2.0","result":${await expected()},"id":1}\n`;
    expect(want).toContain('9007199254740993');
    for (const params of [undefined, {}, { nodeIDs: null }, { nodeIDs: [] }, [{ nodeIDs: [] }], []]) {
      const answer = await send(url, {
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'validators.getCurrentValidators',
          ...(params === undefined ? {} : { params }),
        },
      });
      expect(answer.text).toBe(want);
      expect(answer.contentType).toBe('application/json; charset=utf-8');
    }
  });

  test('nodeIDs filters; a well-formed unknown node ID is simply absent', async () => {
    const answer = await send(url, {
      body: call('validators.getCurrentValidators', {
        nodeIDs: [MINI.l1.nodeIds[1]!, 'NodeID-111111111111111111116DBWJs'],
      }),
    });
    expect(answer.text).toBe(`{"jsonrpc":"2.0","result":${await expected([MINI.l1.nodeIds[1]!])},"id":1}\n`);
    const none = await send(url, {
      body: call('validators.getCurrentValidators', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] }),
    });
    expect(none.json.result).toEqual({ validators: [] });
  });

  test('a malformed node ID is the generic argument error (-32000)', async () => {
    for (const nodeIDs of [['NodeID-nope'], ['7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'], [5], 'NodeID-x']) {
      const answer = await send(url, { body: call('validators.getCurrentValidators', { nodeIDs }) });
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message:
            "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
          data: null,
        },
        id: 1,
      });
    }
  });
});

describe('gorilla envelope (validators, admin)', () => {
  test('a batch is refused: -32700 "cannot unmarshal array", HTTP 200', async () => {
    const answer = await send(url, { body: [call('validators.getCurrentValidators')] });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'json: cannot unmarshal array into Go value of type json2.serverRequest',
        data: { jsonrpc: '', method: '', params: null, id: null },
      },
      id: null,
    });
  });

  test('non-POST: 405 "rpc: POST method required, received GET"; wrong or missing content type: 415', async () => {
    const get = await send(url, { method: 'GET' });
    expect([get.status, get.text]).toEqual([405, 'rpc: POST method required, received GET']);
    const text = await send(url, {
      body: call('validators.getCurrentValidators'),
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, text.text]).toEqual([415, 'rpc: unrecognized Content-Type: text/plain']);
    const charset = await send(url, {
      body: call('validators.getCurrentValidators'),
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(charset.json.result.validators.length).toBeGreaterThan(0);
  });

  test("unknown methods and services, ill-formed and upper-case names: -32000 with gorilla's texts", async () => {
    const cases: [string, string][] = [
      ['validators.fooBar', 'rpc: can\'t find method "validators.FooBar"'],
      ['admin.alias', 'rpc: can\'t find service "admin.Alias"'],
      ['getCurrentValidators', 'rpc: service/method request ill-formed: "getCurrentValidators"'],
      ['validators.GetCurrentValidators', 'method must start with a non-uppercase letter'],
    ];
    for (const [method, message] of cases) {
      expect((await send(url, { body: call(method) })).json).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message, data: null },
        id: 1,
      });
    }
  });

  test('jsonrpc other than "2.0": -32600 with the request as data; invalid JSON: -32700 with Go\'s decoder text', async () => {
    const answer = await send(url, {
      body: '{"jsonrpc":"1.0","method":"validators.getCurrentValidators","params":{ "nodeIDs" : [] },"id":"a"}',
    });
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'jsonrpc must be 2.0',
        data: { jsonrpc: '1.0', method: 'validators.getCurrentValidators', params: { nodeIDs: [] }, id: 'a' },
      },
      id: 'a',
    });
    const cases: [string, string][] = [
      ['', 'EOF'],
      ['{"jsonrpc":"2.0"', 'unexpected EOF'],
      ['{"jsonrpc" "2.0"}', "invalid character '\"' after object key"],
      ['{"jsonrpc":"2.0",}', "invalid character '}' looking for beginning of object key string"],
      ['nope', "invalid character 'o' in literal null (expecting 'u')"],
      ['"text"', 'json: cannot unmarshal string into Go value of type json2.serverRequest'],
    ];
    for (const [body, message] of cases) {
      const parsed = await send(url, { body });
      expect(parsed.json.error).toEqual({
        code: -32700,
        message,
        data: { jsonrpc: '', method: '', params: null, id: null },
      });
    }
  });

  test('a body over the 5 MiB limit: 413', async () => {
    const size = 5 * 1024 * 1024 + 1;
    const answer = await send(url, { body: ' '.repeat(size) });
    expect([answer.status, answer.text]).toEqual([413, `content length too large (${size}>${5 * 1024 * 1024})`]);
  });

  test('a notification (no id, or id null) runs and gets an empty body', async () => {
    for (const body of [
      { jsonrpc: '2.0', method: 'validators.getCurrentValidators' },
      { jsonrpc: '2.0', method: 'validators.nope', id: null },
    ]) {
      const answer = await send(url, { body });
      expect([answer.status, answer.text, answer.contentType]).toEqual([200, '', null]);
    }
  });
});

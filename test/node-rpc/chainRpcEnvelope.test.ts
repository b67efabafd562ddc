// The geth-style envelope of `/ext/bc/<chain>/rpc` (node-rpc-behaviour note, section 7), checked on
// the wire: HTTP refusals, the JSON-RPC error codes and texts, batches and their limits, notifications,
// ids echoed as sent, numbers above 2^53, and forwarding to an upstream node.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { expectConforms } from './conformance';
import { call, send } from './http';
import { insertMiniChains, MINI } from './miniChains';

let db: Database;
let service: TestService;
let upstreamService: TestService;
let upstream: Server;
const upstreamCalls: any[] = [];
let rpc: string;
let cRpc: string;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertMiniChains(db);
  service = await startTestService(db);
  rpc = `${service.base}/ext/bc/${MINI.l1.blockchainId}/rpc`;
  cRpc = `${service.base}/ext/bc/C/rpc`;
  // A fake C-Chain node: answers eth_call and any block, errs on eth_sendRawTransaction.
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const message = JSON.parse(body);
      upstreamCalls.push(message);
      response.setHeader('content-type', 'application/json');
      if (message.method === 'eth_sendRawTransaction') {
        response.end(
          JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: 'nonce too low' } }),
        );
      } else {
        response.end(
          `{"jsonrpc":"2.0","id":${message.id},"result":{"from":"upstream","big":123456789012345678901234567890}}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/ext/bc/C/rpc`;
  upstreamService = await startTestService(db, { nodeRpc: { upstreams: { C: url } } });
});
afterAll(async () => {
  await service?.close();
  await upstreamService?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  await teardown(db);
});

describe('POST /ext/bc/{chain}/rpc: envelope', () => {
  test('a call answers {jsonrpc, id, result} with content-type application/json', async () => {
    const answer = await send(rpc, { body: call('eth_chainId') });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    expect(answer.text).toBe(`{"jsonrpc":"2.0","id":1,"result":"0x${MINI.l1.chainId.toString(16)}"}\n`);
    expectConforms('eth_chainId', answer.json.result);
  });

  test('the id is echoed exactly as sent (string, decimal spelling, null)', async () => {
    expect((await send(rpc, { body: '{"jsonrpc":"2.0","id":"abc","method":"eth_chainId"}' })).text).toContain(
      '"id":"abc"',
    );
    expect((await send(rpc, { body: '{"jsonrpc":"2.0","id":1.50,"method":"eth_chainId"}' })).text).toContain(
      '"id":1.50,',
    );
    expect((await send(rpc, { body: '{"jsonrpc":"2.0","id":null,"method":"eth_chainId"}' })).text).toContain(
      '"id":null,"result"',
    );
  });

  test('unknown method: -32601 "the method … does not exist/is not available"', async () => {
    const answer = await send(rpc, { body: call('eth_call', [{}, 'latest']) });
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method eth_call does not exist/is not available' },
    });
  });

  test("bad params: -32602 with the node's texts", async () => {
    const cases: [unknown, string][] = [
      [{ blockNumber: 1 }, 'non-array args'],
      [['latest'], 'missing value for required argument 1'],
      [['latest', false, 1], 'too many arguments, want at most 2'],
      [[16, false], 'invalid argument 0: hex string without 0x prefix'],
      [['0x01', false], 'invalid argument 0: hex number with leading zero digits'],
      [['latest', 'yes'], 'invalid argument 1: json: cannot unmarshal string into Go value of type bool'],
    ];
    for (const [params, message] of cases) {
      const answer = await send(rpc, { body: call('eth_getBlockByNumber', params) });
      expect(answer.json.error).toEqual({ code: -32602, message });
    }
    expect((await send(rpc, { body: call('eth_getTransactionByHash', ['0x12']) })).json.error).toEqual({
      code: -32602,
      message: 'invalid argument 0: hex string has length 2, want 64 for common.Hash',
    });
    expect((await send(rpc, { body: call('eth_getChainConfig', [{}]) })).json.error).toEqual({
      code: -32602,
      message: 'too many arguments, want at most 0',
    });
    expect((await send(rpc, { body: call('eth_getActiveRulesAt', ['0x10']) })).json.error).toEqual({
      code: -32602,
      message: 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64',
    });
  });

  test('a block above the head is "cannot query unfinalized data" (-32000)', async () => {
    const answer = await send(rpc, { body: call('eth_getBlockByNumber', ['0x64', false]) });
    expect(answer.json.error).toEqual({ code: -32000, message: 'cannot query unfinalized data' });
  });

  test('invalid requests: -32600 "invalid request", with the id when it is valid', async () => {
    expect((await send(rpc, { body: { id: 7, method: 'eth_chainId' } })).json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'invalid request' },
    });
    expect((await send(rpc, { body: { jsonrpc: '2.0', id: { a: 1 }, method: 'eth_chainId' } })).json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'invalid request' },
    });
    expect((await send(rpc, { body: { jsonrpc: '2.0', id: 3, method: 5 } })).json.error.code).toBe(-32600);
  });

  test('invalid JSON: -32700 "parse error" with id null; an empty body gets an empty 200', async () => {
    const answer = await send(rpc, { body: '{"jsonrpc":' });
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    const empty = await send(rpc, { body: '' });
    expect([empty.status, empty.text]).toEqual([200, '']);
  });

  test('a notification (no id) runs and gets no answer', async () => {
    const answer = await send(rpc, { body: { jsonrpc: '2.0', method: 'eth_chainId' } });
    expect([answer.status, answer.text]).toEqual([200, '']);
  });

  test('wrong or missing content type: 415 text; PUT/DELETE: 405; a bare GET: 200, empty', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await send(rpc, { body: call('eth_chainId'), headers: { 'content-type': type } });
      expect([answer.status, answer.text]).toEqual([415, 'invalid content type, only application/json is supported\n']);
    }
    const accepted = await send(rpc, {
      body: call('eth_chainId'),
      headers: { 'content-type': 'application/json-rpc; charset=utf-8' },
    });
    expect(accepted.json.result).toBe(`0x${MINI.l1.chainId.toString(16)}`);
    expectConforms('eth_chainId', accepted.json.result);
    for (const method of ['PUT', 'DELETE']) {
      const answer = await send(rpc, { method, body: call('eth_chainId') });
      expect([answer.status, answer.text]).toEqual([405, 'method not allowed\n']);
    }
    const health = await send(rpc, { method: 'GET' });
    expect([health.status, health.text]).toEqual([200, '']);
  });

  test('a body over 5 MiB: 413 "content length too large"', async () => {
    const size = 5 * 1024 * 1024 + 10;
    const answer = await send(rpc, { body: ' '.repeat(size) });
    expect([answer.status, answer.text]).toEqual([413, `content length too large (${size}>${5 * 1024 * 1024})\n`]);
  });

  test('unknown paths: 404 "404 page not found"', async () => {
    for (const path of [
      '/ext/bc/unknown/rpc',
      `/ext/bc/${MINI.l1.blockchainId}/ws`,
      '/ext/admin',
      '/ext/bc/C/validators',
    ]) {
      const answer = await send(service.base + path, { body: call('eth_chainId') });
      expect([path, answer.status, answer.text]).toEqual([path, 404, '404 page not found\n']);
    }
  });

  test('CORS: any origin is allowed (echoed, with credentials); a preflight is 204', async () => {
    const response = await fetch(rpc, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dapp.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://dapp.example');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  test('numbers above 2^53 are exact, plain JSON numbers', async () => {
    const answer = await send(rpc, { body: call('eth_getChainConfig') });
    expect(answer.text).toContain(`"minBaseFee":${MINI.l1.bigMinBaseFee}`);
  });
});

describe('POST /ext/bc/{chain}/rpc: batches', () => {
  test('a batch answers each call in order; notifications get no entry', async () => {
    const answer = await send(rpc, {
      body: [
        call('eth_chainId', [], 1),
        { jsonrpc: '2.0', method: 'eth_chainId' },
        call('nope_nope', [], 'x'),
        call('net_version', [], 3),
      ],
    });
    expect(answer.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: `0x${MINI.l1.chainId.toString(16)}` },
      {
        jsonrpc: '2.0',
        id: 'x',
        error: { code: -32601, message: 'the method nope_nope does not exist/is not available' },
      },
      { jsonrpc: '2.0', id: 3, result: MINI.l1.chainId.toString() },
    ]);
    expectConforms('eth_chainId', answer.json[0].result);
    expectConforms('net_version', answer.json[2].result);
  });

  test('an empty batch: one -32600 "empty batch" object', async () => {
    expect((await send(rpc, { body: [] })).json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'empty batch' },
    });
  });

  test('1,000 calls are served; 1,001 are "batch too large", answered once with the first call\'s id', async () => {
    const calls = Array.from({ length: 1001 }, (_, i) => call('eth_chainId', [], i + 10));
    const full = await send(rpc, { body: calls.slice(0, 1000) });
    expect(full.json).toHaveLength(1000);
    expect((await send(rpc, { body: calls })).json).toEqual([
      { jsonrpc: '2.0', id: 10, error: { code: -32600, message: 'batch too large' } },
    ]);
  });

  test('a batch of notifications gets an empty body', async () => {
    const answer = await send(rpc, { body: [{ jsonrpc: '2.0', method: 'eth_chainId' }] });
    expect([answer.status, answer.text]).toEqual([200, '']);
  });
});

describe('POST /ext/bc/{chain}/rpc: the upstream node', () => {
  test('without one, methods that need state are not available', async () => {
    for (const method of ['eth_call', 'eth_estimateGas', 'eth_sendRawTransaction', 'eth_gasPrice']) {
      expect((await send(cRpc, { body: call(method, []) })).json.error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
  });

  test('with one, they are forwarded and its answer comes back as it was (numbers exact, errors as sent)', async () => {
    const url = `${upstreamService.base}/ext/bc/C/rpc`;
    const answer = await send(url, { body: call('eth_call', [{ to: MINI.l1.admin, data: '0x' }, 'latest'], 42) });
    expect(answer.text).toBe(
      '{"jsonrpc":"2.0","id":42,"result":{"from":"upstream","big":123456789012345678901234567890}}\n',
    );
    expect(upstreamCalls.at(-1)).toMatchObject({
      method: 'eth_call',
      params: [{ to: MINI.l1.admin, data: '0x' }, 'latest'],
    });
    expect((await send(url, { body: call('eth_sendRawTransaction', ['0x00']) })).json.error).toEqual({
      code: -32000,
      message: 'nonce too low',
    });
  });

  test('blocks below the indexed range go upstream; without one they are an error naming the index', async () => {
    const before = upstreamCalls.length;
    const forwarded = await send(`${upstreamService.base}/ext/bc/C/rpc`, {
      body: call('eth_getBlockByNumber', ['0x1', false]),
    });
    expect(forwarded.json.result.from).toBe('upstream');
    expect(upstreamCalls.length).toBe(before + 1);
    const local = await send(cRpc, { body: call('eth_getBlockByNumber', ['0x1', false]) });
    expect(local.json.error).toEqual({ code: -32000, message: "block 1 is not in this service's index" });
    const indexed = await send(`${upstreamService.base}/ext/bc/C/rpc`, {
      body: call('eth_getBlockByNumber', [`0x${MINI.cChain.first.toString(16)}`, false]),
    });
    expect(indexed.json.result.hash).toBe(MINI.blockHash(MINI.cChain.blockchainId, MINI.cChain.first));
    // The forwarded answers above are the fake upstream's, passed on verbatim; this one is the index's own.
    expectConforms('eth_getBlockByNumber', indexed.json.result);
  });

  test('the C-Chain has no subnet-evm methods: not available, or forwarded', async () => {
    expect((await send(cRpc, { body: call('eth_feeConfig') })).json.error.code).toBe(-32601);
    expect((await send(`${upstreamService.base}/ext/bc/C/rpc`, { body: call('eth_feeConfig') })).json.result.from).toBe(
      'upstream',
    );
  });
});

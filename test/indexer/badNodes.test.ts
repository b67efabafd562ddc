// Bad nodes: timeouts, 429 rate limits, malformed JSON and missing fields are retried or reported
// clearly, and the indexer never writes a partial block. A scripted JSON-RPC server plays the node.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRpcClient } from '../../shared/jsonRpc/createRpcClient';
import { fetchBlockBundle } from '../../indexer/evm/rpc/fetchBlockBundle';
import { MalformedAnswerError, NodeError } from '../../shared/jsonRpc/rpcErrors';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { createChainFollower } from '../../indexer/evm/follow/followChain';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { BLOCK_MINER, emptyBlock as block, hash } from './support/emptyBlocks';

type Handler = (body: any, request: IncomingMessage, response: ServerResponse) => void;
/** The blocks' miner, and the sender and recipient of the scripted transactions. */
const ADDRESS = BLOCK_MINER;
let server: Server;
let url = '';
let handler: Handler = () => {};
let requests = 0;

const answer = (call: any, result: unknown) => ({ jsonrpc: '2.0', id: call.id, result });
/** A well-behaved node of blocks 0..head, with `override` to misbehave for some calls. */
const node =
  (head: number, override?: (call: any) => unknown): Handler =>
  (body, _request, response) => {
    const one = (call: any) => {
      const special = override?.(call);
      if (special !== undefined) return special;
      switch (call.method) {
        case 'eth_chainId':
          return answer(call, '0x7a69');
        case 'eth_blockNumber':
          return answer(call, `0x${head.toString(16)}`);
        case 'eth_getBlockByNumber':
          return answer(call, Number(call.params[0]) <= head ? block(Number(call.params[0])) : null);
        case 'eth_getBlockReceipts':
          return answer(call, []);
        default:
          return {
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32601, message: 'the method does not exist/is not available' },
          };
      }
    };
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
  };

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      requests++;
      handler(JSON.parse(text), request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);
beforeEach(() => {
  requests = 0;
});

describe('JSON-RPC client', () => {
  test('batching: many calls, one HTTP request per batch, answers matched by id whatever their order', async () => {
    handler = (body, _q, response) =>
      response.end(JSON.stringify([...body].reverse().map((c: any) => answer(c, c.params[0]))));
    const rpc = createRpcClient({ urls: [url], maxBatch: 50 });
    const outcomes = await rpc.batch(Array.from({ length: 120 }, (_, i) => ({ method: 'echo', params: [i] })));
    expect(outcomes.map((o) => (o.ok ? o.result : null))).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(requests).toBe(3);
  });

  test('429: waits for Retry-After and retries', async () => {
    let calls = 0;
    handler = (body, _q, response) =>
      ++calls === 1 ? response.writeHead(429, { 'retry-after': '1' }).end('slow down') : node(5)(body, _q, response);
    const retries: string[] = [];
    const rpc = createRpcClient({
      urls: [url],
      onRetry: ({ error, delayMs }) => retries.push(`${error.code} ${delayMs}`),
    });
    const started = Date.now();
    expect(await rpc.call('eth_blockNumber')).toBe('0x5');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual(['RATE_LIMITED 1000']);
  });

  test('timeouts: a node that does not answer is retried with backoff, then reported with the bound', async () => {
    handler = () => {}; // never answers
    const retries: number[] = [];
    const rpc = createRpcClient({
      urls: [url],
      timeoutMs: 100,
      attempts: 3,
      backoffMs: 10,
      onRetry: ({ attempt }) => retries.push(attempt),
    });
    await expect(rpc.call('eth_blockNumber')).rejects.toThrow(
      /eth_blockNumber: no answer within 100 ms at http:\/\/127\.0\.0\.1/,
    );
    expect(retries).toEqual([1, 2]);
  });

  test('malformed JSON: retried, then a MalformedAnswerError naming the method', async () => {
    handler = (_b, _q, response) => response.end('<html>bad gateway</html>');
    const rpc = createRpcClient({ urls: [url], attempts: 2, backoffMs: 1 });
    const error = await rpc.call('eth_chainId').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as Error).message).toBe(
      'eth_chainId: malformed answer from the node: not JSON (HTTP 200): "<html>bad gateway</html>"',
    );
  });

  test('a node error object is not retried and keeps its code', async () => {
    handler = node(1);
    const rpc = createRpcClient({ urls: [url] });
    const error = (await rpc.call('debug_traceBlockByNumber').catch((e: unknown) => e)) as NodeError;
    expect([error.name, error.rpcCode, requests]).toEqual(['NodeError', -32601, 1]);
  });

  test('several URLs: a failing one hands over to the next', async () => {
    handler = node(7);
    const rpc = createRpcClient({ urls: ['http://127.0.0.1:1', url], backoffMs: 1 });
    expect(await rpc.call('eth_blockNumber')).toBe('0x7');
  });
});

describe('fetching a block', () => {
  test('missing field: a MalformedAnswerError naming the field', async () => {
    handler = node(3, (call) =>
      call.method === 'eth_getBlockByNumber' ? answer(call, { ...block(2), hash: undefined }) : undefined,
    );
    const rpc = createRpcClient({ urls: [url], attempts: 1 });
    await expect(fetchBlockBundle(rpc, 2n, {}, () => {})).rejects.toThrow(
      'eth_getBlockByNumber: malformed answer from the node: block.hash is missing',
    );
  });

  test('no eth_getBlockReceipts or traces: receipts per transaction, and traces said to be unavailable (not silently empty)', async () => {
    const tx = {
      hash: hash(99),
      from: ADDRESS,
      to: ADDRESS,
      value: '0x1',
      gas: '0x5208',
      gasPrice: '0x1',
      nonce: '0x0',
      input: '0x',
      transactionIndex: '0x0',
    };
    handler = node(3, (call) => {
      if (call.method === 'eth_getBlockByNumber') return answer(call, block(2, { transactions: [tx] }));
      if (call.method === 'eth_getBlockReceipts')
        return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'not available' } };
      if (call.method === 'eth_getTransactionReceipt')
        return answer(call, {
          transactionHash: hash(99),
          transactionIndex: '0x0',
          status: '0x1',
          gasUsed: '0x5208',
          logs: [],
        });
      if (call.method === 'eth_getBalance') return answer(call, '0x64');
      return undefined;
    });
    const rpc = createRpcClient({ urls: [url], attempts: 1 });
    const said: string[] = [];
    const capabilities = {};
    const bundle = await fetchBlockBundle(rpc, 2n, capabilities, (m) => said.push(m));
    expect(bundle!.receipts.map((r) => r.transactionHash)).toEqual([hash(99)]);
    expect(bundle!.traces).toBeNull();
    expect(capabilities).toEqual({ blockReceipts: false, traces: false });
    expect(said).toHaveLength(2);
    expect(said[1]).toMatch(/internal transactions and contracts created by other contracts are NOT indexed/);
  });
});

describe('the follower on a bad node', () => {
  let db: Database;
  beforeAll(async () => {
    db = await setupTestDatabase();
  });
  afterAll(() => teardown(db));

  test('never writes a partial block: a malformed block stops the chain with a clear error and the cursor stays on the last whole block', async () => {
    handler = node(6, (call) =>
      call.method === 'eth_getBlockByNumber' && call.params[0] === '0x4'
        ? answer(call, { ...block(4), gasUsed: 'lots' })
        : undefined,
    );
    const chain = parseIndexerConfig(
      JSON.stringify({ evm: [{ chainId: 31337, rpcUrl: url, network: 'fuji', headTag: 'latest', concurrency: 2 }] }),
    ).evm[0]!;
    const lines: string[] = [];
    const logger = createLoggerFactory({ display: (line) => lines.push(line) }).get('indexer');
    const follower = createChainFollower({
      db,
      chain,
      logger,
      exitAtHead: true,
      rpc: createRpcClient({ urls: [url], attempts: 2, backoffMs: 1 }),
    });
    await expect(follower.run()).rejects.toThrow(
      'eth_getBlockByNumber: malformed answer from the node: block.gasUsed is not valid: "lots"',
    );
    const blocks = await db.query<{ number: bigint }>(
      'SELECT number FROM evm_block WHERE chain_id = 31337 ORDER BY number',
    );
    expect(blocks.map((b) => b.number)).toEqual([0n, 1n, 2n, 3n]);
    const [cursor] = await db.query<{ height: bigint; block_hash: string }>(
      `SELECT height, block_hash FROM sync_state WHERE chain_key = 'evm:31337'`,
    );
    expect(cursor).toEqual({ height: 3n, block_hash: hash(4) });
  });

  test('head tag: finalized by default on a chain that is not a development chain, read with eth_getBlockByNumber("finalized")', async () => {
    const tags: string[] = [];
    handler = node(6, (call) => {
      if (call.method === 'eth_chainId') return answer(call, '0x1869f'); // 99999
      if (
        call.method === 'eth_getBlockByNumber' &&
        typeof call.params[0] === 'string' &&
        !call.params[0].startsWith('0x')
      ) {
        tags.push(call.params[0]);
        return answer(call, block(5));
      }
      return undefined;
    });
    const chain = parseIndexerConfig(JSON.stringify({ evm: [{ chainId: 99999, rpcUrl: url, network: 'fuji' }] }))
      .evm[0]!;
    const follower = createChainFollower({
      db,
      chain,
      logger: createLoggerFactory({ display: () => {} }).get('indexer'),
      exitAtHead: true,
    });
    await follower.run();
    expect(tags[0]).toBe('finalized');
    expect(follower.status().height).toBe(5n);
  });
});

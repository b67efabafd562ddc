// Indexer defaults that never give partial data silently: the minimal configs index the whole
// history (X-Chain vertices when the node's index API answers; `latest` on a development chain),
// and what is left out or assumed is said in the log, once, naming the config key that decides.
// A fake avalanchego and a scripted EVM node on 127.0.0.1 play the nodes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { createIndexer } from '../../indexer/createIndexer';
import { createChainFollower } from '../../indexer/evm/follow/followChain';
import type { FollowerStatus } from '../../indexer/follow/createFollowerControl';
import { progressLine } from '../../indexer/progress/createProgressReporter';
import { atHeadSummary } from '../../indexer/runIndexerCommand';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import { X_VERTICES } from '../fixtures/avalanchego/fujiChains';
import { setupTestDatabase, teardown } from '../setup/database';
import { indexOnce } from './support/indexOnce';
import { emptyBlock as block } from './support/emptyBlocks';

/** A logger whose lines (JSON, one each) land in `lines`. */
const capture = () => {
  const lines: string[] = [];
  const loggers = createLoggerFactory({ display: (line) => lines.push(line) });
  return { lines, logger: loggers.get('indexer'), close: () => loggers.close() };
};
const messages = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

/** A scripted EVM node: `latest` at `head`, `finalized` `finalizedLag` blocks below it; eth_getChainConfig when `chainConfig` is set. */
type EvmNode = {
  url: string;
  head: number;
  finalizedLag: number;
  chainId: bigint;
  chainConfig: unknown;
  close(): Promise<void>;
};
async function startEvmNode(chainId: bigint): Promise<EvmNode> {
  const node = { head: 0, finalizedLag: 0, chainId, chainConfig: null as unknown };
  const one = (call: { id: number; method: string; params?: unknown[] }) => {
    const result = (value: unknown) => ({ jsonrpc: '2.0', id: call.id, result: value });
    const missing = () => ({
      jsonrpc: '2.0',
      id: call.id,
      error: { code: -32601, message: 'the method does not exist/is not available' },
    });
    switch (call.method) {
      case 'eth_chainId':
        return result(`0x${node.chainId.toString(16)}`);
      case 'eth_blockNumber':
        return result(`0x${node.head.toString(16)}`);
      case 'eth_getBlockByNumber': {
        const tag = call.params?.[0];
        const n = tag === 'finalized' ? node.head - node.finalizedLag : tag === 'latest' ? node.head : Number(tag);
        return result(n <= node.head ? block(n) : null);
      }
      case 'eth_getBlockReceipts':
        return result([]);
      case 'eth_getChainConfig':
        if (node.chainConfig) return result(node.chainConfig);
        return missing(); // a node without the method
      default:
        return missing();
    }
  };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = JSON.parse(text);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(node, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const evmConfig = (url: string, chainId: bigint, extra: Record<string, unknown> = {}) =>
  parseIndexerConfig(
    JSON.stringify({
      evm: [{ chainId: Number(chainId), rpcUrl: url, network: 'fuji', traces: false, pollIntervalMs: 20, ...extra }],
      nftMetadata: { enabled: false },
    }),
  );

describe('X-Chain history: the minimal config indexes the DAG-era vertices whenever the node answers its index API', () => {
  let node: FakeAvalanchego;
  const dbs: Database[] = [];
  const minimal = (extra: Record<string, unknown> = {}) =>
    parseIndexerConfig(
      JSON.stringify({
        primaryNetwork: [{ network: 'fuji', nodeUrl: node.url, chains: ['X'], validatorRefreshMs: 0, ...extra }],
      }),
    );
  const vertexCount = async (db: Database) =>
    Number((await db.query<{ n: bigint }>('SELECT count(*) AS n FROM x_chain_vertex'))[0]!.n);
  const skipWarnings = (lines: string[]) => lines.filter((l) => l.includes('DAG-era vertices are not indexed'));

  beforeAll(async () => {
    node = await startFakeAvalanchego({ P: 0, X: 0 });
    for (let i = 0; i < 3; i++) dbs.push(await setupTestDatabase());
  }, 120_000);
  afterAll(async () => {
    await node?.close();
    for (const db of dbs) await teardown(db);
  });

  test('a node with --index-enabled: every vertex of its index is written, with nothing said', async () => {
    node.indexEnabled = true;
    const lines: string[] = [];
    await indexOnce(dbs[0]!, minimal(), lines);
    expect(await vertexCount(dbs[0]!)).toBe(X_VERTICES.length);
    expect(skipWarnings(lines)).toEqual([]);
  }, 120_000);

  test('a node without the index API: blocks only, and one warning naming what is missing and xChainVertices', async () => {
    node.indexEnabled = false;
    const lines: string[] = [];
    await indexOnce(dbs[1]!, minimal({ proposers: false }), lines);
    expect(await vertexCount(dbs[1]!)).toBe(0);
    const warnings = skipWarnings(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('--index-enabled');
    expect(warnings[0]).toContain('xChainVertices');
  }, 120_000);

  test('xChainVertices false: no vertex asked for or written, nothing said; auto later on those blocks: said once, none written', async () => {
    node.indexEnabled = true;
    node.calls.length = 0;
    const lines: string[] = [];
    await indexOnce(dbs[2]!, minimal({ xChainVertices: false, proposers: false }), lines);
    expect(node.calls.filter((c) => c.startsWith('index.'))).toEqual([]);
    expect(await vertexCount(dbs[2]!)).toBe(0);
    expect(skipWarnings(lines)).toEqual([]);
    // The blocks went in without the DAG era: vertices now would come after the blocks that spend their UTXOs.
    await indexOnce(dbs[2]!, minimal({ proposers: false }), lines);
    expect(await vertexCount(dbs[2]!)).toBe(0);
    expect(skipWarnings(lines)).toHaveLength(1);
    expect(skipWarnings(lines)[0]).toContain('indexed without them');
  }, 120_000);
});

describe('head tag: `latest` on a development chain, `finalized` elsewhere, and a lagging head said with headTag', () => {
  let node: EvmNode;
  let db: Database;
  beforeAll(async () => {
    [node, db] = await Promise.all([startEvmNode(99_999n), setupTestDatabase()]);
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await teardown(db);
  });

  test.each([
    [31337, 'latest'],
    [1337, 'latest'],
    [43113, 'finalized'],
    [99999, 'finalized'],
  ])('chain ID %d follows %s by default', (chainId, tag) => {
    expect(evmConfig('http://127.0.0.1:1', BigInt(chainId)).evm[0]!.headTag).toBe(tag);
  });

  test('an explicit headTag is kept on a development chain', () => {
    expect(evmConfig('http://127.0.0.1:1', 31337n, { headTag: 'finalized' }).evm[0]!.headTag).toBe('finalized');
  });

  test('finalized 64 blocks behind latest: the progress line and the at-head summary say so and name headTag', async () => {
    node.head = 100;
    node.finalizedLag = 64;
    const { lines, logger, close } = capture();
    const follower = createChainFollower({ db, chain: evmConfig(node.url, 99_999n).evm[0]!, logger, exitAtHead: true });
    await follower.run();
    await close();
    const status = follower.status();
    expect([status.height, status.head]).toEqual([36n, 36n]);
    expect(status.lag).toEqual({ headTag: 'finalized', behindLatest: 64n });
    const note = 'head tag "finalized" is 64 blocks behind latest (set headTag to "latest" to index them)';
    expect(progressLine(status, undefined, 1)).toContain(note);
    expect(atHeadSummary([status])).toBe(`every chain is indexed up to its head: evm:99999 36 (${note})`);
    expect(messages(lines).filter((l) => String(l.msg).includes(note))).toHaveLength(1);
  });

  test('finalized 32 blocks behind latest (not more): nothing said', async () => {
    node.head = 132;
    node.finalizedLag = 32;
    const { logger, close } = capture();
    const follower = createChainFollower({ db, chain: evmConfig(node.url, 99_999n).evm[0]!, logger, exitAtHead: true });
    await follower.run();
    await close();
    const status = follower.status();
    expect(status.height).toBe(100n);
    expect(progressLine(status, undefined, 1)).not.toContain('headTag');
    expect(atHeadSummary([status])).toBe('every chain is indexed up to its head: evm:99999 100');
  });
});

describe('an unreachable node: one line per retry and per restart, no stack trace, no made-up progress', () => {
  test('the progress line of a chain whose head is unknown shows no count and no percentage', () => {
    const status: FollowerStatus = {
      chainKey: 'evm:31337',
      height: null,
      head: null,
      blocks: 0,
      events: 0,
      reorgs: 0,
      atHead: false,
    };
    expect(progressLine(status, undefined, 10)).toBe('evm:31337 -/? (head unknown: waiting for the node)');
    expect(progressLine({ ...status, height: 7n }, undefined, 10)).toBe(
      'evm:31337 7/? (head unknown: waiting for the node)',
    );
  });

  test('each retry and each restart is one line without a stack; the restart line says when', async () => {
    // A port nothing listens on: a server started and closed.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const db = await setupTestDatabase();
    const { lines, logger, close } = capture();
    const indexer = createIndexer({
      db,
      config: evmConfig(`http://127.0.0.1:${port}`, 31337n),
      logger,
      tty: null,
      restartDelayMs: 50,
    });
    const running = indexer.run();
    // 6 attempts with backoff from 250 ms: about 8 s to the first restart.
    const deadline = Date.now() + 40_000;
    while (!lines.some((l) => l.includes('restarting in')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await indexer.stop();
    await running.catch(() => undefined);
    await close();
    await teardown(db);
    const logged = messages(lines);
    const retries = logged.filter(
      (l) => String(l.msg).includes('cannot reach the node') && String(l.msg).includes('; retry'),
    );
    const stopped = logged.filter((l) => String(l.msg).includes('indexing stopped'));
    expect(retries.length).toBeGreaterThan(0);
    expect(stopped.length).toBeGreaterThan(0);
    expect(stopped[0]!.msg).toMatch(/cannot reach the node.*; restarting in 50 ms$/);
    for (const line of [...retries, ...stopped]) {
      expect(line.error).toBeUndefined();
      expect(String(line.msg)).not.toContain('\n');
    }
  }, 60_000);
});

describe('native token of an indexed EVM chain: the configured one, else what the node suggests, said as assumed', () => {
  let node: EvmNode;
  let db: Database;
  beforeAll(async () => {
    [node, db] = await Promise.all([startEvmNode(31337n), setupTestDatabase()]);
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await teardown(db);
  });
  const register = async (chainId: bigint, extra: Record<string, unknown> = {}) => {
    node.chainId = chainId;
    const { lines, logger, close } = capture();
    const follower = createChainFollower({
      db,
      chain: evmConfig(node.url, chainId, extra).evm[0]!,
      logger,
      exitAtHead: true,
    });
    await follower.run();
    await close();
    const [row] = await db.query<{
      native_token_name: string;
      native_token_symbol: string;
      native_token_decimals: number;
    }>('SELECT native_token_name, native_token_symbol, native_token_decimals FROM evm_chain WHERE chain_id = $1', [
      chainId.toString(),
    ]);
    return { row, assumed: lines.filter((l) => l.includes('native token assumed')) };
  };

  test('a node without eth_getChainConfig (anvil, hardhat, geth): Ether, said once with nativeToken', async () => {
    node.chainConfig = null;
    const { row, assumed } = await register(31337n);
    expect(row).toEqual({ native_token_name: 'Ether', native_token_symbol: 'ETH', native_token_decimals: 18 });
    expect(assumed).toHaveLength(1);
    expect(assumed[0]).toContain('nativeToken');
  });

  test('a node answering eth_getChainConfig (subnet-evm): AVAX, said once as assumed', async () => {
    node.chainConfig = { chainId: 12345, feeConfig: { gasLimit: 8_000_000 } };
    const { row, assumed } = await register(12345n);
    expect(row).toEqual({ native_token_name: 'Avalanche', native_token_symbol: 'AVAX', native_token_decimals: 18 });
    expect(assumed).toHaveLength(1);
  });

  test('a configured nativeToken: stored as given, nothing said', async () => {
    node.chainConfig = null;
    const { row, assumed } = await register(777n, { nativeToken: { name: 'Gas', symbol: 'GAS', decimals: 9 } });
    expect(row).toEqual({ native_token_name: 'Gas', native_token_symbol: 'GAS', native_token_decimals: 9 });
    expect(assumed).toEqual([]);
  });
});

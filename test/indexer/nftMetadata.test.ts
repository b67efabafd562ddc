// NFT metadata fetching: http(s), ipfs:// through the configured gateway and data: URIs, with one
// indexStatus of the enumerations note for each outcome; the worker tries passing failures again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeAbiParameters } from 'viem';
import { fetchNftMetadata, resolveTokenUri } from '../../indexer/evm/metadata/fetchNftMetadata';
import { createNftMetadataWorker } from '../../indexer/evm/metadata/createNftMetadataWorker';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { insertRows } from '../../prisma/write';
import { setupTestDatabase, teardown } from '../setup/database';
import { createLoggerFactory } from '../../logging/createLoggerFactory';

let server: Server;
let base = '';
const seen: string[] = [];
let flaky = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url === '/ipfs/QmToken/7.json')
      return response.end(JSON.stringify({ name: 'From IPFS', decimals: 2, properties: { a: 1 } }));
    if (request.url === '/big') return response.end('x'.repeat(5_000));
    if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 2_000).unref();
    if (request.url === '/throttled') return response.writeHead(429).end();
    if (request.url === '/array') return response.end('[1,2]');
    if (request.url === '/unavailable') return response.writeHead(503).end();
    // The worker's tokens: 1 fails once with 503, then answers; 2 is gone (404); 3 is always throttled.
    if (request.url === '/token/1')
      return flaky++ === 0 ? response.writeHead(503).end() : response.end(JSON.stringify({ name: 'Back' }));
    if (request.url === '/token/3') return response.writeHead(429).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

const options = () => ({ ipfsGateway: `${base}/ipfs/`, timeoutMs: 500, maxBytes: 1_000 });

describe('fetchNftMetadata', () => {
  test("ipfs:// goes through the configured gateway; INDEXED with the document's fields", async () => {
    expect(resolveTokenUri('ipfs://QmToken/7.json', 'https://gw.example/ipfs')).toBe(
      'https://gw.example/ipfs/QmToken/7.json',
    );
    const outcome = await fetchNftMetadata('ipfs://QmToken/7.json', options());
    expect(outcome).toEqual({
      indexStatus: 'INDEXED',
      metadata: {
        name: 'From IPFS',
        symbol: null,
        image: null,
        description: null,
        animationUrl: null,
        externalUrl: null,
        background: null,
        attributes: null,
        properties: '{"a":1}',
        decimals: 2,
      },
    });
    expect(seen).toContain('/ipfs/QmToken/7.json');
  });

  test('data: URIs, base64 and percent-encoded, never leave the process', async () => {
    const json = JSON.stringify({
      name: 'Inline',
      image: 'data:image/svg+xml;base64,AA==',
      attributes: [{ trait_type: 'x', value: 1 }],
    });
    const base64 = await fetchNftMetadata(
      `data:application/json;base64,${Buffer.from(json).toString('base64')}`,
      options(),
    );
    const encoded = await fetchNftMetadata(`data:application/json,${encodeURIComponent(json)}`, options());
    expect(base64).toEqual(encoded);
    expect(base64.indexStatus === 'INDEXED' && base64.metadata).toMatchObject({
      name: 'Inline',
      image: 'data:image/svg+xml;base64,AA==',
      attributes: '[{"trait_type":"x","value":1}]',
    });
  });

  test.each([
    ['', 'INVALID_TOKEN_URI', false],
    ['ar://abc', 'INVALID_TOKEN_URI_SCHEME', false],
    ['/missing', 'UNREACHABLE_TOKEN_URI', false],
    ['/slow', 'UNREACHABLE_TOKEN_URI', true],
    ['/unavailable', 'UNREACHABLE_TOKEN_URI', true],
    ['/throttled', 'THROTTLED_TOKEN_URI', true],
    ['/big', 'METADATA_CONTENT_TOO_LARGE', false],
    ['/array', 'INVALID_METADATA', false],
    ['data:application/json,{oops', 'INVALID_METADATA_JSON', false],
    ['http://127.0.0.1:1/unreachable', 'UNREACHABLE_TOKEN_URI', true],
  ])('%s → %s, tried again later: %s', async (uri, status, retry) => {
    const outcome = await fetchNftMetadata(uri.startsWith('/') ? `${base}${uri}` : uri, options());
    expect(outcome.indexStatus).toBe(status);
    expect(outcome.indexStatus !== 'INDEXED' && outcome.retry === true).toBe(retry);
  });
});

describe('createNftMetadataWorker', () => {
  const NFT = '0x00000000000000000000000000000000000000aa';
  let rpcServer: Server;
  let nodeDown = false;

  /** A node answering tokenURI(id) with `<base>/token/<id>` (or failing as a whole while nodeDown). */
  beforeAll(async () => {
    rpcServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (nodeDown) return response.writeHead(502).end();
        const calls = JSON.parse(body) as { id: number; params: [{ data: string }] }[];
        const answers = (Array.isArray(calls) ? calls : [calls]).map((call) => ({
          jsonrpc: '2.0',
          id: call.id,
          result: encodeAbiParameters(
            [{ type: 'string' }],
            [`${base}/token/${BigInt(`0x${call.params[0].data.slice(10)}`)}`],
          ),
        }));
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(Array.isArray(calls) ? answers : answers[0]));
      });
    });
    await new Promise<void>((resolve) => rpcServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => rpcServer.close(resolve)));

  test('a passing failure is tried again with a doubling wait until its attempts run out; a lasting one is not', async () => {
    const db = await setupTestDatabase();
    const loggers = createLoggerFactory({ display: () => {}, logLevel: 'INFO' });
    try {
      const rpcUrl = `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`;
      const config = parseIndexerConfig(
        JSON.stringify({
          evm: [{ chainId: 31337, rpcUrl, network: 'fuji', startBlock: 0, confirmations: 0 }],
          nftMetadata: { timeoutMs: 2_000, retryAttempts: 2, retryDelaySeconds: 1 },
        }),
      );
      await insertRows(
        db,
        'EvmNftToken',
        [1n, 2n, 3n].map((id) => ({
          chainId: 31337n,
          address: NFT,
          tokenId: id.toString(),
          ercType: 'ERC721' as const,
        })),
      );
      const worker = createNftMetadataWorker({
        db,
        chains: config.evm,
        options: config.nftMetadata,
        logger: loggers.get('indexer'),
        pollMs: 100,
      });
      type Row = {
        token_id: string;
        index_status: string;
        metadata_attempts: number;
        metadata_retry_at: bigint | null;
        metadata_name: string | null;
        tried: bigint;
      };
      const rows = async () =>
        Object.fromEntries(
          (
            await db.query<Row>(
              'SELECT token_id::text, index_status, metadata_attempts, metadata_retry_at, metadata_name, metadata_last_updated_timestamp AS tried FROM evm_nft_token ORDER BY token_id',
            )
          ).map((r) => [r.token_id, r]),
        );

      const start = Math.floor(Date.now() / 1000);
      await worker.drain();
      let now = await rows();
      expect(now['1']).toMatchObject({ index_status: 'UNREACHABLE_TOKEN_URI', metadata_attempts: 1 });
      expect(Number(now['1']!.metadata_retry_at) - start).toBeGreaterThanOrEqual(1); // the first wait: retryDelaySeconds
      expect(now['2']).toMatchObject({
        index_status: 'UNREACHABLE_TOKEN_URI',
        metadata_attempts: 1,
        metadata_retry_at: null,
      });
      expect(now['3']).toMatchObject({ index_status: 'THROTTLED_TOKEN_URI', metadata_attempts: 1 });
      const firstTry = now['3']!.tried;

      worker.start();
      // 1 comes back at its first retry; 3 is tried twice more (after 1 s, then 2 s) and then left as it is.
      for (let i = 0; i < 100 && !(now['1']!.index_status === 'INDEXED' && now['3']!.metadata_attempts === 3); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await rows();
      }
      await worker.stop();
      expect(now['1']).toMatchObject({
        index_status: 'INDEXED',
        metadata_attempts: 2,
        metadata_retry_at: null,
        metadata_name: 'Back',
      });
      expect(now['2']).toMatchObject({ metadata_attempts: 1 });
      expect(now['3']).toMatchObject({
        index_status: 'THROTTLED_TOKEN_URI',
        metadata_attempts: 3,
        metadata_retry_at: null,
      });
      expect(Number(now['3']!.tried - firstTry)).toBeGreaterThanOrEqual(1 + 2);
    } finally {
      await loggers.close();
      await teardown(db);
    }
  }, 30_000);

  test('a node that does not answer the token URI call leaves the token UNINDEXED, to be tried again', async () => {
    const db = await setupTestDatabase();
    const loggers = createLoggerFactory({ display: () => {}, logLevel: 'INFO' });
    try {
      const rpcUrl = `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`;
      const config = parseIndexerConfig(
        JSON.stringify({
          evm: [{ chainId: 31337, rpcUrl, network: 'fuji', startBlock: 0, confirmations: 0, rpcTimeoutMs: 1_000 }],
        }),
      );
      await insertRows(db, 'EvmNftToken', [{ chainId: 31337n, address: NFT, tokenId: '2', ercType: 'ERC721' }]);
      nodeDown = true;
      const worker = createNftMetadataWorker({
        db,
        chains: config.evm,
        options: config.nftMetadata,
        logger: loggers.get('indexer'),
      });
      await worker.drain();
      const [row] = await db.query<{
        index_status: string;
        metadata_attempts: number;
        metadata_retry_at: bigint | null;
      }>('SELECT index_status, metadata_attempts, metadata_retry_at FROM evm_nft_token');
      expect(row).toMatchObject({ index_status: 'UNINDEXED', metadata_attempts: 1 });
      expect(row!.metadata_retry_at).not.toBeNull();
    } finally {
      nodeDown = false;
      await loggers.close();
      await teardown(db);
    }
  }, 30_000);
});

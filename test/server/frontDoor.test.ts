// The front door (GET /): the service's version, the data it holds, examples that answer on that
// data, and links to the rest; a page for a browser, JSON for everyone else. Beside it the icon,
// and /docs for callers that send no text/html.
import { hexToBytes } from '../../prisma/hexBytes';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { readLoadedData } from '../../server/loadedData';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { rawRequest } from '../support/rawHttp';

const { name, version } = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
const pChainId = '11111111111111111111111111111111LpoYY';
/** The fixture's EVM chain 99001 gets blocks 0..4, Fuji's P-Chain blocks 0..2. */
const evmHeight = 4;
const pChainHeight = 2;
const hex = (n: number, digits: number) => `0x${n.toString(16).padStart(digits, '0')}`;

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  await db.prisma.evmBlock.createMany({
    data: Array.from({ length: evmHeight + 1 }, (_, number) => ({
      chainId: 99001n,
      number: BigInt(number),
      hash: hexToBytes(hex(number + 1, 64)),
      parentHash: hexToBytes(hex(number, 64)),
      timestamp: BigInt(1_700_000_000 + number),
      gasLimit: 8_000_000,
      gasUsed: 0,
      txCount: 0,
      miner: hexToBytes(hex(0, 40)),
    })),
  });
  await db.prisma.primaryNetworkBlock.createMany({
    data: Array.from({ length: pChainHeight + 1 }, (_, number) => ({
      network: 'FUJI' as const,
      blockchainId: pChainId,
      blockNumber: BigInt(number),
      blockHash: `pBlock${number}`,
      parentHash: `pBlock${number - 1}`,
      blockType: 'BanffStandardBlock',
      blockTimestamp: BigInt(1_700_000_000 + number),
      txCount: 0,
      transactions: [],
      blockSizeBytes: 100,
      currentSupply: 0,
    })),
  });
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${service.base}${pathname}`, { headers });
/** A GET with exactly these headers (fetch would add an Accept of its own). */
const getExactly = (pathname: string, headers: Record<string, string>) =>
  rawRequest(service.base, 'GET', pathname, { headers });

/** What the front door answers on the fixture: computed from the rows inserted above. */
const expected = {
  name,
  version,
  data: {
    demoDataSet: null,
    evmChains: [
      {
        chainId: '99001',
        name: 'Fixture L1',
        network: 'mainnet',
        blockchainId: 'mainnetSubnet0-chain0',
        height: evmHeight,
      },
    ],
    primaryNetwork: [{ network: 'fuji', chain: 'p-chain', blockchainId: pChainId, height: pChainHeight }],
  },
  examples: {
    rest: ['/v1/chains/99001/blocks?pageSize=2', '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=2'],
    rpc: '/ext/bc/mainnetSubnet0-chain0/rpc',
  },
  links: { docs: '/docs', graphql: '/graphql', openapi: '/openapi.json', ready: '/health/ready', metrics: '/metrics' },
};

describe('GET / for an API client', () => {
  test.each([
    ['application/json', { accept: 'application/json' }],
    ["curl's */*", { accept: '*/*' }],
    ['no Accept', {}],
  ])('%s: JSON with the version, the chains and their heights, the examples and the links', async (_, headers) => {
    const answer = await getExactly('/', headers);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json).toEqual(expected);
  });

  test('the demo data set is named by its marker, with its scale and clock, and its examples', async () => {
    const demoNow = 1_793_491_200;
    await createSettings(db).set('demoData', { scale: 3, demoNow, seededAt: new Date(0).toISOString() });
    try {
      const door = await (await get('/')).json();
      expect(door.data.demoDataSet).toEqual({ scale: 3, now: new Date(demoNow * 1000).toISOString() });
      expect(door.examples).toEqual({ rest: ['/v1/networks/mainnet/subnets?pageSize=2'], rpc: '/ext/bc/C/rpc' });
    } finally {
      await createSettings(db).delete('demoData');
    }
  });
});

describe('GET / in a browser', () => {
  test('a page with the version, the chains with their heights, the examples and links to the endpoints', async () => {
    const response = await get('/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`version ${version}`);
    expect(html).toContain('<td>99001</td><td>Fixture L1</td><td>mainnet</td><td class="n">4</td>');
    expect(html).toContain('<td>fuji</td><td>p-chain</td><td class="n">2</td>');
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(links).toEqual(
      expect.arrayContaining([
        '/docs',
        '/graphql',
        '/openapi.json',
        '/health/ready',
        '/metrics',
        ...expected.examples.rest,
      ]),
    );
    expect(links.filter((link) => !link.startsWith('/'))).toEqual([]);
  });

  test('every link of the page answers 200 to a browser', async () => {
    const html = await (await get('/', { accept: 'text/html' })).text();
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const statuses = await Promise.all(
      links.map(async (link) => [link, (await get(link, { accept: 'text/html' })).status]),
    );
    expect(statuses).toEqual(links.map((link) => [link, 200]));
  });
});

describe('the examples answer with data on what is loaded', () => {
  test("the EVM chain's blocks and the P-Chain's, newest first", async () => {
    const evm = await (await get(expected.examples.rest[0]!)).json();
    expect(evm.blocks.map((block: { blockNumber: string }) => block.blockNumber)).toEqual([
      String(evmHeight),
      String(evmHeight - 1),
    ]);
    const pChain = await (await get(expected.examples.rest[1]!)).json();
    expect(pChain.blocks.map((block: { blockNumber: string }) => block.blockNumber)).toEqual([
      String(pChainHeight),
      String(pChainHeight - 1),
    ]);
  });

  test("the RPC path answers eth_blockNumber with the chain's height", async () => {
    const response = await fetch(`${service.base}${expected.examples.rpc}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${evmHeight.toString(16)}` });
  });
});

describe('readLoadedData()', () => {
  test('an EVM chain without blocks has no height; a primary-network chain without blocks is left out', async () => {
    await db.prisma.evmChain.create({
      data: {
        chainId: 99002n,
        network: 'FUJI',
        blockchainId: 'fujiSubnet0-chain0',
        chainName: 'Empty L1',
        nativeTokenName: 'E',
        nativeTokenSymbol: 'E',
        nativeTokenDecimals: 18,
      },
    });
    try {
      const loaded = await readLoadedData(db);
      expect(loaded.evmChains.map((chain) => [chain.chainId, chain.height])).toEqual([
        [99001n, BigInt(evmHeight)],
        [99002n, null],
      ]);
      expect(loaded.primaryChains.map((chain) => `${chain.network} ${chain.chain}`)).toEqual(['fuji p-chain']);
    } finally {
      await db.prisma.evmChain.delete({ where: { chainId: 99002n } });
    }
  });
});

describe('the icon and /docs', () => {
  test('/favicon.ico answers an SVG icon, and every page links it', async () => {
    const response = await get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    for (const page of ['/', '/docs', '/graphql'])
      expect(await (await get(page, { accept: 'text/html' })).text()).toContain(
        '<link rel="icon" href="/favicon.ico" type="image/svg+xml">',
      );
  });

  test.each([
    ["curl's */*", { accept: '*/*' }],
    ['no Accept', {}],
    ['application/json', { accept: 'application/json' }],
  ])('/docs answers %s with the API reference page', async (_, headers) => {
    const answer = await getExactly('/docs', headers);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('swagger-ui-bundle.js');
  });

  test('GET /graphql without text/html is still GraphQL, not the explorer page', async () => {
    const response = await get(`/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      accept: 'application/json',
      'apollo-require-preflight': 'true',
    });
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

// Blocks, vertices, the network's staking figures, blockchains, subnets, assets and the chains of
// addresses (getBlockById, listLatestPrimaryNetworkBlocks, getVertexByHash, getVertexByHeight,
// getNetworkDetails, listBlockchains, getBlockchainById, getSubnetById, getAssetDetails,
// getChainIdsForAddresses). Over the demo data (clock at DEMO_NOW) the expected values come from the
// raw rows with the rules applied here; over the fake avalanchego node's history
// (test/fixtures/avalanchego/fujiChains.ts) from the fixture's blocks, vertices and constants.
import { DEMO_NOW } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { parseIndexerConfig } from '../../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../../setup/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { blockColumns, latestFirst, restBlock, type BlockRaw } from './support/primaryBlockRows';
import { startFakeAvalanchego, type FakeAvalanchego } from '../../fixtures/avalanchego/fakeAvalanchego';
import {
  AVAX,
  DELEGATION_END,
  P_BLOCKS,
  P_CHAIN_ID,
  T0,
  X_BLOCKS,
  X_CHAIN_ID,
  X_VERTICES,
  xv1,
} from '../../fixtures/avalanchego/fujiChains';
import { indexOnce } from '../../indexer/support/indexOnce';

const P = '11111111111111111111111111111111LpoYY';
const X = {
  mainnet: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
  fuji: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
};
const C = {
  mainnet: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  fuji: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
};

jest.setTimeout(180_000);

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const bad = (message: string) => ({
  status: 400,
  body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
});
const notFound = (message: string) => ({
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: expect.stringContaining(message) },
});

/** Every item of a list, page by page (pageSize 100 unless the path sets it). */
async function all(target: TestService, path: string, member: string, pageSize = 100): Promise<any[]> {
  const items: any[] = [];
  const base = `${path}${path.includes('?') ? '&' : '?'}pageSize=${pageSize}`;
  let url = base;
  for (let page = 0; page < 200; page++) {
    const { status, body } = await target.request(url);
    expect({ url, status }).toEqual({ url, status: 200 });
    items.push(...body[member]);
    if (!body.nextPageToken) return items;
    url = `${base}&pageToken=${encodeURIComponent(body.nextPageToken)}`;
  }
  throw new Error(`more than 200 pages: ${path}`);
}

const restVertex = (v: any) => ({
  vertexHash: v.vertex_hash,
  parentHashes: v.parent_hashes,
  vertexHeight: Number(v.vertex_height),
  vertexIndex: Number(v.vertex_index),
  vertexTimestamp: Number(v.vertex_timestamp),
  txCount: v.tx_count,
  transactions: v.transactions,
  vertexSizeBytes: v.vertex_size_bytes,
});

describe('getBlockById: GET /v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}', () => {
  let blocks: BlockRaw[];
  beforeAll(async () => {
    blocks = await db.query<BlockRaw>(`SELECT ${blockColumns} FROM primary_network_block WHERE network = 'mainnet'`);
  });
  const sample = (chain: string) => {
    const mine = blocks.filter((b) => b.blockchainId === chain).sort(latestFirst);
    // the newest, one in the middle, the oldest, and one with the most transactions
    return [
      mine[0]!,
      mine[Math.floor(mine.length / 2)]!,
      mine[mine.length - 1]!,
      [...mine].sort((a, b) => b.txCount - a.txCount)[0]!,
    ];
  };

  it.each([
    ['p-chain', P],
    ['x-chain', X.mainnet],
  ])('answers a %s block by height and by block ID, every field of 2.15', async (alias, chain) => {
    for (const block of sample(chain)) {
      for (const blockId of [block.blockNumber.toString(), block.blockHash]) {
        const { status, body } = await service.request(`/v1/networks/mainnet/blockchains/${alias}/blocks/${blockId}`);
        expect({ blockId, status, body }).toEqual({ blockId, status: 200, body: restBlock(block) });
      }
    }
  });

  it('a block without a proposervm wrapper has no proposerDetails', async () => {
    const plain = blocks.find((b) => b.proposerNodeId === null);
    expect(plain).toBeDefined();
    const { body } = await service.request(
      `/v1/networks/mainnet/blockchains/${plain!.blockchainId}/blocks/${plain!.blockHash}`,
    );
    expect(body).toEqual(restBlock(plain!));
    expect('proposerDetails' in body).toBe(false);
  });

  it('a height or block ID the index does not hold is a 404', async () => {
    const [top = 0n] = blocks
      .filter((b) => b.blockchainId === P)
      .map((b) => b.blockNumber)
      .sort((a, b) => (a < b ? 1 : -1));
    expect(await service.request(`/v1/networks/mainnet/blockchains/p-chain/blocks/${top + 1n}`)).toEqual(
      notFound(`block at height ${top + 1n} is not a p-chain block of mainnet`),
    );
    // a block of the X-Chain asked for on the P-Chain
    const xBlock = blocks.find((b) => b.blockchainId === X.mainnet)!;
    expect(await service.request(`/v1/networks/mainnet/blockchains/p-chain/blocks/${xBlock.blockHash}`)).toEqual(
      notFound(`block ${xBlock.blockHash} is not a p-chain block`),
    );
  });

  it.each([
    ['c-chain', '1', 'path parameter blockchainId must be the P or X-Chain of mainnet'],
    [X.fuji, '1', 'path parameter blockchainId must be the P or X-Chain of mainnet'],
    ['p-chain', 'xyz', 'path parameter blockId must be a block height or a block ID'],
    ['p-chain', '-1', 'path parameter blockId must be a block height or a block ID'],
    ['p-chain', '99999999999999999999', 'path parameter blockId must be a block height or a block ID'],
  ])('rejects %s / %s with 400', async (chain, blockId, message) => {
    expect(await service.request(`/v1/networks/mainnet/blockchains/${chain}/blocks/${blockId}`)).toEqual(bad(message));
  });
});

describe('listLatestPrimaryNetworkBlocks: GET /v1/networks/{network}/blockchains/{blockchainId}/blocks', () => {
  let blocks: BlockRaw[];
  beforeAll(async () => {
    blocks = await db.query<BlockRaw>(`SELECT ${blockColumns} FROM primary_network_block WHERE network = 'mainnet'`);
  });
  const ofChain = (chain: string) => blocks.filter((b) => b.blockchainId === chain).sort(latestFirst);

  it('pageSize defaults to 10: the newest blocks of the chain, with chainInfo', async () => {
    const { body } = await service.request('/v1/networks/mainnet/blockchains/p-chain/blocks');
    const expected = ofChain(P);
    expect(body.blocks).toEqual(expected.slice(0, 10).map(restBlock));
    expect(body.chainInfo).toEqual({ chainName: 'p-chain', network: 'mainnet' });
    expect('nextPageToken' in body).toBe(expected.length > 10);
  });

  it.each([
    ['mainnet', 'x-chain', X.mainnet],
    ['fuji', 'x-chain', X.fuji],
    ['testnet', 'p-chain', P],
  ])('%s %s: every block, newest first, page by page', async (network, alias, chain) => {
    const items = await all(service, `/v1/networks/${network}/blockchains/${alias}/blocks`, 'blocks');
    const rows = await db.query<BlockRaw>(
      `SELECT ${blockColumns} FROM primary_network_block WHERE network = $1 AND blockchain_id = $2`,
      [network === 'mainnet' ? 'mainnet' : 'fuji', chain],
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(items).toEqual(rows.sort(latestFirst).map(restBlock));
  });

  it('startTimestamp and endTimestamp bound the block time, both inclusive', async () => {
    const rows = (
      await db.query<BlockRaw>(
        `SELECT ${blockColumns} FROM primary_network_block WHERE network = 'mainnet' AND blockchain_id = $1`,
        [X.mainnet],
      )
    ).sort(latestFirst);
    const [end, start] = [rows[2]!.blockTimestamp, rows[rows.length - 3]!.blockTimestamp];
    const items = await all(
      service,
      `/v1/networks/mainnet/blockchains/x-chain/blocks?startTimestamp=${start}&endTimestamp=${end}`,
      'blocks',
      7,
    );
    expect(items).toEqual(rows.filter((b) => b.blockTimestamp >= start && b.blockTimestamp <= end).map(restBlock));
  });

  it('a page token is refused for another time range', async () => {
    const { body } = await service.request(
      '/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=2&startTimestamp=0',
    );
    expect(body.nextPageToken).toBeDefined();
    const { status } = await service.request(
      `/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=2&startTimestamp=1&pageToken=${encodeURIComponent(body.nextPageToken)}`,
    );
    expect(status).toBe(400);
  });

  it.each([
    ['c-chain', '', 'path parameter blockchainId must be the P or X-Chain of mainnet'],
    ['p-chain', 'pageSize=0', 'query parameter pageSize must be at least 1'],
    ['p-chain', 'pageSize=101', 'query parameter pageSize must be at most 100'],
    ['p-chain', 'startTimestamp=-1', 'query parameter startTimestamp must be a Unix time'],
    ['p-chain', 'startTimestamp=10&endTimestamp=9', 'query parameter startTimestamp must not be after endTimestamp'],
  ])('rejects %s "%s" with 400', async (chain, query, message) => {
    expect(await service.request(`/v1/networks/mainnet/blockchains/${chain}/blocks?${query}`)).toEqual(bad(message));
  });
});

describe('getVertexByHash: GET /v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash}', () => {
  it.each(['mainnet', 'fuji'] as const)('answers each %s vertex by its ID, every field of 2.16', async (network) => {
    const rows = await db.query<any>(`SELECT * FROM x_chain_vertex WHERE network = $1 ORDER BY vertex_index`, [
      network,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 20)) {
      const { status, body } = await service.request(
        `/v1/networks/${network}/blockchains/${X[network]}/vertices/${row.vertex_hash}`,
      );
      expect({ status, body }).toEqual({ status: 200, body: restVertex(row) });
    }
  });

  it('a vertex the index does not hold is a 404; a vertex of the other network too', async () => {
    const [fuji] = await db.query<any>(`SELECT vertex_hash FROM x_chain_vertex WHERE network = 'fuji' LIMIT 1`);
    expect(await service.request(`/v1/networks/mainnet/blockchains/x-chain/vertices/${fuji.vertex_hash}`)).toEqual(
      notFound(`vertex ${fuji.vertex_hash} is not an X-Chain vertex of mainnet`),
    );
  });

  it.each([
    ['p-chain', P, 'path parameter blockchainId must be the X-Chain of mainnet'],
    ['x-chain', 'nothex', 'path parameter vertexHash must be a 32-byte ID'],
  ])('rejects %s %s with 400', async (chain, hash, message) => {
    expect(await service.request(`/v1/networks/mainnet/blockchains/${chain}/vertices/${hash}`)).toEqual(bad(message));
  });
});

describe('getVertexByHeight: GET /v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight', () => {
  let rows: any[];
  beforeAll(async () => {
    rows = await db.query<any>(`SELECT * FROM x_chain_vertex WHERE network = 'mainnet'`);
  });
  /** The height with the most vertices. */
  const busiest = () => {
    const counts = new Map<bigint, number>();
    for (const v of rows) counts.set(v.vertex_height, (counts.get(v.vertex_height) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };
  const at = (height: bigint) => rows.filter((v) => v.vertex_height === height);
  const byIndex = (a: any, b: any) => (a.vertex_index < b.vertex_index ? -1 : 1);

  it('lists the vertices at the height, latest first by default, then asc on request', async () => {
    const height = busiest();
    const desc = await all(
      service,
      `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${height}`,
      'vertices',
      1,
    );
    expect(desc).toEqual(at(height).sort(byIndex).reverse().map(restVertex));
    const asc = await all(
      service,
      `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${height}&sortOrder=asc`,
      'vertices',
      1,
    );
    expect(asc).toEqual(at(height).sort(byIndex).map(restVertex));
  });

  it('pageSize defaults to 10; a height without vertices answers an empty list with chainInfo', async () => {
    const height = busiest();
    const { body } = await service.request(
      `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${height}`,
    );
    expect(body.vertices).toHaveLength(Math.min(10, at(height).length));
    const [top = 0n] = rows.map((v) => v.vertex_height as bigint).sort((a, b) => (a < b ? 1 : -1));
    expect(
      await service.request(`/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${top + 1n}`),
    ).toEqual({
      status: 200,
      body: { vertices: [], chainInfo: { chainName: 'x-chain', network: 'mainnet' } },
    });
  });

  it.each([
    ['x-chain', '', 'query parameter vertexHeight'],
    ['x-chain', 'vertexHeight=-1', 'query parameter vertexHeight must be'],
    ['x-chain', 'vertexHeight=1&pageSize=101', 'query parameter pageSize must be at most 100'],
    ['x-chain', 'vertexHeight=1&sortOrder=up', 'query parameter sortOrder'],
    ['c-chain', 'vertexHeight=1', 'path parameter blockchainId must be the X-Chain of mainnet'],
  ])('rejects %s "%s" with 400', async (chain, query, message) => {
    expect(await service.request(`/v1/networks/mainnet/blockchains/${chain}/vertices:listByHeight?${query}`)).toEqual(
      bad(message),
    );
  });
});

describe('getNetworkDetails: GET /v1/networks/{network}', () => {
  it.each(['mainnet', 'fuji'] as const)(
    '%s: the validations and delegations active now, summed over every row with the status rules',
    async (network) => {
      const t = BigInt(DEMO_NOW);
      const validators = await db.query<any>(
        `SELECT amount_staked::text AS stake, potential_reward::text AS reward, avalanche_go_version AS version, start_timestamp AS start,
           end_timestamp AS "end", removed_timestamp AS removed, subnet_id, is_l1_validator FROM validator WHERE network = $1`,
        [network],
      );
      const delegations = await db.query<any>(
        `SELECT amount_delegated::text AS amount, potential_reward::text AS reward, start_timestamp AS start, end_timestamp AS "end"
         FROM delegation WHERE network = $1`,
        [network],
      );
      const active = validators.filter(
        (v) =>
          v.subnet_id === P &&
          !v.is_l1_validator &&
          v.start <= t &&
          v.end !== null &&
          v.end > t &&
          (v.removed === null || v.removed > t),
      );
      const activeDelegations = delegations.filter((d) => d.start <= t && d.end > t);
      const sum = (values: (string | null)[]) => values.reduce((s, v) => s + BigInt(v ?? 0), 0n);
      const versions = new Map<string, { amount: bigint; count: number }>();
      for (const v of active) {
        const entry = versions.get(v.version ?? 'unknown') ?? { amount: 0n, count: 0 };
        versions.set(v.version ?? 'unknown', { amount: entry.amount + BigInt(v.stake), count: entry.count + 1 });
      }
      const [supply] = await db.query<{ s: string }>(
        `SELECT current_supply::text AS s FROM primary_network_block WHERE network = $1 AND blockchain_id = $2 AND block_timestamp <= $3
         ORDER BY block_number DESC LIMIT 1`,
        [network, P, t],
      );
      const staked = sum(active.map((v) => v.stake)) + sum(activeDelegations.map((d) => d.amount));
      // six decimals, rounded half up
      const micro = (staked * 10_000_000n) / BigInt(supply!.s);
      const ratio = (micro + 5n) / 10n;
      const { status, body } = await service.request(`/v1/networks/${network}`);
      expect(status).toBe(200);
      expect(active.length).toBeGreaterThan(0);
      expect(body).toEqual({
        validatorDetails: {
          validatorCount: active.length,
          totalAmountStaked: sum(active.map((v) => v.stake)).toString(),
          estimatedAnnualStakingReward: (
            sum(active.map((v) => v.reward)) + sum(activeDelegations.map((d) => d.reward))
          ).toString(),
          stakingDistributionByVersion: expect.any(Array),
          stakingRatio: String(Number(ratio) / 1e6),
        },
        delegatorDetails: {
          delegatorCount: activeDelegations.length,
          totalAmountStaked: sum(activeDelegations.map((d) => d.amount)).toString(),
        },
      });
      const distribution = body.validatorDetails.stakingDistributionByVersion;
      expect(
        new Map(distribution.map((d: any) => [d.version, { amount: BigInt(d.amountStaked), count: d.validatorCount }])),
      ).toEqual(versions);
      // largest stake first
      const amounts = distribution.map((d: any) => BigInt(d.amountStaked));
      expect(amounts).toEqual([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    },
  );

  it('testnet is fuji', async () => {
    expect((await service.request('/v1/networks/testnet')).body).toEqual(
      (await service.request('/v1/networks/fuji')).body,
    );
  });

  it('rejects an unknown network with 400', async () => {
    expect(await service.request('/v1/networks/devnet')).toEqual(
      bad('path parameter network must be one of mainnet, fuji, testnet'),
    );
  });
});

describe('listBlockchains: GET /v1/networks/{network}/blockchains', () => {
  const order = (a: any, b: any) =>
    a.create_block_timestamp !== b.create_block_timestamp
      ? a.create_block_timestamp < b.create_block_timestamp
        ? -1
        : 1
      : a.blockchain_id < b.blockchain_id
        ? -1
        : 1;

  it.each(['mainnet', 'fuji'] as const)(
    '%s: every blockchain, newest first by default and oldest first with asc',
    async (network) => {
      const rows = await db.query<any>(
        `SELECT blockchain_id, create_block_timestamp FROM blockchain WHERE network = $1`,
        [network],
      );
      const ids = rows.sort(order).map((r) => r.blockchain_id);
      expect(ids).toEqual(expect.arrayContaining([P, X[network], C[network]]));
      const desc = await all(service, `/v1/networks/${network}/blockchains`, 'blockchains', 3);
      expect(desc.map((b) => b.blockchainId)).toEqual([...ids].reverse());
      const asc = await all(service, `/v1/networks/${network}/blockchains?sortOrder=asc`, 'blockchains', 4);
      expect(asc.map((b) => b.blockchainId)).toEqual(ids);
    },
  );

  it('pageSize defaults to 100; each item is the blockchain getBlockchainById answers', async () => {
    const { body } = await service.request('/v1/networks/mainnet/blockchains');
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM blockchain WHERE network = 'mainnet'`,
    );
    expect(body.blockchains).toHaveLength(Math.min(100, n));
    for (const chain of body.blockchains.slice(0, 5)) {
      expect((await service.request(`/v1/networks/mainnet/blockchains/${chain.blockchainId}`)).body).toEqual(chain);
    }
  });

  it.each([
    ['pageSize=0', 'query parameter pageSize must be at least 1'],
    ['pageSize=10001', 'query parameter pageSize must be at most 10000'],
    ['sortOrder=newest', 'query parameter sortOrder'],
  ])('rejects "%s" with 400', async (query, message) => {
    expect(await service.request(`/v1/networks/mainnet/blockchains?${query}`)).toEqual(bad(message));
  });
});

describe('getBlockchainById: GET /v1/networks/{network}/blockchains/{blockchainId}', () => {
  it('answers a blockchain with the fields of its row (the EVM chain ID and genesis of an EVM chain)', async () => {
    const [row] = await db.query<any>(
      `SELECT * FROM blockchain WHERE network = 'mainnet' AND evm_chain_id IS NOT NULL AND genesis_data IS NOT NULL LIMIT 1`,
    );
    const { status, body } = await service.request(`/v1/networks/mainnet/blockchains/${row.blockchain_id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      createBlockTimestamp: Number(row.create_block_timestamp),
      createBlockNumber: row.create_block_number.toString(),
      blockchainId: row.blockchain_id,
      vmId: row.vm_id,
      subnetId: row.subnet_id,
      blockchainName: row.blockchain_name,
      evmChainId: Number(row.evm_chain_id),
    });
    expect(body.genesisData).toBeDefined();
  });

  it('a blockchain of the other network, or unknown, is a 404', async () => {
    expect(await service.request(`/v1/networks/mainnet/blockchains/${X.fuji}`)).toEqual(
      notFound(`blockchain ${X.fuji} is not a blockchain of mainnet`),
    );
  });

  it('rejects an ID that is no 32-byte ID with 400', async () => {
    expect(await service.request('/v1/networks/mainnet/blockchains/abc')).toEqual(
      bad('path parameter blockchainId must be a 32-byte ID'),
    );
  });
});

describe('getSubnetById: GET /v1/networks/{network}/subnets/{subnetId}', () => {
  it('answers the primary network and an L1 with their blockchains, as listSubnets shows them', async () => {
    const listed = await all(service, '/v1/networks/mainnet/subnets', 'subnets');
    const l1 = listed.find((s) => s.isL1 && s.l1ValidatorManagerDetails);
    expect(l1).toBeDefined();
    for (const subnet of [listed.find((s) => s.subnetId === P), l1]) {
      const { status, body } = await service.request(`/v1/networks/mainnet/subnets/${subnet.subnetId}`);
      expect({ status, body }).toEqual({ status: 200, body: subnet });
    }
    const [row] = await db.query<any>(
      `SELECT owner_addresses, threshold FROM subnet WHERE network = 'mainnet' AND subnet_id = $1`,
      [l1.subnetId],
    );
    expect(l1.subnetOwnershipInfo).toMatchObject({ addresses: row.owner_addresses, threshold: row.threshold });
    const chains = await db.query<any>(
      `SELECT blockchain_id FROM blockchain WHERE network = 'mainnet' AND subnet_id = $1`,
      [P],
    );
    const primary = (await service.request(`/v1/networks/mainnet/subnets/${P}`)).body;
    expect(primary.blockchains.map((b: any) => b.blockchainId).sort()).toEqual(
      chains.map((c) => c.blockchain_id).sort(),
    );
  });

  it('an unknown subnet is a 404; a malformed ID a 400', async () => {
    const unknown = '2222222222222222222222222222222222222222222222222';
    const { status } = await service.request(`/v1/networks/mainnet/subnets/${unknown}`);
    expect([400, 404]).toContain(status);
    expect(await service.request(`/v1/networks/mainnet/subnets/${X.mainnet}`)).toEqual(
      notFound(`subnet ${X.mainnet} is not a subnet of mainnet`),
    );
    expect(await service.request('/v1/networks/mainnet/subnets/zz')).toEqual(
      bad('path parameter subnetId must be a 32-byte ID'),
    );
  });
});

describe('getAssetDetails: GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}', () => {
  it.each(['mainnet', 'fuji'] as const)('answers each %s asset with its creation time and cap', async (network) => {
    const rows = await db.query<any>(
      `SELECT asset_id, name, symbol, denomination, type::text AS type, created_at_timestamp, cap::text AS cap FROM asset WHERE network = $1`,
      [network],
    );
    expect(rows.map((r) => r.cap)).toEqual(expect.arrayContaining(['fixed', 'variable']));
    for (const row of rows) {
      const { status, body } = await service.request(
        `/v1/networks/${network}/blockchains/x-chain/assets/${row.asset_id}`,
      );
      expect({ status, body }).toEqual({
        status: 200,
        body: {
          assetId: row.asset_id,
          name: row.name,
          symbol: row.symbol,
          denomination: row.denomination,
          type: row.type,
          createdAtTimestamp: Number(row.created_at_timestamp),
          cap: row.type === 'nft' ? 'variable' : 'fixed',
        },
      });
      expect(body.createdAtTimestamp).toBeGreaterThan(0);
    }
  });

  it('an asset of the other network is a 404; the P-Chain or a malformed ID a 400', async () => {
    const [fuji] = await db.query<any>(`SELECT asset_id FROM asset WHERE network = 'fuji' LIMIT 1`);
    expect(await service.request(`/v1/networks/mainnet/blockchains/x-chain/assets/${fuji.asset_id}`)).toEqual(
      notFound(`asset ${fuji.asset_id} is not an X-Chain asset of mainnet`),
    );
    expect(await service.request(`/v1/networks/mainnet/blockchains/p-chain/assets/${fuji.asset_id}`)).toEqual(
      bad('path parameter blockchainId must be the X-Chain of mainnet'),
    );
    expect(await service.request('/v1/networks/mainnet/blockchains/x-chain/assets/q')).toEqual(
      bad('path parameter assetId must be a 32-byte ID'),
    );
  });
});

describe('getChainIdsForAddresses: GET /v1/networks/{network}/addresses:listChainIds', () => {
  it('names, per address, the P-, X- and C-Chain where it owns or owned an output', async () => {
    const rows = await db.query<{ address: string; blockchain_id: string }>(
      `SELECT DISTINCT address, blockchain_id FROM utxo_address WHERE network = 'mainnet'`,
    );
    const chainsOf = new Map<string, Set<string>>();
    for (const row of rows) chainsOf.set(row.address, (chainsOf.get(row.address) ?? new Set()).add(row.blockchain_id));
    // addresses on one, two and three chains, and one never seen
    const pick = (n: number) => [...chainsOf].filter(([, chains]) => chains.size === n).map(([a]) => a);
    const chosen = [...pick(3).slice(0, 2), ...pick(2).slice(0, 2), ...pick(1).slice(0, 2)];
    expect(pick(3).length).toBeGreaterThan(0);
    const unseen = 'avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqxpdk7q';
    const query = [...chosen.map((a, i) => (i % 2 ? `P-${a}` : a)), unseen].join(',');
    const { status, body } = await service.request(`/v1/networks/mainnet/addresses:listChainIds?addresses=${query}`);
    expect(status).toBe(200);
    const orderOf = [P, X.mainnet, C.mainnet];
    expect(body).toEqual({
      addresses: [...chosen, unseen].map((address) => ({
        address,
        blockchainIds: orderOf.filter((chain) => chainsOf.get(address)?.has(chain)),
      })),
    });
  });

  it.each([
    ['mainnet', '', 'query parameter addresses'],
    ['mainnet', 'addresses=nonsense', 'query parameter addresses must list bech32 addresses'],
    ['fuji', 'addresses=avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqxpdk7q', 'addresses must be fuji addresses'],
  ])('%s "%s" is a 400', async (network, query, message) => {
    expect(await service.request(`/v1/networks/${network}/addresses:listChainIds?${query}`)).toEqual(bad(message));
  });
});

describe('GraphQL', () => {
  it('answers the ten operations with the values REST answers', async () => {
    const [vertex] = await db.query<any>(
      `SELECT vertex_hash, vertex_height FROM x_chain_vertex WHERE network = 'mainnet' LIMIT 1`,
    );
    const { body } = await service.graphql(/* GraphQL */ `{
      block: getBlockById(network: mainnet, blockchainId: "p-chain", blockId: "1") { blockNumber blockHash transactions }
      latest: listLatestPrimaryNetworkBlocks(network: mainnet, blockchainId: "p-chain", pageSize: 2) { blocks { blockNumber } chainInfo { chainName } }
      vertex: getVertexByHash(network: mainnet, blockchainId: "x-chain", vertexHash: "${vertex.vertex_hash}") { vertexHash vertexHeight }
      atHeight: getVertexByHeight(network: mainnet, blockchainId: "x-chain", vertexHeight: "${vertex.vertex_height}") { vertices { vertexHash } }
      details: getNetworkDetails(network: mainnet) { validatorDetails { validatorCount } delegatorDetails { delegatorCount } }
      chains: listBlockchains(network: mainnet, pageSize: 2) { blockchains { blockchainId } }
      chain: getBlockchainById(network: mainnet, blockchainId: "${P}") { blockchainName }
      subnet: getSubnetById(network: mainnet, subnetId: "${P}") { subnetId blockchains { blockchainId } }
      asset: getAssetDetails(network: mainnet, blockchainId: "x-chain", assetId: "FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z") { symbol cap }
      ids: getChainIdsForAddresses(network: mainnet, addresses: "avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqxpdk7q") { addresses { address blockchainIds } }
    }`);
    expect(body.errors).toBeUndefined();
    const rest = async (path: string) => (await service.request(path)).body;
    expect(body.data.block).toMatchObject({
      blockNumber: '1',
      blockHash: (await rest('/v1/networks/mainnet/blockchains/p-chain/blocks/1')).blockHash,
    });
    expect(body.data.latest.blocks).toEqual(
      (await rest('/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=2')).blocks.map((b: any) => ({
        blockNumber: b.blockNumber,
      })),
    );
    expect(body.data.vertex.vertexHash).toBe(vertex.vertex_hash);
    expect(body.data.atHeight.vertices.map((v: any) => v.vertexHash)).toContain(vertex.vertex_hash);
    expect(body.data.details.validatorDetails.validatorCount).toBe(
      (await rest('/v1/networks/mainnet')).validatorDetails.validatorCount,
    );
    expect(body.data.chains.blockchains).toHaveLength(2);
    expect(body.data.chain.blockchainName).toBe('P-Chain');
    expect(body.data.subnet.blockchains.length).toBeGreaterThanOrEqual(3);
    expect(body.data.asset).toEqual({ symbol: 'AVAX', cap: 'fixed' });
    expect(body.data.ids.addresses).toEqual([
      { address: 'avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqxpdk7q', blockchainIds: [] },
    ]);
  });

  it('a missing block is a GraphQL error with code NOT_FOUND', async () => {
    const { body } = await service.graphql(
      '{ getBlockById(network: mainnet, blockchainId: "p-chain", blockId: "999999999") { blockHash } }',
    );
    expect(body.errors[0]).toMatchObject({
      message: expect.stringContaining('is not a p-chain block'),
      extensions: { code: 'NOT_FOUND' },
    });
  });
});

// ── truth: the fake avalanchego node's history, indexed by the primary-network indexer ──
describe("the fake avalanchego node's history (fujiChains.ts)", () => {
  let node: FakeAvalanchego;
  let indexed: Database;
  let history: TestService;
  // Between the two delegations' starts (T0+400) and the first one's end: both active.
  const at = T0 + 450n;

  beforeAll(async () => {
    [node, indexed] = await Promise.all([startFakeAvalanchego({ P: 8, X: 1 }), setupTestDatabase()]);
    node.currentValidators = [];
    const config = parseIndexerConfig(
      JSON.stringify({
        primaryNetwork: [
          { network: 'fuji', nodeUrl: node.url, pollIntervalMs: 20, validatorRefreshMs: 1, xChainVertices: true },
        ],
      }),
    );
    await indexOnce(indexed, config, []);
    history = await startTestService(indexed, { clock: () => Number(at) });
  }, 180_000);
  afterAll(async () => {
    await history?.close();
    await node?.close();
    await teardown(indexed);
  });

  it.each([
    ['p-chain', P_BLOCKS],
    ['x-chain', X_BLOCKS],
  ] as const)(
    "each %s block, by height and by ID, holds the transactions of the node's block",
    async (alias, blocks) => {
      for (const block of blocks) {
        for (const blockId of [block.height.toString(), block.id]) {
          const { status, body } = await history.request(`/v1/networks/fuji/blockchains/${alias}/blocks/${blockId}`);
          expect({ blockId, status }).toEqual({ blockId, status: 200 });
          expect(body).toMatchObject({
            blockNumber: block.height.toString(),
            blockHash: block.id,
            blockTimestamp: Number(block.time),
            txCount: block.txs.length,
            transactions: block.txs.map((t) => t.id),
          });
        }
      }
    },
  );

  it.each([
    ['p-chain', P_BLOCKS],
    ['x-chain', X_BLOCKS],
  ] as const)(
    "the latest %s blocks are the node's blocks, newest first, each naming its parent",
    async (alias, blocks) => {
      const items = await all(history, `/v1/networks/fuji/blockchains/${alias}/blocks`, 'blocks', 2);
      const newestFirst = [...blocks].sort((a, b) =>
        a.time !== b.time ? Number(b.time - a.time) : Number(b.height - a.height),
      );
      expect(items.map((b) => [b.blockHash, b.transactions])).toEqual(
        newestFirst.map((b) => [b.id, b.txs.map((t) => t.id)]),
      );
      expect(items.slice(0, -1).map((b) => b.parentHash)).toEqual(newestFirst.slice(1).map((b) => b.id));
      // the proposal and commit blocks share their time: height breaks the tie
      const inRange = await all(
        history,
        `/v1/networks/fuji/blockchains/${alias}/blocks?startTimestamp=${T0 + 100n}&endTimestamp=${DELEGATION_END}`,
        'blocks',
      );
      expect(inRange.map((b) => b.blockHash)).toEqual(
        newestFirst.filter((b) => b.time >= T0 + 100n && b.time <= DELEGATION_END).map((b) => b.id),
      );
    },
  );

  it("the DAG's vertices by ID and by height, with their transactions and parents", async () => {
    for (const vertex of X_VERTICES) {
      const { body } = await history.request(`/v1/networks/fuji/blockchains/x-chain/vertices/${vertex.id}`);
      expect(body).toMatchObject({
        vertexHash: vertex.id,
        parentHashes: vertex.parents,
        vertexHeight: Number(vertex.height),
        vertexTimestamp: Number(vertex.acceptedAt),
        txCount: vertex.txs.length,
        transactions: vertex.txs.map((t) => t.id),
      });
      const atHeight = await history.request(
        `/v1/networks/fuji/blockchains/${X_CHAIN_ID}/vertices:listByHeight?vertexHeight=${vertex.height}`,
      );
      expect(atHeight.body.vertices.map((v: any) => v.vertexHash)).toEqual([vertex.id]);
    }
  });

  it('the CreateAssetTx of the DAG era dates its asset; its transfer outputs make the cap fixed', async () => {
    expect((await history.request(`/v1/networks/fuji/blockchains/x-chain/assets/${xv1.id}`)).body).toEqual({
      assetId: xv1.id,
      name: 'Test Token',
      symbol: 'TT',
      denomination: 2,
      type: 'secp256k1',
      createdAtTimestamp: Number(X_VERTICES[0]!.acceptedAt),
      cap: 'fixed',
    });
  });

  it('network details: the validator N1 (600 AVAX) and the two delegations (100 and 50 AVAX) active at T0+450', async () => {
    const { body } = await history.request('/v1/networks/fuji');
    const rows = await indexed.query<{ n: number; stake: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount_staked), 0)::text AS stake FROM validator
       WHERE subnet_id = $1 AND start_timestamp <= $2 AND end_timestamp > $2`,
      [P_CHAIN_ID, at],
    );
    expect(BigInt(rows[0]!.stake)).toBeGreaterThanOrEqual(600n * AVAX);
    expect(body.validatorDetails).toMatchObject({ validatorCount: rows[0]!.n, totalAmountStaked: rows[0]!.stake });
    expect(body.delegatorDetails).toEqual({ delegatorCount: 2, totalAmountStaked: (150n * AVAX).toString() });
  });

  it('the chains of the addresses: C on the P- and X-Chain (the export and the import), a stranger nowhere', async () => {
    const rows = await indexed.query<{ address: string; blockchain_id: string }>(
      'SELECT DISTINCT address, blockchain_id FROM utxo_address',
    );
    const addresses = [...new Set(rows.map((r) => r.address))].sort();
    const { body } = await history.request(`/v1/networks/fuji/addresses:listChainIds?addresses=${addresses.join(',')}`);
    expect(body.addresses).toEqual(
      addresses.map((address) => ({
        address,
        blockchainIds: [P_CHAIN_ID, X_CHAIN_ID].filter((chain) =>
          rows.some((r) => r.address === address && r.blockchain_id === chain),
        ),
      })),
    );
    expect(body.addresses.some((a: any) => a.blockchainIds.length === 2)).toBe(true);
  });
});

// The chain and block operations on the demo data set: supportedChains, getChainInfo,
// listAddressChains, getLatestBlocks, getBlock and listLatestBlocksAllChains. Expected values are
// read from the raw tables with plain SQL (fees and transaction counts from evm_transaction rows).
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { allPages, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
/** Addresses seen only in one fixture row each: a token transfer's sender, an internal call's receiver. */
const TRANSFER_ONLY = '0x00000000000000000000000000000000000c4a11';
const INTERNAL_ONLY = '0x00000000000000000000000000000000000c4a12';
let fixtureChains: { transfer: bigint; internal: bigint };

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  // One token transfer on the lowest chain and one internal call on the highest, in stored transactions.
  const [low, high] = await db.query<{ chain_id: bigint; tx_hash: string; block_number: bigint }>(
    `(SELECT chain_id, tx_hash, block_number FROM evm_transaction WHERE chain_id = (SELECT min(chain_id) FROM evm_chain) LIMIT 1)
     UNION ALL
     (SELECT chain_id, tx_hash, block_number FROM evm_transaction WHERE chain_id = (SELECT max(chain_id) FROM evm_chain) LIMIT 1)`,
  );
  fixtureChains = { transfer: low!.chain_id, internal: high!.chain_id };
  await db.query(
    `INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value)
     VALUES ($1, $2, 9100, 0, $3, 'ERC-20', $4, $4, $5, 1)`,
    [String(low!.chain_id), low!.tx_hash, String(low!.block_number), TRANSFER_ONLY, SHOWCASE],
  );
  await db.query(
    `INSERT INTO evm_internal_transaction (chain_id, tx_hash, trace_index, block_number, from_address, to_address, internal_tx_type, value, gas_used, gas_limit, is_reverted)
     VALUES ($1, $2, 9100, $3, $4, $5, 'CALL', 1, 21000, 30000, false)`,
    [String(high!.chain_id), high!.tx_hash, String(high!.block_number), SHOWCASE, INTERNAL_ONLY],
  );
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** A 400 or 404 as every REST error is written. */
async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

// ---------------------------------------------------------------------------------------------
// Chains

type ChainRow = {
  chain_id: bigint;
  network: string;
  blockchain_id: string;
  chain_name: string;
  description: string;
  native_token_name: string;
  native_token_symbol: string;
  native_token_decimals: number;
  native_token_logo_uri: string;
  subnet_id: string;
  vm_id: string;
};

/** Chains as the raw tables hold them, by EVM chain ID. */
async function expectedChains(where = 'TRUE', params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const rows = await db.query<ChainRow>(
    `SELECT c.chain_id, c.network::text AS network, c.blockchain_id, c.chain_name, c.description, c.native_token_name,
       c.native_token_symbol, c.native_token_decimals, c.native_token_logo_uri, b.subnet_id, b.vm_id
     FROM evm_chain c, blockchain b WHERE b.network = c.network AND b.blockchain_id = c.blockchain_id AND ${where}
     ORDER BY c.chain_id`,
    params,
  );
  return rows.map((c) => ({
    chainId: String(c.chain_id),
    status: 'OK',
    chainName: c.chain_name,
    description: c.description,
    platformChainId: c.blockchain_id,
    subnetId: c.subnet_id,
    vmId: c.vm_id,
    vmName: 'EVM',
    rpcUrl: `/ext/bc/${c.blockchain_id}/rpc`,
    isTestnet: c.network !== 'mainnet',
    networkToken: {
      name: c.native_token_name,
      symbol: c.native_token_symbol,
      decimals: c.native_token_decimals,
      logoUri: c.native_token_logo_uri,
      description: '',
    },
    // NFTs and ICM messages are indexed on every chain (the indexer reads TeleporterMessenger events on each).
    enabledFeatures: ['nftIndexing', 'teleporter'],
  }));
}

describe('GET /v1/chains (supportedChains)', () => {
  it('lists every indexed chain by EVM chain ID, with its blockchain, subnet, VM and native token', async () => {
    const expected = await expectedChains();
    expect(expected.length).toBeGreaterThan(2);
    expect(await service.request('/v1/chains')).toEqual({ status: 200, body: { chains: expected } });
  });

  it.each([
    ['mainnet', 'mainnet'],
    ['fuji', 'fuji'],
    ['testnet', 'fuji'],
  ])('network=%s keeps the chains of %s', async (network, stored) => {
    const expected = await expectedChains('c.network = $1::network', [stored]);
    expect(expected.length).toBeGreaterThan(0);
    expect((await service.request(`/v1/chains?network=${network}`)).body).toEqual({ chains: expected });
  });

  it.each(['nftIndexing', 'teleporter'])('feature=%s keeps every indexed chain', async (feature) => {
    expect((await service.request(`/v1/chains?feature=${feature}&network=mainnet`)).body).toEqual({
      chains: await expectedChains("c.network = 'mainnet'"),
    });
  });

  it('feature=teleporter answers every indexed chain an ICM message was sent from or delivered to', async () => {
    const ends = await db.query<{ blockchain_id: string }>(
      `SELECT DISTINCT c.blockchain_id FROM teleporter_message m
         JOIN evm_chain c ON c.blockchain_id IN (m.source_blockchain_id, m.destination_blockchain_id)`,
    );
    expect(ends.length).toBeGreaterThan(0);
    const answered = (await service.request('/v1/chains?feature=teleporter')).body.chains.map(
      (c: { platformChainId: string }) => c.platformChainId,
    );
    expect(answered).toEqual(expect.arrayContaining(ends.map((e) => e.blockchain_id)));
  });

  it('feature=webhooks, which this service does not serve, answers no chains', async () => {
    expect((await service.request('/v1/chains?feature=webhooks')).body).toEqual({ chains: [] });
  });

  it.each([
    ['/v1/chains?network=devnet', 'query parameter network must be one of mainnet, fuji, testnet'],
    ['/v1/chains?feature=search', 'query parameter feature must be one of nftIndexing, webhooks, teleporter'],
  ])('%s is a 400', (path, message) => expectError(path, 400, message));

  it('is the GraphQL field supportedChains', async () => {
    const { body } = await service.graphql(
      '{ supportedChains(network: testnet) { chains { chainId status chainName platformChainId subnetId vmId vmName rpcUrl isTestnet enabledFeatures networkToken { symbol } } } }',
    );
    expect(body.errors).toBeUndefined();
    const rest = (await service.request('/v1/chains?network=testnet')).body.chains;
    expect(body.data.supportedChains.chains).toEqual(
      rest.map((c: any) => ({
        chainId: c.chainId,
        status: c.status,
        chainName: c.chainName,
        platformChainId: c.platformChainId,
        subnetId: c.subnetId,
        vmId: c.vmId,
        vmName: c.vmName,
        rpcUrl: c.rpcUrl,
        isTestnet: c.isTestnet,
        enabledFeatures: c.enabledFeatures,
        networkToken: { symbol: c.networkToken.symbol },
      })),
    );
  });
});

describe('GET /v1/chains/{chainId} (getChainInfo)', () => {
  it('answers one chain, named by EVM chain ID or blockchain ID', async () => {
    const [expected] = await expectedChains('c.chain_id = 43114');
    expect(await service.request('/v1/chains/43114')).toEqual({ status: 200, body: expected });
    expect(await service.request(`/v1/chains/${C_CHAIN}`)).toEqual({ status: 200, body: expected });
  });

  it('answers every indexed chain as supportedChains lists it', async () => {
    for (const chain of await expectedChains())
      expect((await service.request(`/v1/chains/${chain.chainId}`)).body).toEqual(chain);
  });

  it.each([
    ['/v1/chains/99999', 404, 'path parameter chainId 99999 is not a chain this service indexes'],
    [
      '/v1/chains/11111111111111111111111111111111LpoYY',
      404,
      'path parameter chainId 11111111111111111111111111111111LpoYY is not a chain this service indexes',
    ],
    ['/v1/chains/chain', 400, 'path parameter chainId must be an EVM chain ID or a blockchain ID (cb58)'],
    ['/v1/chains/0', 400, 'path parameter chainId must be an EVM chain ID (a positive integer)'],
  ])('%s is a %i', expectError);

  it('is the GraphQL field getChainInfo', async () => {
    const { body } = await service.graphql(
      `{ getChainInfo(chainId: "${C_CHAIN}") { chainId chainName description isTestnet rpcUrl networkToken { name decimals } } }`,
    );
    const rest = (await service.request('/v1/chains/43114')).body;
    expect(body.data.getChainInfo).toEqual({
      chainId: rest.chainId,
      chainName: rest.chainName,
      description: rest.description,
      isTestnet: rest.isTestnet,
      rpcUrl: rest.rpcUrl,
      networkToken: { name: rest.networkToken.name, decimals: rest.networkToken.decimals },
    });
  });
});

describe('GET /v1/address/{address}/chains (listAddressChains)', () => {
  /** Chains where the address is in any of the three tables, either side (a union of plain scans). */
  async function activeChainIds(address: string): Promise<string[]> {
    const rows = await db.query<{ chain_id: bigint }>(
      `SELECT DISTINCT chain_id FROM (
         SELECT chain_id FROM evm_transaction WHERE from_address = $1 OR to_address = $1
         UNION SELECT chain_id FROM evm_token_transfer WHERE from_address = $1 OR to_address = $1
         UNION SELECT chain_id FROM evm_internal_transaction WHERE from_address = $1 OR to_address = $1) a
       WHERE chain_id IN (SELECT chain_id FROM evm_chain) ORDER BY chain_id`,
      [address],
    );
    return rows.map((row) => String(row.chain_id));
  }

  it('lists the indexed chains where the address sent or received a transaction, transfer or internal call', async () => {
    const ids = await activeChainIds(SHOWCASE);
    expect(ids.length).toBeGreaterThan(1);
    const all = await expectedChains();
    expect(await service.request(`/v1/address/${SHOWCASE.toUpperCase().replace('0X', '0x')}/chains`)).toEqual({
      status: 200,
      body: { indexedChains: all.filter((chain) => ids.includes(chain.chainId as string)) },
    });
  });

  it('counts a token transfer and an internal transaction alone', async () => {
    for (const [address, chainId] of [
      [TRANSFER_ONLY, fixtureChains.transfer],
      [INTERNAL_ONLY, fixtureChains.internal],
    ] as const) {
      expect(await activeChainIds(address)).toEqual([String(chainId)]);
      const { body } = await service.request(`/v1/address/${address}/chains`);
      expect(body.indexedChains.map((chain: any) => chain.chainId)).toEqual([String(chainId)]);
    }
  });

  it('answers an address without activity with no chains', async () => {
    expect((await service.request('/v1/address/0x00000000000000000000000000000000000c4a13/chains')).body).toEqual({
      indexedChains: [],
    });
  });

  it.each([
    ['/v1/address/0xad9e/chains', 'path parameter address must be an EVM address: 0x followed by 40 hex digits'],
    [`/v1/address/${SHOWCASE}0/chains`, 'path parameter address must be an EVM address: 0x followed by 40 hex digits'],
  ])('%s is a 400', (path, message) => expectError(path, 400, message));

  it('is the GraphQL field listAddressChains', async () => {
    const { body } = await service.graphql(
      `{ listAddressChains(address: "${SHOWCASE}") { indexedChains { chainId } } }`,
    );
    expect(body.data.listAddressChains.indexedChains.map((c: any) => c.chainId)).toEqual(
      await activeChainIds(SHOWCASE),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Blocks

type BlockRow = {
  chain_id: bigint;
  number: bigint;
  hash: string;
  parent_hash: string;
  timestamp: bigint;
  tx_count: number;
  gas_used: string;
  gas_limit: string;
  base_fee: string;
  gas_cost: string;
  timestamp_milliseconds: bigint | null;
  min_delay_excess: string | null;
  fees: string;
  cumulative: string;
};

/**
 * Blocks as the raw tables hold them, in the order given: fees as the sum over the block's
 * transactions, the cumulative count as a running count of the chain's transaction rows.
 */
async function expectedBlocks(
  where: string,
  order: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const rows = await db.query<BlockRow>(
    `WITH per_block AS (
       SELECT t.chain_id, t.block_number, count(*) AS n, sum(t.gas_used * t.gas_price) AS fees
       FROM evm_transaction t GROUP BY 1, 2),
     blocks AS (
       SELECT b.*, coalesce(p.n, 0) AS n, coalesce(p.fees, 0) AS fees,
         sum(coalesce(p.n, 0)) OVER (PARTITION BY b.chain_id ORDER BY b.number) AS cumulative
       FROM evm_block b LEFT JOIN per_block p ON p.chain_id = b.chain_id AND p.block_number = b.number)
     SELECT chain_id, number, hash, parent_hash, timestamp, tx_count, gas_used::text, gas_limit::text,
       coalesce(base_fee_per_gas, 0)::text AS base_fee, coalesce(block_gas_cost, 0)::text AS gas_cost,
       timestamp_milliseconds, min_delay_excess::text, fees::text, cumulative::text
     FROM blocks WHERE ${where} ORDER BY ${order}`,
    params,
  );
  return rows.map((b) => ({
    chainId: String(b.chain_id),
    blockNumber: String(b.number),
    blockTimestamp: Number(b.timestamp),
    ...(b.timestamp_milliseconds === null ? {} : { blockTimestampMilliseconds: Number(b.timestamp_milliseconds) }),
    ...(b.min_delay_excess === null ? {} : { blockMinDelayExcess: Number(b.min_delay_excess) }),
    blockHash: b.hash,
    txCount: b.tx_count,
    baseFee: b.base_fee,
    gasUsed: b.gas_used,
    gasLimit: b.gas_limit,
    gasCost: b.gas_cost,
    parentHash: b.parent_hash,
    feesSpent: b.fees,
    cumulativeTransactions: b.cumulative,
  }));
}

describe('GET /v1/chains/{chainId}/blocks (getLatestBlocks)', () => {
  it('answers the 10 newest blocks by default, every member from the raw tables', async () => {
    const expected = await expectedBlocks('chain_id = 43114', 'number DESC LIMIT 11');
    const { status, body } = await service.request('/v1/chains/43114/blocks');
    expect(status).toBe(200);
    expect(body.blocks).toEqual(expected.slice(0, 10));
    expect(typeof body.nextPageToken).toBe('string');
    expect(body.blocks.some((b: any) => b.txCount > 0 && b.feesSpent !== '0')).toBe(true);
  });

  it('pages through every block of a chain, newest first, as the raw table holds them', async () => {
    const [{ chain_id: chainId }] = await db.query<{ chain_id: bigint }>(
      `SELECT chain_id FROM evm_block GROUP BY chain_id HAVING count(*) BETWEEN 150 AND 20000 ORDER BY count(*) DESC LIMIT 1`,
    );
    const expected = await expectedBlocks('chain_id = $1', 'number DESC', [String(chainId)]);
    const pages = await allPages(service, `/v1/chains/${chainId}/blocks?pageSize=100`, 'blocks', 500);
    expect(pages.length).toBe(expected.length);
    expect(pages).toEqual(expected);
  });

  it('keeps pages the same when the chain is named by blockchain ID, and the page size may change between pages', async () => {
    const first = await service.request(`/v1/chains/${C_CHAIN}/blocks?pageSize=3`);
    const next = await service.request(`/v1/chains/${C_CHAIN}/blocks?pageSize=5&pageToken=${first.body.nextPageToken}`);
    const expected = await expectedBlocks('chain_id = 43114', 'number DESC LIMIT 8');
    expect([...first.body.blocks, ...next.body.blocks]).toEqual(expected);
  });

  it('takes pageSize from 1 to 100', async () => {
    expect((await service.request('/v1/chains/43114/blocks?pageSize=1')).body.blocks).toHaveLength(1);
    expect((await service.request('/v1/chains/43114/blocks?pageSize=100')).body.blocks).toHaveLength(100);
  });

  it('binds page tokens to the chain', async () => {
    const { body } = await service.request('/v1/chains/43114/blocks?pageSize=2');
    await expectError(
      `/v1/chains/43113/blocks?pageToken=${body.nextPageToken}`,
      400,
      'query parameter pageToken is invalid or belongs to another query',
    );
    await expectError(
      `/v1/blocks?pageToken=${body.nextPageToken}`,
      400,
      'query parameter pageToken is invalid or belongs to another query',
    );
  });

  it.each([
    ['/v1/chains/43114/blocks?pageSize=0', 400, 'query parameter pageSize must be at least 1'],
    ['/v1/chains/43114/blocks?pageSize=101', 400, 'query parameter pageSize must be at most 100'],
    ['/v1/chains/43114/blocks?pageSize=ten', 400, 'query parameter pageSize must be an integer'],
    [
      '/v1/chains/43114/blocks?pageToken=forged',
      400,
      'query parameter pageToken is invalid or belongs to another query',
    ],
    ['/v1/chains/chain/blocks', 400, 'path parameter chainId must be an EVM chain ID or a blockchain ID (cb58)'],
    ['/v1/chains/99999/blocks', 404, 'path parameter chainId 99999 is not a chain this service indexes'],
  ])('%s is a %i', expectError);

  it('is the GraphQL field getLatestBlocks and the EvmChain.blocks field', async () => {
    const rest = (await service.request('/v1/chains/43114/blocks?pageSize=4')).body;
    const fields =
      'nextPageToken blocks { chainId blockNumber blockHash blockTimestamp txCount feesSpent cumulativeTransactions }';
    const { body } = await service.graphql(
      `{ getLatestBlocks(chainId: "43114", pageSize: 4) { ${fields} } listEvmChains(network: mainnet) { chainId blocks(pageSize: 4) { ${fields} } } }`,
    );
    expect(body.errors).toBeUndefined();
    const pick = (page: any) => ({
      nextPageToken: page.nextPageToken,
      blocks: page.blocks.map((b: any) => ({
        chainId: b.chainId,
        blockNumber: b.blockNumber,
        blockHash: b.blockHash,
        blockTimestamp: b.blockTimestamp,
        txCount: b.txCount,
        feesSpent: b.feesSpent,
        cumulativeTransactions: b.cumulativeTransactions,
      })),
    });
    expect(body.data.getLatestBlocks).toEqual(pick(rest));
    const chain = body.data.listEvmChains.find((c: any) => c.chainId === '43114');
    expect(chain.blocks).toEqual(pick(rest));
    // The entity field's token continues on the REST route: the same list.
    const next = await service.request(`/v1/chains/43114/blocks?pageSize=4&pageToken=${chain.blocks.nextPageToken}`);
    const expected = await expectedBlocks('chain_id = 43114', 'number DESC OFFSET 4 LIMIT 4');
    expect(next.body.blocks).toEqual(expected);
  });
});

describe('GET /v1/chains/{chainId}/blocks/{blockId} (getBlock)', () => {
  it('answers a block by number and by hash, every member from the raw tables', async () => {
    const [expected] = await expectedBlocks('chain_id = 43114 AND tx_count > 0', 'number DESC OFFSET 5 LIMIT 1');
    expect(await service.request(`/v1/chains/43114/blocks/${expected!.blockNumber}`)).toEqual({
      status: 200,
      body: expected,
    });
    expect(await service.request(`/v1/chains/${C_CHAIN}/blocks/${expected!.blockHash}`)).toEqual({
      status: 200,
      body: expected,
    });
  });

  it('answers the first and the last indexed block of every chain', async () => {
    const expected = await expectedBlocks(
      'number = (SELECT min(number) FROM evm_block m WHERE m.chain_id = blocks.chain_id) OR number = (SELECT max(number) FROM evm_block m WHERE m.chain_id = blocks.chain_id)',
      'chain_id, number',
    );
    for (const block of expected)
      expect((await service.request(`/v1/chains/${block.chainId}/blocks/${block.blockNumber}`)).body).toEqual(block);
  });

  it('serves the Granite members where the block has them', async () => {
    const [granite] = await expectedBlocks('timestamp_milliseconds IS NOT NULL', 'chain_id, number LIMIT 1');
    if (!granite) throw new Error('the demo data set has no block with Granite members');
    expect(granite.blockTimestampMilliseconds).toBeDefined();
    expect((await service.request(`/v1/chains/${granite.chainId}/blocks/${granite.blockHash}`)).body).toEqual(granite);
  });

  it.each([
    [
      '/v1/chains/43114/blocks/999999999',
      404,
      'path parameter blockId 999999999 is not a block of chain 43114 indexed by this service',
    ],
    [
      `/v1/chains/43114/blocks/0x${'ab'.repeat(32)}`,
      404,
      `path parameter blockId 0x${'ab'.repeat(32)} is not a block of chain 43114 indexed by this service`,
    ],
    [
      '/v1/chains/43114/blocks/latest',
      400,
      'path parameter blockId must be a block number or a block hash (0x followed by 64 hex digits)',
    ],
    [
      '/v1/chains/43114/blocks/-1',
      400,
      'path parameter blockId must be a block number or a block hash (0x followed by 64 hex digits)',
    ],
    ['/v1/chains/99999/blocks/1', 404, 'path parameter chainId 99999 is not a chain this service indexes'],
  ])('%s is a %i', expectError);

  it('is the GraphQL field getBlock and the EvmChain.block field (null for a block the chain does not have)', async () => {
    const [expected] = await expectedBlocks('chain_id = 43114', 'number DESC OFFSET 2 LIMIT 1');
    const fields = 'blockNumber blockHash parentHash baseFee gasCost feesSpent cumulativeTransactions';
    const { body } = await service.graphql(
      `{ getBlock(chainId: "43114", blockId: "${expected!.blockHash}") { ${fields} }
         listEvmChains(network: mainnet) { chainId block(blockId: "${expected!.blockNumber}") { ${fields} } none: block(blockId: "999999999") { blockNumber } } }`,
    );
    expect(body.errors).toBeUndefined();
    const picked = {
      blockNumber: expected!.blockNumber,
      blockHash: expected!.blockHash,
      parentHash: expected!.parentHash,
      baseFee: expected!.baseFee,
      gasCost: expected!.gasCost,
      feesSpent: expected!.feesSpent,
      cumulativeTransactions: expected!.cumulativeTransactions,
    };
    expect(body.data.getBlock).toEqual(picked);
    const chain = body.data.listEvmChains.find((c: any) => c.chainId === '43114');
    expect(chain).toEqual({ chainId: '43114', block: picked, none: null });
  });
});

describe('GET /v1/blocks (listLatestBlocksAllChains)', () => {
  const allChainsOrder = 'timestamp DESC, chain_id DESC, number DESC';

  it('answers the 10 newest blocks across all indexed chains by default', async () => {
    const expected = await expectedBlocks('TRUE', `${allChainsOrder} LIMIT 10`);
    const { status, body } = await service.request('/v1/blocks');
    expect(status).toBe(200);
    expect(body.blocks).toEqual(expected);
    expect(new Set(body.blocks.map((b: any) => b.chainId)).size).toBeGreaterThan(0);
  });

  it.each([
    ['mainnet', 'mainnet', 2],
    ['testnet', 'fuji', 1],
  ])(
    'pages through every block of the %s chains, newest first, ties by chain ID then number',
    async (network, stored, chains) => {
      const expected = await expectedBlocks(
        'chain_id IN (SELECT chain_id FROM evm_chain WHERE network = $1::network)',
        allChainsOrder,
        [stored],
      );
      expect(new Set(expected.map((b) => b.chainId)).size).toBeGreaterThanOrEqual(chains);
      const pages = await allPages(service, `/v1/blocks?network=${network}&pageSize=100`, 'blocks', 2000);
      expect(pages.length).toBe(expected.length);
      expect(pages.map((b) => `${b.chainId}:${b.blockNumber}`)).toEqual(
        expected.map((b) => `${b.chainId}:${b.blockNumber}`),
      );
      expect(pages).toEqual(expected);
    },
  );

  it('orders blocks of equal time by chain ID, then block number, descending', async () => {
    const [tie] = await db.query<{ timestamp: bigint }>(
      `SELECT timestamp FROM evm_block GROUP BY timestamp HAVING count(DISTINCT chain_id) > 1 OR count(*) > 1 ORDER BY timestamp DESC LIMIT 1`,
    );
    if (!tie) throw new Error('the demo data set has no two blocks of equal time');
    // A page that starts right after the newest block above the tie ends inside it, whatever its size.
    const expected = await expectedBlocks('timestamp <= $1', `${allChainsOrder} LIMIT 4`, [String(tie.timestamp)]);
    const above = await expectedBlocks('timestamp > $1', allChainsOrder, [String(tie.timestamp)]);
    const pages = await allPages(service, '/v1/blocks?pageSize=100', 'blocks', 2000);
    expect(pages.slice(above.length, above.length + 4)).toEqual(expected);
  });

  it.each([
    ['/v1/blocks?pageSize=0', 400, 'query parameter pageSize must be at least 1'],
    ['/v1/blocks?pageSize=101', 400, 'query parameter pageSize must be at most 100'],
    ['/v1/blocks?network=devnet', 400, 'query parameter network must be one of mainnet, fuji, testnet'],
    ['/v1/blocks?pageToken=forged', 400, 'query parameter pageToken is invalid or belongs to another query'],
  ])('%s is a %i', expectError);

  it('binds page tokens to the network', async () => {
    const { body } = await service.request('/v1/blocks?network=mainnet&pageSize=2');
    await expectError(
      `/v1/blocks?network=fuji&pageToken=${body.nextPageToken}`,
      400,
      'query parameter pageToken is invalid or belongs to another query',
    );
  });

  it('is the GraphQL field listLatestBlocksAllChains', async () => {
    const rest = (await service.request('/v1/blocks?network=mainnet&pageSize=5')).body;
    const { body } = await service.graphql(
      '{ listLatestBlocksAllChains(network: mainnet, pageSize: 5) { nextPageToken blocks { chainId blockNumber cumulativeTransactions } } }',
    );
    expect(body.data.listLatestBlocksAllChains).toEqual({
      nextPageToken: rest.nextPageToken,
      blocks: rest.blocks.map((b: any) => ({
        chainId: b.chainId,
        blockNumber: b.blockNumber,
        cumulativeTransactions: b.cumulativeTransactions,
      })),
    });
  });
});

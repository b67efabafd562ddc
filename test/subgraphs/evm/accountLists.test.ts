// 4.8–4.11 and 4.15 on the demo data set: lists of one address's activity on one chain. Expected
// values are read from the raw tables with plain SQL; a few fixture rows add what the generator
// does not make (a transfer to oneself, CALLCODE and CREATE3 frames).
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { accountOf, allPages, money, priceAt, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const OTHER = '0x00000000000000000000000000000000000c0de1';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
const base = (kind: string, query = '') => `/v1/chains/43114/addresses/${SHOWCASE}/transactions:${kind}${query}`;
let fixtureTx: { tx_hash: string; block_number: bigint };

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  // Fixture rows in a block of the showcase's: a transfer to itself, and frames of every kind.
  [fixtureTx] = await db.query<{ tx_hash: string; block_number: bigint }>(
    `SELECT tx_hash, block_number FROM evm_transaction WHERE chain_id = 43114 AND from_address = $1 ORDER BY block_number DESC LIMIT 1 OFFSET 3`,
    [SHOWCASE],
  );
  const { tx_hash: tx, block_number: block } = fixtureTx!;
  await db.query(
    `INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value)
     VALUES (43114, $1, 9000, 0, $2, 'ERC-20', $3, $4, $4, 1)`,
    [tx, String(block), USDC, SHOWCASE],
  );
  const frames: [number, string, string, string, number, boolean][] = [
    [9000, 'CALLCODE', OTHER, SHOWCASE, 7, false],
    [9001, 'CALLCODE', OTHER, SHOWCASE, 0, false],
    [9002, 'CREATE3', OTHER, SHOWCASE, 0, true],
    [9003, 'DELEGATECALL', OTHER, SHOWCASE, 3, false],
    [9004, 'STATICCALL', OTHER, SHOWCASE, 0, false],
    [9005, 'CALL', SHOWCASE, SHOWCASE, 2, false],
    [9006, 'CALL', OTHER, SHOWCASE, 0, false],
  ];
  for (const [trace, type, from, to, value, reverted] of frames) {
    await db.query(
      `INSERT INTO evm_internal_transaction (chain_id, tx_hash, trace_index, block_number, from_address, to_address, internal_tx_type, value, gas_used, gas_limit, is_reverted)
       VALUES (43114, $1, $2, $3, $4, $5, $6::internal_tx_type, $7, 21000, 30000, $8)`,
      [tx, trace, String(block), from, to, type, value, reverted],
    );
  }
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** Transfers of a kind the showcase sent or received, newest first, from the raw table. */
async function expectedTransfers(ercType: string, range = ''): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT '0x' || encode(tx_hash, 'hex') || ':' || log_index || ':' || batch_index AS id FROM evm_token_transfer
     WHERE chain_id = 43114 AND erc_type = $2::erc_type AND (from_address = $1 OR to_address = $1) ${range}
     ORDER BY block_number DESC, log_index DESC, batch_index DESC`,
    [SHOWCASE, ercType],
  );
  return rows.map((row) => row.id);
}

/** The bad-input rules 4.8–4.11 share, for one list. */
function badInputCases(kind: string): [string, number, string][] {
  return [
    [base(kind, '?startBlock=11&endBlock=10'), 400, 'query parameter startBlock must not be after endBlock'],
    [base(kind, '?pageSize=101'), 400, 'query parameter pageSize must be at most 100'],
    [
      `/v1/chains/43114/addresses/0x${'g'.repeat(40)}/transactions:${kind}`,
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      `/v1/chains/1/addresses/${SHOWCASE}/transactions:${kind}`,
      404,
      'path parameter chainId 1 is not a chain this service indexes',
    ],
  ];
}

async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20 (4.10)', () => {
  it('lists every ERC-20 transfer the address sent or received, newest first, across pages', async () => {
    const items = await allPages(service, base('listErc20', '?pageSize=100'), 'transactions');
    expect(items.map((t) => `${t.txHash}:${t.logIndex}:0`)).toEqual(await expectedTransfers('ERC-20'));
    expect(items.length).toBeGreaterThan(100);
  });

  it('serves a transfer from the address to itself once', async () => {
    const items = await allPages(service, base('listErc20', '?pageSize=100'), 'transactions');
    const self = items.filter((t) => t.txHash === fixtureTx.tx_hash && t.logIndex === 9000);
    expect(self).toHaveLength(1);
    expect(self[0]).toMatchObject({ from: { address: SHOWCASE }, to: { address: SHOWCASE }, value: '1' });
  });

  it('serves every field of 2.9: block, accounts with token metadata (2.8), token with its current usd price', async () => {
    const { body } = await service.request(base('listErc20', '?pageSize=100'));
    for (const item of body.transactions.slice(0, 40)) {
      const [row] = await db.query<{
        from_address: string;
        to_address: string;
        token_address: string;
        value: string;
        hash: string;
        timestamp: bigint;
        block_number: bigint;
      }>(
        `SELECT t.from_address, t.to_address, t.token_address, t.value::text, b.hash, b.timestamp, t.block_number FROM evm_token_transfer t
         JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number WHERE t.chain_id = 43114 AND t.tx_hash = $1 AND t.log_index = $2`,
        [item.txHash, item.logIndex],
      );
      const [token] = await db.query<{
        name: string;
        symbol: string;
        decimals: number;
        logo_uri: string;
        price_key: string | null;
      }>(
        'SELECT name, symbol, decimals, logo_uri, price_key FROM evm_contract WHERE chain_id = 43114 AND address = $1',
        [row!.token_address],
      );
      const price = await priceAt(db, token!.price_key, 'usd', DEMO_NOW);
      expect(item).toEqual({
        blockNumber: String(row!.block_number),
        blockTimestamp: Number(row!.timestamp),
        blockHash: row!.hash,
        txHash: item.txHash,
        from: await accountOf(db, 43114, row!.from_address),
        to: await accountOf(db, 43114, row!.to_address),
        logIndex: item.logIndex,
        value: row!.value,
        erc20Token: {
          address: row!.token_address,
          name: token!.name,
          symbol: token!.symbol,
          decimals: token!.decimals,
          ercType: 'ERC-20',
          ...(token!.logo_uri ? { logoUri: token!.logo_uri } : {}),
          ...(price ? { price: { currencyCode: 'usd', value: money(price) } } : {}),
        },
      });
    }
    expect(body.transactions.some((t: any) => t.erc20Token.price)).toBe(true);
    expect(body.transactions.some((t: any) => t.from.logoUri || t.to.logoUri)).toBe(true);
  });

  it('keeps startBlock inclusive and endBlock exclusive, either side optional', async () => {
    const all = await expectedTransfers('ERC-20');
    const [mid] = await db.query<{ block_number: bigint }>(
      `SELECT block_number FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-20' AND from_address = $1 ORDER BY block_number DESC LIMIT 1 OFFSET 20`,
      [SHOWCASE],
    );
    const start = mid!.block_number;
    const end = start + 3000n;
    const ids = (items: any[]) => items.map((t) => `${t.txHash}:${t.logIndex}:0`);
    const both = await allPages(
      service,
      base('listErc20', `?pageSize=100&startBlock=${start}&endBlock=${end}`),
      'transactions',
    );
    expect(ids(both)).toEqual(
      await expectedTransfers('ERC-20', `AND block_number >= ${start} AND block_number < ${end}`),
    );
    expect(both.at(-1).blockNumber).toBe(String(start));
    const onlyStart = await allPages(service, base('listErc20', `?pageSize=100&startBlock=${start}`), 'transactions');
    expect(ids(onlyStart)).toEqual(await expectedTransfers('ERC-20', `AND block_number >= ${start}`));
    const onlyEnd = await allPages(service, base('listErc20', `?pageSize=100&endBlock=${start}`), 'transactions');
    expect(ids(onlyEnd)).toEqual(await expectedTransfers('ERC-20', `AND block_number < ${start}`));
    expect(onlyStart.length + onlyEnd.length).toBe(all.length);
    expect((await service.request(base('listErc20', `?startBlock=${start}&endBlock=${start}`))).body).toEqual({
      transactions: [],
    });
  });

  it('accepts the chain by blockchain ID and the address in any case, answering in lower case', async () => {
    const byId = await service.request(
      `/v1/chains/${C_CHAIN}/addresses/${SHOWCASE.toUpperCase().replace('0X', '0x')}/transactions:listErc20?pageSize=5`,
    );
    const byNumber = await service.request(base('listErc20', '?pageSize=5'));
    expect(byId.status).toBe(200);
    expect(byId.body.transactions).toEqual(byNumber.body.transactions);
    // Both name the same chain, so a token of one continues the other.
    const next = await service.request(
      `/v1/chains/${C_CHAIN}/addresses/${SHOWCASE}/transactions:listErc20?pageSize=5&pageToken=${byNumber.body.nextPageToken}`,
    );
    expect(next.status).toBe(200);
  });

  it('binds page tokens to the list and its arguments', async () => {
    const { body } = await service.request(base('listErc20', '?pageSize=2'));
    for (const other of [
      base('listErc721', '?pageSize=2'),
      base('listErc20', '?pageSize=2&startBlock=1'),
      `/v1/chains/43113/addresses/${SHOWCASE}/transactions:listErc20?pageSize=2`,
    ]) {
      const answer = await service.request(`${other}&pageToken=${body.nextPageToken}`);
      expect(answer).toEqual({
        status: 400,
        body: {
          message: 'query parameter pageToken is invalid or belongs to another query',
          statusCode: 400,
          error: 'Bad Request',
        },
      });
    }
  });

  it.each([
    [base('listErc20', '?startBlock=10&endBlock=9'), 400, 'query parameter startBlock must not be after endBlock'],
    [
      base('listErc20', '?startBlock=-1'),
      400,
      'query parameter startBlock must be a block number (an integer of at least 0)',
    ],
    [
      base('listErc20', '?endBlock=abc'),
      400,
      'query parameter endBlock must be a block number (an integer of at least 0)',
    ],
    [base('listErc20', '?pageSize=0'), 400, 'query parameter pageSize must be at least 1'],
    [base('listErc20', '?pageSize=101'), 400, 'query parameter pageSize must be at most 100'],
    [base('listErc20', '?pageToken=forged'), 400, 'query parameter pageToken is invalid or belongs to another query'],
    [
      '/v1/chains/43114/addresses/0xad9e/transactions:listErc20',
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      `/v1/chains/43114/addresses/${SHOWCASE}z/transactions:listErc20`,
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      `/v1/chains/chain/addresses/${SHOWCASE}/transactions:listErc20`,
      400,
      'path parameter chainId must be an EVM chain ID or a blockchain ID (cb58)',
    ],
    [
      `/v1/chains/99999/addresses/${SHOWCASE}/transactions:listErc20`,
      404,
      'path parameter chainId 99999 is not a chain this service indexes',
    ],
    [
      `/v1/chains/11111111111111111111111111111111LpoYY/addresses/${SHOWCASE}/transactions:listErc20`,
      404,
      'path parameter chainId 11111111111111111111111111111111LpoYY is not a chain this service indexes',
    ],
  ])('%s is a %i', async (path, status, message) => {
    const answer = await service.request(path);
    expect(answer).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721 (4.8)', () => {
  it.each(badInputCases('listErc721'))('%s is a %i', expectError);

  it('lists every ERC-721 transfer the address sent or received, newest first, with the NFT (2.10)', async () => {
    const items = await allPages(service, base('listErc721', '?pageSize=100'), 'transactions');
    expect(items.map((t) => `${t.txHash}:${t.logIndex}:0`)).toEqual(await expectedTransfers('ERC-721'));
    for (const item of items.slice(0, 30)) {
      const [row] = await db.query<{
        token_address: string;
        token_id: string;
        from_address: string;
        to_address: string;
        hash: string;
        timestamp: bigint;
        token_uri: string | null;
        owner_address: string | null;
        index_status: string | null;
        metadata_name: string | null;
        name: string;
      }>(
        `SELECT t.token_address, t.token_id::text, t.from_address, t.to_address, b.hash, b.timestamp, n.token_uri, n.owner_address, n.index_status, n.metadata_name, c.name
         FROM evm_token_transfer t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
         LEFT JOIN evm_nft_token n ON n.chain_id = t.chain_id AND n.address = t.token_address AND n.token_id = t.token_id
         JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.token_address
         WHERE t.chain_id = 43114 AND t.tx_hash = $1 AND t.log_index = $2`,
        [item.txHash, item.logIndex],
      );
      expect(item).toMatchObject({
        blockHash: row!.hash,
        blockTimestamp: Number(row!.timestamp),
        from: await accountOf(db, 43114, row!.from_address),
        to: await accountOf(db, 43114, row!.to_address),
      });
      expect(item.erc721Token).toMatchObject({
        address: row!.token_address,
        name: row!.name,
        ercType: 'ERC-721',
        tokenId: row!.token_id,
      });
      expect(item.erc721Token.tokenUri).toBe(row!.token_uri ?? '');
      expect(item.erc721Token.metadata.indexStatus).toBe(row!.index_status ?? 'UNINDEXED');
      expect(item.erc721Token.ownerAddress).toBe(row!.owner_address ?? undefined);
      expect(item.erc721Token.metadata.name).toBe(row!.metadata_name ?? undefined);
      expect(item).not.toHaveProperty('value');
    }
    // Stored NFTs are among them, so the lookups above compared something.
    expect(items.slice(0, 30).some((t) => t.erc721Token.metadata.indexStatus !== 'UNINDEXED')).toBe(true);
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155 (4.9)', () => {
  it.each(badInputCases('listErc1155'))('%s is a %i', expectError);

  it('lists every ERC-1155 transfer item (batch items share a log index), newest first, with value and token', async () => {
    const items = await allPages(service, base('listErc1155', '?pageSize=100'), 'transactions');
    const expected = await db.query<{ tx_hash: string; log_index: number; value: string; token_id: string }>(
      `SELECT tx_hash, log_index, value::text, token_id::text FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-1155'
       AND (from_address = $1 OR to_address = $1) ORDER BY block_number DESC, log_index DESC, batch_index DESC`,
      [SHOWCASE],
    );
    expect(items.map((t) => [t.txHash, t.logIndex, t.value, t.erc1155Token.tokenId])).toEqual(
      expected.map((r) => [r.tx_hash, r.log_index, r.value, r.token_id]),
    );
    for (const item of items.slice(0, 30)) {
      const [row] = await db.query<{
        token_address: string;
        from_address: string;
        to_address: string;
        token_uri: string | null;
        index_status: string | null;
      }>(
        `SELECT t.token_address, t.from_address, t.to_address, n.token_uri, n.index_status FROM evm_token_transfer t
         LEFT JOIN evm_nft_token n ON n.chain_id = t.chain_id AND n.address = t.token_address AND n.token_id = t.token_id
         WHERE t.chain_id = 43114 AND t.tx_hash = $1 AND t.log_index = $2 AND t.token_id = $3`,
        [item.txHash, item.logIndex, item.erc1155Token.tokenId],
      );
      expect(item.from).toEqual(await accountOf(db, 43114, row!.from_address));
      expect(item.to).toEqual(await accountOf(db, 43114, row!.to_address));
      expect(item.erc1155Token).toMatchObject({ address: row!.token_address, ercType: 'ERC-1155' });
      expect(item.erc1155Token.tokenUri).toBe(row!.token_uri ?? '');
      expect(item.erc1155Token.metadata.indexStatus).toBe(row!.index_status ?? 'UNINDEXED');
    }
    expect(items.slice(0, 30).some((t) => t.erc1155Token.metadata.indexStatus !== 'UNINDEXED')).toBe(true);
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals (4.11)', () => {
  it.each(badInputCases('listInternals'))('%s is a %i', expectError);

  it('lists only CALL/CALLCODE frames with value and CREATE/CREATE2/CREATE3 frames the address sent or received, newest first', async () => {
    const items = await allPages(service, base('listInternals', '?pageSize=100'), 'transactions');
    const expected = await db.query<{ tx_hash: string; value: string; type: string; is_reverted: boolean }>(
      `SELECT tx_hash, value::text, internal_tx_type::text AS type, is_reverted FROM evm_internal_transaction WHERE chain_id = 43114 AND (from_address = $1 OR to_address = $1)
       AND ((internal_tx_type IN ('CALL', 'CALLCODE') AND value > 0) OR internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3'))
       ORDER BY block_number DESC, tx_hash DESC, trace_index DESC`,
      [SHOWCASE],
    );
    expect(items.map((t) => [t.txHash, t.value, t.internalTxType, t.isReverted])).toEqual(
      expected.map((r) => [r.tx_hash, r.value, r.type, r.is_reverted]),
    );
    expect(items.length).toBeGreaterThan(10);
    const fixture = items.filter((t) => t.txHash === fixtureTx.tx_hash && t.gasUsed === '21000');
    // CALLCODE with value, CREATE3 (reverted), and the CALL to itself, once; not the zero-value CALLCODE/CALL, DELEGATECALL, STATICCALL.
    expect(fixture.map((t) => [t.internalTxType, t.value, t.isReverted]).sort()).toEqual([
      ['CALL', '2', false],
      ['CALLCODE', '7', false],
      ['CREATE3', '0', true],
    ]);
  });

  it('serves 2.9 internal fields, with isReverted from the trace', async () => {
    const { body } = await service.request(base('listInternals', '?pageSize=30'));
    const expected = await db.query<{
      tx_hash: string;
      block_number: bigint;
      from_address: string;
      to_address: string;
      type: string;
      value: string;
      gas_used: string;
      gas_limit: string;
      is_reverted: boolean;
      hash: string;
      timestamp: bigint;
    }>(
      `SELECT i.tx_hash, i.block_number, i.from_address, i.to_address, i.internal_tx_type::text AS type, i.value::text, i.gas_used::text, i.gas_limit::text, i.is_reverted, b.hash, b.timestamp
       FROM evm_internal_transaction i JOIN evm_block b ON b.chain_id = i.chain_id AND b.number = i.block_number
       WHERE i.chain_id = 43114 AND (i.from_address = $1 OR i.to_address = $1)
       AND ((i.internal_tx_type IN ('CALL', 'CALLCODE') AND i.value > 0) OR i.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3'))
       ORDER BY i.block_number DESC, i.tx_hash DESC, i.trace_index DESC LIMIT 30`,
      [SHOWCASE],
    );
    const want = [];
    for (const r of expected) {
      want.push({
        blockNumber: String(r.block_number),
        blockTimestamp: Number(r.timestamp),
        blockHash: r.hash,
        txHash: r.tx_hash,
        from: await accountOf(db, 43114, r.from_address),
        to: await accountOf(db, 43114, r.to_address),
        internalTxType: r.type,
        value: r.value,
        isReverted: r.is_reverted,
        gasUsed: r.gas_used,
        gasLimit: r.gas_limit,
      });
    }
    expect(body.transactions).toEqual(want);
  });
});

describe('GET /v1/chains/{chainId}/contracts/{address}/deployments (4.15)', () => {
  it('lists the contracts an account deployed, directly or through a factory, newest first, with metadata', async () => {
    const [deployer] = await db.query<{ a: string }>(
      `SELECT deployer_address AS a FROM evm_contract WHERE chain_id = 43114 AND deployer_contract_address IS NOT NULL
       AND deployer_address IN (SELECT deployer_address FROM evm_contract WHERE chain_id = 43114 AND deployer_contract_address IS NULL) LIMIT 1`,
    );
    const items = await allPages(
      service,
      `/v1/chains/43114/contracts/${deployer!.a}/deployments?pageSize=1`,
      'contracts',
    );
    const expected = await db.query<{
      address: string;
      deployment_tx_hash: string;
      deployer_contract_address: string | null;
    }>(
      `SELECT address, deployment_tx_hash, deployer_contract_address FROM evm_contract WHERE chain_id = 43114 AND deployer_address = $1
       ORDER BY deployment_block_number DESC, address DESC`,
      [deployer!.a],
    );
    expect(
      items.map((c) => [c.address, c.deploymentDetails.txHash, c.deploymentDetails.deployerContractAddress ?? null]),
    ).toEqual(expected.map((r) => [r.address, r.deployment_tx_hash, r.deployer_contract_address]));
    expect(
      items.some((c) => c.deploymentDetails.deployerContractAddress) &&
        items.some((c) => !c.deploymentDetails.deployerContractAddress),
    ).toBe(true);
  });

  it('lists the contracts a factory created', async () => {
    const [factory] = await db.query<{ a: string; n: bigint }>(
      `SELECT deployer_contract_address AS a, count(*) AS n FROM evm_contract WHERE chain_id = 43114 AND deployer_contract_address IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const items = await allPages(
      service,
      `/v1/chains/43114/contracts/${factory!.a}/deployments?pageSize=100`,
      'contracts',
    );
    expect(items).toHaveLength(Number(factory!.n));
    expect(items.every((c) => c.deploymentDetails.deployerContractAddress === factory!.a)).toBe(true);
  });

  it('serves the profile of 2.14 from the stored contract', async () => {
    const [token] = await db.query<Record<string, any>>(
      `SELECT * FROM evm_contract WHERE chain_id = 43114 AND banner_uri IS NOT NULL AND deployer_address IS NOT NULL ORDER BY address LIMIT 1`,
    );
    const items = await allPages(
      service,
      `/v1/chains/43114/contracts/${token!.deployer_address}/deployments?pageSize=100`,
      'contracts',
    );
    expect(items.find((c) => c.address === token!.address)).toEqual({
      // Empty profile texts are left out.
      name: token!.name,
      description: token!.description || undefined,
      officialSite: token!.official_site || undefined,
      email: token!.email || undefined,
      color: token!.color || undefined,
      address: token!.address,
      symbol: token!.symbol || undefined,
      logoAsset: { assetId: token!.logo_asset_id, imageUri: token!.logo_uri },
      bannerAsset: { assetId: token!.banner_asset_id, imageUri: token!.banner_uri },
      resourceLinks: token!.resource_links,
      tags: token!.tags,
      deploymentDetails: { txHash: token!.deployment_tx_hash, deployerAddress: token!.deployer_address },
      ercType: token!.erc_type,
    });
  });

  it('serves each contract as the official variant of its ercType: ERC-20 with decimals and its CoinGecko coin ID, UNKNOWN without symbol', async () => {
    const [deployer] = await db.query<{ chain_id: bigint; a: string }>(
      `SELECT chain_id, deployer_address AS a FROM evm_contract WHERE deployer_address IS NOT NULL GROUP BY 1, 2
       HAVING count(DISTINCT erc_type) >= 2 AND bool_or(resource_links @> '[{"type": "CoinGecko"}]') ORDER BY 1, 2 LIMIT 1`,
    );
    const rows = await db.query<{
      address: string;
      erc_type: string;
      symbol: string;
      decimals: number | null;
      resource_links: { type: string; url: string }[];
    }>(
      'SELECT address, erc_type::text, symbol, decimals, resource_links FROM evm_contract WHERE chain_id = $1 AND deployer_address = $2',
      [String(deployer!.chain_id), deployer!.a],
    );
    const items = await allPages(
      service,
      `/v1/chains/${deployer!.chain_id}/contracts/${deployer!.a}/deployments?pageSize=100`,
      'contracts',
    );
    expect(items).toHaveLength(rows.length);
    for (const row of rows) {
      const item = items.find((c) => c.address === row.address);
      const coinPage = row.resource_links.find((link) => link.type === 'CoinGecko')?.url;
      expect({
        ercType: item.ercType,
        symbol: item.symbol,
        decimals: item.decimals,
        pricingProviders: item.pricingProviders,
      }).toEqual({
        ercType: row.erc_type,
        symbol: row.erc_type === 'UNKNOWN' ? undefined : row.symbol || undefined,
        decimals: row.erc_type === 'ERC-20' ? (row.decimals ?? 18) : undefined,
        pricingProviders:
          coinPage && ['ERC-20', 'ERC-1155'].includes(row.erc_type)
            ? { coingeckoCoinId: coinPage.split('/').pop() }
            : undefined,
      });
    }
    expect(items.some((c) => c.pricingProviders)).toBe(true);
  });

  it.each([
    [
      '/v1/chains/43114/contracts/0x123/deployments',
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      `/v1/chains/43114/contracts/${SHOWCASE}/deployments?pageSize=101`,
      400,
      'query parameter pageSize must be at most 100',
    ],
    [
      `/v1/chains/1/contracts/${SHOWCASE}/deployments`,
      404,
      'path parameter chainId 1 is not a chain this service indexes',
    ],
  ])('%s is a %i', async (path, status, message) => {
    expect(await service.request(path)).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });
});

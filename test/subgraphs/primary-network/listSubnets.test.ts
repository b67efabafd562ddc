import type { Database } from '../../../prisma/database';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { fixtureSubnetIds, insertSubnetFixture } from '../../fixtures/subnets';

let db: Database;
let service: TestService;
let statements = 0;

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: () => statements++ });
  await insertSubnetFixture(db);
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

const newestFirst = [...fixtureSubnetIds.MAINNET].reverse();

describe('GET /v1/networks/{network}/subnets (4.4)', () => {
  it('lists subnets newest first when sortOrder is omitted, with every field of 2.4', async () => {
    const { status, body } = await service.request('/v1/networks/mainnet/subnets');
    expect(status).toBe(200);
    expect(body.subnets.map((s: any) => s.subnetId)).toEqual(newestFirst);
    expect(body).not.toHaveProperty('nextPageToken');
    const oldest = body.subnets.at(-1);
    expect(oldest).toEqual({
      createBlockTimestamp: 1_700_000_000,
      createBlockIndex: '1000',
      subnetId: 'mainnetSubnet0',
      ownerAddresses: ['avax1owner0'],
      threshold: 1,
      locktime: 0,
      subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: ['avax1owner0'] },
      isL1: false,
      blockchains: [
        expect.objectContaining({
          blockchainId: 'mainnetSubnet0-chain0',
          createBlockNumber: '2000',
          evmChainId: 99001,
        }),
        {
          createBlockTimestamp: 1_700_000_101,
          createBlockNumber: '2001',
          blockchainId: 'mainnetSubnet0-chain1',
          vmId: 'otherVm',
          subnetId: 'mainnetSubnet0',
          blockchainName: 'chain 1',
        },
      ],
    });
  });

  it('keeps the field order of spec 2.4 in subnets and blockchains', async () => {
    const { body } = await service.request('/v1/networks/mainnet/subnets?sortOrder=asc&pageSize=1');
    expect(Object.keys(body.subnets[0])).toEqual([
      'createBlockTimestamp',
      'createBlockIndex',
      'subnetId',
      'ownerAddresses',
      'threshold',
      'locktime',
      'subnetOwnershipInfo',
      'isL1',
      'blockchains',
    ]);
    expect(Object.keys(body.subnets[0].blockchains[0])).toEqual([
      'createBlockTimestamp',
      'createBlockNumber',
      'blockchainId',
      'vmId',
      'subnetId',
      'blockchainName',
      'evmChainId',
      'genesisData',
    ]);
  });

  it('serves genesisData with hex quantities, typed config and nullable fields kept', async () => {
    const { body } = await service.request('/v1/networks/mainnet/subnets?sortOrder=asc&pageSize=1');
    const genesis = body.subnets[0].blockchains[0].genesisData;
    expect(genesis).toMatchObject({
      gasLimit: '0x7A1200',
      nonce: '0x0',
      timestamp: '0x0',
      airdropAmount: null,
      baseFeePerGas: null,
      alloc: { '8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': { balance: '0x52B7D2DCC80CD2E4000000' } },
      config: { chainId: 99001, feeConfig: { gasLimit: 8000000, minBaseFee: 25000000000 } },
    });
    expect(genesis.config.warpConfig).toEqual({ blockTimestamp: 1607144400, quorumNumerator: 67 });
  });

  it('reports L1 conversion and validator manager details of an L1', async () => {
    const { body } = await service.request('/v1/networks/mainnet/subnets?sortOrder=asc');
    expect(body.subnets[1]).toMatchObject({
      isL1: true,
      l1ConversionTransactionHash: 'conversionTx1',
      l1ValidatorManagerDetails: {
        blockchainId: 'mainnetSubnet1-chain0',
        contractAddress: '0x0feedc0de0000000000000000000000000000000',
      },
    });
  });

  it('pages with nextPageToken until the last page, which has none', async () => {
    const seen: string[] = [];
    let path = '/v1/networks/mainnet/subnets?pageSize=3';
    for (let pages = 0; pages < 5; pages++) {
      const { status, body } = await service.request(path);
      expect(status).toBe(200);
      seen.push(...body.subnets.map((s: any) => s.subnetId));
      if (!body.nextPageToken) break;
      path = `/v1/networks/mainnet/subnets?pageSize=3&pageToken=${encodeURIComponent(body.nextPageToken)}`;
    }
    expect(seen).toEqual(newestFirst);
  });

  it('sorts oldest first with sortOrder=asc, also across pages', async () => {
    const first = await service.request('/v1/networks/mainnet/subnets?pageSize=4&sortOrder=asc');
    const second = await service.request(
      `/v1/networks/mainnet/subnets?pageSize=4&sortOrder=asc&pageToken=${first.body.nextPageToken}`,
    );
    expect([...first.body.subnets, ...second.body.subnets].map((s: any) => s.subnetId)).toEqual(
      fixtureSubnetIds.MAINNET,
    );
  });

  it('treats fuji and testnet as the same network, apart from mainnet', async () => {
    const fuji = await service.request('/v1/networks/fuji/subnets');
    const testnet = await service.request('/v1/networks/testnet/subnets');
    expect(fuji.body).toEqual(testnet.body);
    expect(fuji.body.subnets.map((s: any) => s.subnetId)).toEqual([...fixtureSubnetIds.FUJI].reverse());
  });

  it.each([
    ['pageSize=0', 'pageSize must be at least 1'],
    ['pageSize=10001', 'pageSize must be at most 10000'],
    ['pageSize=abc', 'query parameter pageSize must be an integer'],
    ['pageSize=2.5', 'query parameter pageSize must be an integer'],
    ['sortOrder=up', 'sortOrder'],
  ])('rejects %s with 400 and the error body', async (query, message) => {
    const { status, body } = await service.request(`/v1/networks/mainnet/subnets?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
  });

  it('rejects an unknown network with 400', async () => {
    const { status, body } = await service.request('/v1/networks/devnet/subnets');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'path parameter network must be one of mainnet, fuji, testnet',
    });
  });

  it('rejects a forged, edited or foreign pageToken with 400', async () => {
    const { body } = await service.request('/v1/networks/mainnet/subnets?pageSize=2');
    const token: string = body.nextPageToken;
    const [payload, signature] = token.split('.');
    const edited = `${Buffer.from(JSON.stringify([1, ['1', 'x']])).toString('base64url')}.${signature}`;
    for (const bad of ['garbage', edited, `${payload}.AAAA`, `${token}x`]) {
      const response = await service.request(
        `/v1/networks/mainnet/subnets?pageSize=2&pageToken=${encodeURIComponent(bad)}`,
      );
      expect(response).toEqual({
        status: 400,
        body: expect.objectContaining({ statusCode: 400, error: 'Bad Request' }),
      });
    }
    // Valid token, but for another query: another network, another order.
    for (const other of [
      '/v1/networks/fuji/subnets?pageSize=2',
      '/v1/networks/mainnet/subnets?pageSize=2&sortOrder=asc',
    ]) {
      const response = await service.request(`${other}&pageToken=${encodeURIComponent(token)}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/pageToken/);
    }
  });
});

describe('Query.listSubnets (GraphQL)', () => {
  const query = /* GraphQL */ `
    query ($network: Network!, $pageSize: Int, $pageToken: String) {
      listSubnets(network: $network, pageSize: $pageSize, pageToken: $pageToken) {
        nextPageToken
        subnets { subnetId network blockchains { blockchainId network } }
      }
    }
  `;

  it('answers the same pages as REST', async () => {
    const rest = await service.request('/v1/networks/mainnet/subnets?pageSize=2');
    const { status, body } = await service.graphql(query, { network: 'mainnet', pageSize: 2 });
    expect(status).toBe(200);
    expect(body.data.listSubnets.subnets.map((s: any) => s.subnetId)).toEqual(
      rest.body.subnets.map((s: any) => s.subnetId),
    );
    expect(body.data.listSubnets.nextPageToken).toBe(rest.body.nextPageToken);
  });

  it('answers a bad pageSize with a BAD_REQUEST error', async () => {
    const { body } = await service.graphql(query, { network: 'mainnet', pageSize: 0 });
    expect(body.errors[0]).toMatchObject({
      message: 'pageSize must be at least 1',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|serviceName/);
  });

  it('loads nested blockchains with a number of SQL statements independent of page size', async () => {
    const count = async (pageSize: number) => {
      const before = statements;
      const { body } = await service.graphql(query, { network: 'mainnet', pageSize });
      expect(body.errors).toBeUndefined();
      return statements - before;
    };
    const small = await count(1);
    const large = await count(7);
    expect(small).toBe(2); // subnets page + one batched blockchain lookup
    expect(large).toBe(small);
  });
});

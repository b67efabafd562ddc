// The Metrics API's chains: every indexed EVM chain with its blockchain's subnet and name, against
// the rows read back through Prisma; the network filter; one chain; the errors.
import type { Database } from '../../../prisma/database';
import { insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { insertMetricChains, METRIC_CHAINS } from './fixtures/metricChains';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertMetricChains(db);
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

/** The chains as the official `Chain` describes them, from the stored rows, by EVM chain ID. */
async function storedChains(network?: 'MAINNET' | 'FUJI') {
  const chains = await db.prisma.evmChain.findMany({
    where: network ? { network } : {},
    include: { blockchain: true },
    orderBy: { chainId: 'asc' },
  });
  return chains.map((chain) => ({
    evmChainId: Number(chain.chainId),
    chainName: chain.blockchain.blockchainName
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join('_'),
    blockchainId: chain.blockchainId,
    subnetId: chain.blockchain.subnetId,
    network: chain.network === 'MAINNET' ? 'mainnet' : 'testnet',
  }));
}

describe('GET /v2/chains (listChains)', () => {
  it('lists every indexed EVM chain by EVM chain ID, with its subnet, name and network', async () => {
    const expected = await storedChains();
    expect(expected).toHaveLength(METRIC_CHAINS.length);
    expect(await service.request('/v2/chains')).toEqual({ status: 200, body: { chains: expected } });
  });

  it.each([
    ['mainnet', 'MAINNET'],
    ['fuji', 'FUJI'],
    ['testnet', 'FUJI'],
  ] as const)('network=%s keeps the chains of that network', async (network, stored) => {
    const expected = await storedChains(stored);
    expect(expected.length).toBeGreaterThan(0);
    expect(await service.request(`/v2/chains?network=${network}`)).toEqual({ status: 200, body: { chains: expected } });
  });

  it('names a chain by its blockchain name in lower case, words joined by _', async () => {
    const [chain] = await db.prisma.blockchain.findMany({ where: { blockchainId: METRIC_CHAINS[0].blockchainId } });
    await db.prisma.blockchain.update({
      where: { network_blockchainId: { network: chain!.network, blockchainId: chain!.blockchainId } },
      data: { blockchainName: 'C-Chain' },
    });
    try {
      const { body } = await service.request(`/v2/chains/${METRIC_CHAINS[0].chainId}`);
      expect(body.chainName).toBe('c_chain');
    } finally {
      await db.prisma.blockchain.update({
        where: { network_blockchainId: { network: chain!.network, blockchainId: chain!.blockchainId } },
        data: { blockchainName: chain!.blockchainName },
      });
    }
  });

  it('refuses an unknown network and a page token of another query with 400', async () => {
    expect((await service.request('/v2/chains?network=devnet')).status).toBe(400);
    const { status, body } = await service.request('/v2/chains?pageToken=garbage');
    expect({ status, error: body.error }).toEqual({ status: 400, error: 'Bad Request' });
  });
});

describe('GET /v2/chains/{chainId} (getChain)', () => {
  it('answers one indexed chain as listChains lists it', async () => {
    for (const chain of await storedChains()) {
      expect(await service.request(`/v2/chains/${chain.evmChainId}`)).toEqual({ status: 200, body: chain });
    }
  });

  it('an EVM chain this service does not index is 404 with the error body', async () => {
    expect(await service.request('/v2/chains/1')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'chain 1 is not indexed by this service' },
    });
  });

  it('a chain ID that is not an EVM chain ID is 400', async () => {
    const { status, body } = await service.request('/v2/chains/c-chain');
    expect({ status, error: body.error }).toEqual({ status: 400, error: 'Bad Request' });
  });
});

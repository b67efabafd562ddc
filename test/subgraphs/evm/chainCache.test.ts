// The process keeps EVM chain rows a few seconds (every EVM request resolves its chainId first):
// a resolved chain costs no statement on the next request, a chain not found is never remembered.
import type { Database } from '../../../prisma/database';
import { CHAIN_CACHE_TTL_MS, createChainCache } from '../../../subgraphs/evm/loaders/chainCache';
import { insertEvmChainFixture, insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';

let db: Database;
let service: TestService;
const statements: string[] = [];

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql) => statements.push(sql) });
  await insertSubnetFixture(db);
  service = await startTestService(db);
}, 60_000);
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('createChainCache()', () => {
  test(`a row is fresh for ${CHAIN_CACHE_TTL_MS} ms, then gone`, () => {
    let now = 1_000;
    const cache = createChainCache(() => now);
    const row = { chainId: 1n } as never;
    cache.set('evm:1', row);
    now += CHAIN_CACHE_TTL_MS - 1;
    expect(cache.get('evm:1')).toBe(row);
    now += 1;
    expect(cache.get('evm:1')).toBeUndefined();
  });
});

describe('resolving chainId through the cache', () => {
  const list = (chainId: string) =>
    `/v1/chains/${chainId}/addresses/0x0000000000000000000000000000000000000001/transactions:listErc20`;
  const path = list('99001');

  test('a chain not found is not remembered: registered a moment later, it answers at once', async () => {
    expect(await service.request(path)).toMatchObject({
      status: 404,
      body: { message: 'path parameter chainId 99001 is not a chain this service indexes' },
    });
    await insertEvmChainFixture(db);
    expect(await service.request(path)).toMatchObject({ status: 200, body: { transactions: [] } });
  });

  test('a resolved chain costs no statement on the next request', async () => {
    await service.request(path);
    statements.length = 0;
    expect((await service.request(path)).status).toBe(200);
    expect(statements.filter((sql) => sql.includes('evm_chain'))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0); // the list's own statements still run
  });
});

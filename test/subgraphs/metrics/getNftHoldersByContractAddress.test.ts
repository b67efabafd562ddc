// getNftHoldersByContractAddress on the demo data against a replay of each collection's transfers:
// an ERC-721 token belongs to the recipient of its last transfer (the zero address: burnt, no one's),
// an ERC-1155 holder holds the sum of its transfers per token ID; every holder in address order with
// its count, and the collection's totals, paged.
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';

let db: Database;
let service: TestService;
let collections: { address: string; kind: 'ERC-721' | 'ERC-1155'; name: string; symbol: string }[];

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db);
  collections = await db.query(
    `SELECT address, erc_type::text AS kind, name, symbol FROM evm_contract
     WHERE chain_id = 43114 AND erc_type IN ('ERC-721', 'ERC-1155') ORDER BY address`,
  );
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** Holders and counts from the collection's transfers alone, in address order. */
async function replay(collection: string, kind: string): Promise<{ address: string; sortKey: string }[]> {
  const transfers = await db.query<{ from_address: string; to_address: string; value: string; token_id: string }>(
    `SELECT from_address, to_address, value::text AS value, token_id::text AS token_id FROM evm_token_transfer
     WHERE chain_id = 43114 AND token_address = $1 ORDER BY block_number, log_index, batch_index`,
    [collection],
  );
  const held = new Map<string, bigint>();
  if (kind === 'ERC-721') {
    const owner = new Map<string, string>();
    for (const t of transfers) owner.set(t.token_id, t.to_address);
    for (const o of owner.values()) if (o !== ZERO) held.set(o, (held.get(o) ?? 0n) + 1n);
  } else {
    const balance = new Map<string, bigint>();
    for (const t of transfers) {
      const v = BigInt(t.value);
      if (t.from_address !== ZERO)
        balance.set(`${t.token_id}|${t.from_address}`, (balance.get(`${t.token_id}|${t.from_address}`) ?? 0n) - v);
      if (t.to_address !== ZERO)
        balance.set(`${t.token_id}|${t.to_address}`, (balance.get(`${t.token_id}|${t.to_address}`) ?? 0n) + v);
    }
    for (const [key, v] of balance) {
      const holder = key.split('|')[1]!;
      if (v > 0n) held.set(holder, (held.get(holder) ?? 0n) + v);
    }
  }
  return [...held].sort(([a], [b]) => (a < b ? -1 : 1)).map(([address, n]) => ({ address, sortKey: n.toString() }));
}

async function allPages(collection: string, pageSize: number) {
  const pages: any[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await service.request(
      `/v2/chains/43114/contracts/${collection}/nfts:listHolders?pageSize=${pageSize}${token ? `&pageToken=${token}` : ''}`,
    );
    expect(status).toBe(200);
    expect(body.addresses.length).toBeLessThanOrEqual(pageSize);
    pages.push(body);
    token = body.nextPageToken;
  } while (token);
  return pages;
}

describe('GET /v2/chains/{chainId}/contracts/{address}/nfts:listHolders (getNftHoldersByContractAddress)', () => {
  test('the demo C-Chain has collections of both standards', () => {
    expect(collections.map((c) => c.kind).sort()).toEqual(expect.arrayContaining(['ERC-721', 'ERC-1155']));
  });

  test('every holder with its count, in address order, as a replay of the transfers gives; totals over all holders', async () => {
    for (const c of collections) {
      const expected = await replay(c.address, c.kind);
      expect(expected.length).toBeGreaterThan(10);
      const pages = await allPages(c.address, 5000);
      expect(pages).toHaveLength(1);
      const [page] = pages;
      expect(page.addresses).toEqual(expected);
      expect(page.totalHolders).toBe(expected.length);
      expect(page.totalTokens).toBe(Number(expected.reduce((sum, h) => sum + BigInt(h.sortKey), 0n)));
      expect(page.nftCollectionName).toEqual([c.name]);
      expect(page.nftSymbol).toEqual([c.symbol]);
    }
  });

  test('paging: small pages concatenate to the whole list, each page with the same totals', async () => {
    const c = collections[0]!;
    const expected = await replay(c.address, c.kind);
    const pages = await allPages(c.address, 7);
    expect(pages.length).toBe(Math.ceil(expected.length / 7));
    expect(pages.flatMap((p) => p.addresses)).toEqual(expected);
    expect(new Set(pages.map((p) => `${p.totalHolders}/${p.totalTokens}`)).size).toBe(1);
  });

  test('the default page is 1000 holders', async () => {
    const c = collections[0]!;
    const { body } = await service.request(`/v2/chains/43114/contracts/${c.address}/nfts:listHolders`);
    expect(body.addresses.length).toBe(Math.min(1000, (await replay(c.address, c.kind)).length));
  });

  test('a contract the index does not know: no holders', async () => {
    const { status, body } = await service.request(
      `/v2/chains/43114/contracts/0x00000000000000000000000000000000000000aa/nfts:listHolders`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ addresses: [], nftCollectionName: [], nftSymbol: [], totalHolders: 0, totalTokens: 0 });
  });

  test.each([
    ['an ERC-20 contract', `/v2/chains/43114/contracts/${USDC}/nfts:listHolders`, 400],
    ['a malformed address', '/v2/chains/43114/contracts/0x1234/nfts:listHolders', 400],
    ['pageSize 0', `/v2/chains/43114/contracts/${USDC}/nfts:listHolders?pageSize=0`, 400],
    ['pageSize above 5000', `/v2/chains/43114/contracts/${USDC}/nfts:listHolders?pageSize=5001`, 400],
    ['a forged page token', `/v2/chains/43114/contracts/${USDC}/nfts:listHolders?pageToken=abc`, 400],
    ['a chain the service does not index', `/v2/chains/1234/contracts/${USDC}/nfts:listHolders`, 404],
  ])('%s is a %i with the error body', async (_, path, status) => {
    const res = await service.request(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: expect.any(String), statusCode: status, error: expect.any(String) });
  });

  test("a page token of another collection's list is a 400", async () => {
    const [first, second] = collections;
    const { body } = await service.request(`/v2/chains/43114/contracts/${first!.address}/nfts:listHolders?pageSize=5`);
    expect(body.nextPageToken).toBeDefined();
    const { status } = await service.request(
      `/v2/chains/43114/contracts/${second!.address}/nfts:listHolders?pageToken=${body.nextPageToken}`,
    );
    expect(status).toBe(400);
  });
});

// The paging helpers against a real database: every page of a keyset order, in both directions,
// with ties and NULLs, must add up to the whole list in the order computed here independently.
import { createHmac } from 'node:crypto';
import { Prisma, type Blockchain, type Subnet } from '../../../prisma/generated/client';
import type { Database } from '../../../prisma/database';
import { BadRequestError } from '../../../subgraphs/shared/errors';
import type { PagedList } from '../../../subgraphs/shared/limits';
import { bigintKey, nullableKey, stringKey } from '../../../subgraphs/shared/paging/keyCodecs';
import type { Page, PageArguments } from '../../../subgraphs/shared/paging/page';
import { paginate } from '../../../subgraphs/shared/paging/paginate';
import { paginateSql } from '../../../subgraphs/shared/paging/paginateSql';
import { sortKey, type SortDirection } from '../../../subgraphs/shared/paging/sortKey';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
const signer = { secret: 'paging-test' };

/** 60 subnets on 4 creation times: long runs of ties in the first sort column. */
const subnets = Array.from({ length: 60 }, (_, i) => ({
  subnetId: `subnet${String(i).padStart(2, '0')}`,
  createBlockTimestamp: BigInt(1000 + ((i * 7) % 4)),
}));
/** 40 chains, a third without an EVM chain ID (NULL), the rest on 5 IDs. */
const chains = Array.from({ length: 40 }, (_, i) => ({
  blockchainId: `chain${String(i).padStart(2, '0')}`,
  evmChainId: i % 3 === 0 ? null : BigInt(100 + (i % 5)),
}));

beforeAll(async () => {
  db = await setupTestDatabase();
  await db.prisma.subnet.createMany({
    data: subnets.map((s) => ({
      ...s,
      network: 'MAINNET' as const,
      createBlockIndex: 1n,
      ownerAddresses: [],
      threshold: 1,
      locktime: 0n,
    })),
  });
  await db.prisma.blockchain.createMany({
    data: chains.map((c) => ({
      ...c,
      network: 'MAINNET' as const,
      subnetId: subnets[0]!.subnetId,
      createBlockTimestamp: 1000n,
      createBlockNumber: 1n,
      vmId: 'vm',
      blockchainName: c.blockchainId,
    })),
  });
});
afterAll(() => teardown(db));

const compare = (a: bigint | string | null, b: bigint | string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** The expected order: by each key in `order`, NULLs last whatever the direction. */
function sorted<Row>(rows: Row[], keys: Array<(row: Row) => bigint | string | null>, order: SortDirection): Row[] {
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x === y) continue;
      if (x === null || y === null) return compare(x, y);
      return order === 'asc' ? compare(x, y) : -compare(x, y);
    }
    return 0;
  });
}

const subnetKeys = [sortKey<Subnet>('createBlockTimestamp', bigintKey), sortKey<Subnet>('subnetId', stringKey)];
const chainKeys = [
  sortKey<Blockchain>('evmChainId', nullableKey(bigintKey)),
  sortKey<Blockchain>('blockchainId', stringKey),
];

/** A list's arguments: paging plus the filters that bind its tokens. */
const withFilters = (paging: { pageSize: number; pageToken?: string }, filters: object): PageArguments => ({
  ...paging,
  ...filters,
});

type Lister<Row> = (args: {
  pageSize: number;
  pageToken?: string;
  order: SortDirection;
  list?: PagedList;
  filter?: string;
}) => Promise<Page<Row>>;

const forms: Array<[string, Lister<Subnet>, Lister<Blockchain>]> = [
  [
    'paginate (Prisma query builder)',
    ({ order, list = 'subnets', filter, ...args }) =>
      paginate(
        { list, args: withFilters(args, { order, filter }), signer, order, keys: subnetKeys },
        { network: 'MAINNET' as const },
        (query) => db.prisma.subnet.findMany(query),
      ),
    ({ order, ...args }) =>
      paginate(
        { list: 'deployments', args: withFilters(args, { order }), signer, order, keys: chainKeys },
        { network: 'MAINNET' as const },
        (query) => db.prisma.blockchain.findMany(query),
      ),
  ],
  [
    'paginateSql (raw SQL)',
    ({ order, list = 'subnets', filter, ...args }) =>
      paginateSql(
        { list, args: withFilters(args, { order, filter }), signer, order, keys: subnetKeys },
        (k) => Prisma.sql`SELECT subnet_id AS "subnetId", create_block_timestamp AS "createBlockTimestamp" FROM subnet s
          WHERE network = 'mainnet' ${k.after('s')} ORDER BY ${k.orderBy('s')} LIMIT ${k.limit}`,
        (sql) => db.prisma.$queryRaw<Subnet[]>(sql),
      ),
    ({ order, ...args }) =>
      paginateSql(
        { list: 'deployments', args: withFilters(args, { order }), signer, order, keys: chainKeys },
        (k) => Prisma.sql`SELECT blockchain_id AS "blockchainId", evm_chain_id AS "evmChainId" FROM blockchain c
          WHERE network = 'mainnet' ${k.after('c')} ORDER BY ${k.orderBy('c')} LIMIT ${k.limit}`,
        (sql) => db.prisma.$queryRaw<Blockchain[]>(sql),
      ),
  ],
];

/** Follows nextPageToken to the end; fails on a loop. */
async function everyPage<Row>(list: Lister<Row>, order: SortDirection, pageSize: number): Promise<Row[]> {
  const rows: Row[] = [];
  let pageToken: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await list({ pageSize, pageToken, order });
    expect(page.items.length).toBeLessThanOrEqual(pageSize);
    rows.push(...page.items);
    if (!page.nextPageToken) return rows;
    pageToken = page.nextPageToken;
  }
  throw new Error('paging did not end');
}

describe.each(forms)('%s', (_name, listSubnets, listChains) => {
  it.each([
    ['asc', 1],
    ['asc', 7],
    ['desc', 3],
    ['desc', 16],
  ] as const)(
    'pages through ties in the first sort column without gaps or repeats (%s, pageSize %i)',
    async (order, pageSize) => {
      const expected = sorted(subnets, [(s) => s.createBlockTimestamp, (s) => s.subnetId], order).map(
        (s) => s.subnetId,
      );
      expect((await everyPage(listSubnets, order, pageSize)).map((s) => s.subnetId)).toEqual(expected);
    },
  );

  it.each([
    ['asc', 1],
    ['asc', 4],
    ['desc', 6],
    ['desc', 13],
  ] as const)(
    'sorts nullable keys NULLS LAST in both directions, across pages inside the NULL run (%s, pageSize %i)',
    async (order, pageSize) => {
      const expected = sorted(chains, [(c) => c.evmChainId, (c) => c.blockchainId], order).map((c) => c.blockchainId);
      expect(expected.slice(-14).every((id) => chains.find((c) => c.blockchainId === id)!.evmChainId === null)).toBe(
        true,
      );
      expect((await everyPage(listChains, order, pageSize)).map((c) => c.blockchainId)).toEqual(expected);
    },
  );

  it('answers pageSize 0 with the list’s whole-page size where section 8 allows 0 (block transactions)', async () => {
    const page = await listSubnets({ pageSize: 0, order: 'asc', list: 'blockTransactions' });
    expect(page.items).toHaveLength(subnets.length);
    expect(page.nextPageToken).toBeUndefined();
  });

  it('refuses a token of another query (another filter value) with a 400', async () => {
    const { nextPageToken } = await listSubnets({ pageSize: 5, order: 'asc', filter: 'a' });
    await expect(listSubnets({ pageSize: 5, order: 'asc', filter: 'b', pageToken: nextPageToken })).rejects.toThrow(
      BadRequestError,
    );
    await expect(listSubnets({ pageSize: 5, order: 'desc', filter: 'a', pageToken: nextPageToken })).rejects.toThrow(
      BadRequestError,
    );
    // pageSize is not part of the query: a client may change it between pages.
    await expect(
      listSubnets({ pageSize: 9, order: 'asc', filter: 'a', pageToken: nextPageToken }),
    ).resolves.toBeDefined();
  });

  it('refuses an edited token with a 400', async () => {
    const { nextPageToken } = await listSubnets({ pageSize: 5, order: 'asc' });
    const [payload, signature] = nextPageToken!.split('.');
    const edited = Buffer.from(JSON.stringify([2, ['1', 'subnet00']])).toString('base64url');
    for (const token of [
      `${edited}.${signature}`,
      `${payload}.${signature}x`,
      `${payload}`,
      'a.b.c',
      'x'.repeat(5000),
    ]) {
      await expect(listSubnets({ pageSize: 5, order: 'asc', pageToken: token })).rejects.toThrow(BadRequestError);
    }
  });

  it.each([
    ['a key that is not a number where the column is bigint', ['abc', 'subnet00']],
    ['a key beyond the bigint range', ['99999999999999999999', 'subnet00']],
    ['a number where the codec wants decimal text', [1000, 'subnet00']],
    ['too few keys', ['1000']],
    ['an object as a key', [{ $gt: 1 }, 'subnet00']],
  ])('refuses a correctly signed token with %s with a 400, not a 500', async (_what, key) => {
    // Signed with the service's own secret, as a leaked default secret would allow.
    const scope = 'subnets|{"order":"asc"}';
    const payload = Buffer.from(JSON.stringify([2, key])).toString('base64url');
    const signature = createHmac('sha256', signer.secret)
      .update(scope)
      .update('\0')
      .update(payload)
      .digest('base64url')
      .slice(0, 22);
    await expect(listSubnets({ pageSize: 5, order: 'asc', pageToken: `${payload}.${signature}` })).rejects.toThrow(
      BadRequestError,
    );
    // The same construction with a well-typed key is accepted: the refusal above is the key's type.
    const good = Buffer.from(JSON.stringify([2, ['1000', 'subnet00']])).toString('base64url');
    const goodSignature = createHmac('sha256', signer.secret)
      .update(scope)
      .update('\0')
      .update(good)
      .digest('base64url')
      .slice(0, 22);
    await expect(
      listSubnets({ pageSize: 5, order: 'asc', pageToken: `${good}.${goodSignature}` }),
    ).resolves.toBeDefined();
  });
});

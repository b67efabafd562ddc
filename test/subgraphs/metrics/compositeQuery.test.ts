// compositeQueryV1/V2 on the demo data: each kind of subquery against a brute-force reading of the
// raw balance histories (native and ERC-20 balance changes with their blocks' times, an NFT
// collection's transfers replayed), a combination against the sets of its subqueries run alone,
// paging, and the 400s of every bad part of the body and of a subquery too large to read.
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
const OCTOBER = { firstDate: '2026-10-01', lastDate: '2026-10-31' };
const START = Date.UTC(2026, 9, 1) / 1000;
const END = Date.UTC(2026, 9, 31) / 1000 + 86_399;
const E18 = 10n ** 18n;

let db: Database;
let service: TestService;
let collection: string;

type History = Map<string, { ts: number; balance: bigint }[]>;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db);
  const [nft] = await db.query<{ address: string }>(
    `SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-721' ORDER BY address LIMIT 1`,
  );
  collection = nft!.address;
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

function group(rows: { holder: string; ts: number; balance: bigint }[]): History {
  const out: History = new Map();
  for (const r of rows) out.set(r.holder, [...(out.get(r.holder) ?? []), { ts: r.ts, balance: r.balance }]);
  return out;
}

async function nativeHistory(): Promise<History> {
  const rows = await db.query<{ holder: string; ts: string; balance: string; n: string }>(
    `SELECT c.address AS holder, coalesce(b.timestamp, 0)::text AS ts, c.balance::text AS balance, c.block_number::text AS n
     FROM native_balance_change c LEFT JOIN evm_block b ON b.chain_id = c.chain_id AND b.number = c.block_number
     WHERE c.chain_id = 43114 ORDER BY c.address, c.block_number`,
  );
  return group(
    rows
      .filter((r) => r.holder !== ZERO)
      .map((r) => ({ holder: r.holder, ts: Number(r.ts), balance: BigInt(r.balance) })),
  );
}

async function erc20History(token: string): Promise<History> {
  const rows = await db.query<{ holder: string; ts: string; balance: string }>(
    `SELECT holder, block_timestamp::text AS ts, balance::text AS balance FROM erc20_balance_change
     WHERE chain_id = 43114 AND token_address = $1 ORDER BY holder, block_number`,
    [token],
  );
  return group(rows.map((r) => ({ holder: r.holder, ts: Number(r.ts), balance: BigInt(r.balance) })));
}

/** Each holder's count of the collection after each block that moved one of its NFTs, replayed in chain order. */
async function nftHistory(token: string): Promise<History> {
  const rows = await db.query<{ from_address: string; to_address: string; ts: string; n: string }>(
    `SELECT t.from_address, t.to_address, b.timestamp::text AS ts, t.block_number::text AS n FROM evm_token_transfer t
     JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
     WHERE t.chain_id = 43114 AND t.token_address = $1 ORDER BY t.block_number, t.log_index, t.batch_index`,
    [token],
  );
  const count = new Map<string, bigint>();
  // Only the count after a block is a moment (a transfer to oneself leaves no moment without the NFT).
  const afterBlock = new Map<string, { holder: string; ts: number; balance: bigint }>();
  for (const t of rows) {
    for (const [holder, delta] of [
      [t.from_address, -1n],
      [t.to_address, 1n],
    ] as const) {
      if (holder === ZERO) continue;
      count.set(holder, (count.get(holder) ?? 0n) + delta);
      afterBlock.set(`${holder}|${t.n}`, { holder, ts: Number(t.ts), balance: count.get(holder)! });
    }
  }
  return group([...afterBlock.values()]);
}

/** The spec's rules on one history: held at least `min` at every moment (all) or some moment (any) of [START, END]. */
function select(history: History, min: bigint, mode: 'all' | 'any' | 'latest'): string[] {
  const out: string[] = [];
  for (const [holder, changes] of history) {
    if (mode === 'latest') {
      if (changes.at(-1)!.balance >= min) out.push(holder);
      continue;
    }
    const opening = changes.filter((c) => c.ts < START).at(-1)?.balance ?? 0n;
    const inside = changes.filter((c) => c.ts >= START && c.ts <= END).map((c) => c.balance);
    const ok =
      mode === 'all' ? opening >= min && inside.every((b) => b >= min) : opening >= min || inside.some((b) => b >= min);
    if (ok && (mode === 'any' || changes.some((c) => c.ts <= END))) out.push(holder);
  }
  return out.sort();
}

async function allPages(body: object, pageSize: number, path = '/v2/lookingGlass/compositeQuery') {
  const addresses: string[] = [];
  const answers: any[] = [];
  let pageToken: string | undefined;
  do {
    const { status, body: answer } = await service.request(path, {
      method: 'POST',
      body: { ...body, pageSize, ...(pageToken ? { pageToken } : {}) },
    });
    expect(status).toBe(200);
    expect(answer.addresses.length).toBeLessThanOrEqual(pageSize);
    addresses.push(...answer.addresses);
    answers.push(answer);
    pageToken = answer.nextPageToken;
  } while (pageToken);
  return { addresses, answers };
}

const subqueries = {
  anyNative: {
    id: 'anyNative',
    type: 'AnyTimeNativeBalance',
    params: { ...OCTOBER, evmChainId: '43114', minBalance: (100n * E18).toString() },
  },
  allNative: {
    id: 'allNative',
    type: 'AllTimeNativeBalance',
    params: { ...OCTOBER, evmChainId: '43114', minBalance: (5n * E18).toString() },
  },
  anyUsdc: {
    id: 'anyUsdc',
    type: 'AnyTimeErc20Balance',
    params: { ...OCTOBER, evmChainId: '43114', contractAddress: USDC, minBalance: '500000000' },
  },
  allUsdc: {
    id: 'allUsdc',
    type: 'AllTimeErc20Balance',
    params: { ...OCTOBER, evmChainId: '43114', contractAddress: USDC, minBalance: '1000000' },
  },
  latestNative: {
    id: 'latestNative',
    type: 'LatestBalance',
    params: { evmChainId: '43114', tokenType: 'NATIVE', minBalance: (50n * E18).toString() },
  },
  latestUsdc: {
    id: 'latestUsdc',
    type: 'LatestBalance',
    params: { evmChainId: '43114', tokenType: 'ERC20', contractAddress: USDC, minBalance: '100000000' },
  },
  // Every holder the token ever had, those at 0 now included.
  latestUsdcEver: {
    id: 'latestUsdcEver',
    type: 'LatestBalance',
    params: { evmChainId: '43114', tokenType: 'ERC20', contractAddress: USDC, minBalance: '0' },
  },
};

describe('POST /v2/lookingGlass/compositeQuery and /v1/lookingGlass/compositeQuery (compositeQueryV2, V1)', () => {
  const expectedOf = async (id: keyof typeof subqueries | 'anyNft' | 'allNft'): Promise<string[]> => {
    switch (id) {
      case 'anyNative':
        return select(await nativeHistory(), 100n * E18, 'any');
      case 'allNative':
        return select(await nativeHistory(), 5n * E18, 'all');
      case 'anyUsdc':
        return select(await erc20History(USDC), 500_000_000n, 'any');
      case 'allUsdc':
        return select(await erc20History(USDC), 1_000_000n, 'all');
      case 'latestNative':
        return select(await nativeHistory(), 50n * E18, 'latest');
      case 'latestUsdc':
        return select(await erc20History(USDC), 100_000_000n, 'latest');
      case 'latestUsdcEver':
        return select(await erc20History(USDC), 0n, 'latest');
      case 'anyNft':
        return select(await nftHistory(collection), 1n, 'any');
      case 'allNft':
        return select(await nftHistory(collection), 1n, 'all');
    }
  };
  const nftQuery = (id: 'anyNft' | 'allNft') => ({
    id,
    type: id === 'anyNft' ? 'AnyTimeNftHolders' : 'AllTimeNftHolders',
    params: { evmChainId: '43114', contractAddress: collection, ...OCTOBER },
  });
  const alone = new Map<string, string[]>();

  test.each([
    'anyNative',
    'allNative',
    'anyUsdc',
    'allUsdc',
    'latestNative',
    'latestUsdc',
    'latestUsdcEver',
    'anyNft',
    'allNft',
  ] as const)(
    '%s alone: exactly the addresses its rule selects from the raw history, in address order, counted',
    async (id) => {
      const query = id === 'anyNft' || id === 'allNft' ? nftQuery(id) : subqueries[id];
      const expected = await expectedOf(id);
      expect(expected.length).toBeGreaterThan(3);
      const { addresses, answers } = await allPages({ queries: [query], operator: 'AND' }, 10_000);
      expect(addresses).toEqual(expected);
      expect(answers[0].subQueryCounts).toEqual({ [id]: expected.length });
      expect(answers[0].totalCount).toBe(expected.length);
      alone.set(id, addresses);
    },
    120_000,
  );

  test('the NFT holders by timestamps select what the same window by dates selects', async () => {
    const query = {
      id: 'ts',
      type: 'AnyTimeNftHolders',
      params: { evmChainId: '43114', contractAddress: collection, startTs: START, endTs: END },
    };
    const { addresses } = await allPages({ queries: [query], operator: 'OR' }, 10_000);
    expect(addresses).toEqual(alone.get('anyNft'));
  });

  test.each(['AND', 'OR'] as const)(
    "%s: the combination of the subqueries run alone, with each one's count",
    async (operator) => {
      const ids = ['anyNative', 'anyUsdc', 'latestNative'] as const;
      const sets = ids.map((id) => alone.get(id)!);
      const expected =
        operator === 'AND'
          ? sets[0]!.filter((a) => sets.every((s) => s.includes(a)))
          : [...new Set(sets.flat())].sort();
      expect(expected.length).toBeGreaterThan(0);
      const body = { queries: ids.map((id) => subqueries[id]), operator };
      for (const path of ['/v2/lookingGlass/compositeQuery', '/v1/lookingGlass/compositeQuery']) {
        const { addresses, answers } = await allPages(body, 10_000, path);
        expect(addresses).toEqual(expected);
        expect(answers[0].totalCount).toBe(expected.length);
        expect(answers[0].subQueryCounts).toEqual(Object.fromEntries(ids.map((id, i) => [id, sets[i]!.length])));
      }
    },
    120_000,
  );

  test('paging: small pages concatenate to the whole list, every page with the same counts', async () => {
    const body = { queries: [subqueries.anyUsdc, subqueries.latestNative], operator: 'OR' };
    const whole = await allPages(body, 10_000);
    expect(whole.addresses.length).toBeGreaterThan(20);
    // Five pages, the last one short: each page is the whole query again, so a handful shows the rule.
    const pageSize = Math.ceil(whole.addresses.length / 4.5);
    const paged = await allPages(body, pageSize);
    expect(paged.addresses).toEqual(whole.addresses);
    expect(paged.answers.length).toBe(Math.ceil(whole.addresses.length / pageSize));
    expect(new Set(paged.answers.map((a) => JSON.stringify([a.subQueryCounts, a.totalCount]))).size).toBe(1);
  }, 120_000);

  test('the default page is 1000 addresses', async () => {
    const { body } = await service.request('/v2/lookingGlass/compositeQuery', {
      method: 'POST',
      body: {
        queries: [{ ...subqueries.latestNative, params: { ...subqueries.latestNative.params, minBalance: '0' } }],
        operator: 'OR',
      },
    });
    expect(body.addresses.length).toBe(Math.min(1000, body.totalCount));
    expect(body.totalCount).toBeGreaterThan(1000);
  });

  const native = subqueries.anyNative;
  const bodies: [string, unknown][] = [
    ['no queries', { queries: [], operator: 'AND' }],
    [
      'nine subqueries',
      { queries: Array.from({ length: 9 }, (_, i) => ({ ...native, id: String(i) })), operator: 'AND' },
    ],
    ['queries not a list', { queries: native, operator: 'AND' }],
    ['a subquery that is not an object', { queries: ['x'], operator: 'AND' }],
    ['two subqueries with one ID', { queries: [native, native], operator: 'AND' }],
    ['an unknown type', { queries: [{ ...native, type: 'SometimeBalance' }], operator: 'AND' }],
    [
      'a StarsArena subquery',
      {
        queries: [{ id: 's', type: 'LatestBalanceStarsArena', params: { minBalance: '1', subjectAddress: ZERO } }],
        operator: 'AND',
      },
    ],
    ['no params', { queries: [{ id: 'x', type: 'AnyTimeNativeBalance' }], operator: 'AND' }],
    [
      'a malformed date',
      { queries: [{ ...native, params: { ...native.params, firstDate: '2026-10-1' } }], operator: 'AND' },
    ],
    [
      'a date that does not exist',
      { queries: [{ ...native, params: { ...native.params, lastDate: '2026-02-30' } }], operator: 'AND' },
    ],
    [
      'lastDate before firstDate',
      { queries: [{ ...native, params: { ...native.params, lastDate: '2026-09-30' } }], operator: 'AND' },
    ],
    [
      'a window over 366 days',
      { queries: [{ ...native, params: { ...native.params, firstDate: '2025-01-01' } }], operator: 'AND' },
    ],
    [
      'a negative minBalance',
      { queries: [{ ...native, params: { ...native.params, minBalance: '-1' } }], operator: 'AND' },
    ],
    [
      'a minBalance as a number',
      { queries: [{ ...native, params: { ...native.params, minBalance: 5 } }], operator: 'AND' },
    ],
    [
      'a malformed chain ID',
      { queries: [{ ...native, params: { ...native.params, evmChainId: 'c-chain' } }], operator: 'AND' },
    ],
    [
      'a chain the service does not index',
      { queries: [{ ...native, params: { ...native.params, evmChainId: '1234' } }], operator: 'AND' },
    ],
    [
      'an ERC-20 subquery without its contract',
      {
        queries: [{ ...subqueries.anyUsdc, params: { ...OCTOBER, evmChainId: '43114', minBalance: '1' } }],
        operator: 'AND',
      },
    ],
    [
      'a malformed contract address',
      {
        queries: [{ ...subqueries.anyUsdc, params: { ...subqueries.anyUsdc.params, contractAddress: '0x12' } }],
        operator: 'AND',
      },
    ],
    [
      'a LatestBalance of an unknown token type',
      {
        queries: [{ ...subqueries.latestNative, params: { ...subqueries.latestNative.params, tokenType: 'ERC721' } }],
        operator: 'AND',
      },
    ],
    [
      'an ERC20 LatestBalance without its contract',
      {
        queries: [{ ...subqueries.latestNative, params: { ...subqueries.latestNative.params, tokenType: 'ERC20' } }],
        operator: 'AND',
      },
    ],
    [
      'NFT timestamps that are not integers',
      {
        queries: [
          {
            id: 'n',
            type: 'AnyTimeNftHolders',
            params: { evmChainId: '43114', contractAddress: USDC, startTs: 1.5, endTs: 2 },
          },
        ],
        operator: 'AND',
      },
    ],
    ['an unknown operator', { queries: [native], operator: 'XOR' }],
    ['no operator', { queries: [native] }],
    ['pageSize above 10000', { queries: [native], operator: 'AND', pageSize: 10_001 }],
    ['a forged page token', { queries: [native], operator: 'AND', pageToken: 'abc' }],
  ];
  test.each(bodies)('%s is a 400 with the error body', async (_, body) => {
    const res = await service.request('/v2/lookingGlass/compositeQuery', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), statusCode: 400, error: 'Bad Request' });
  });

  test("a page token of another body's query is a 400", async () => {
    const { body } = await service.request('/v2/lookingGlass/compositeQuery', {
      method: 'POST',
      body: { queries: [subqueries.latestNative], operator: 'AND', pageSize: 2 },
    });
    expect(body.nextPageToken).toBeDefined();
    const res = await service.request('/v2/lookingGlass/compositeQuery', {
      method: 'POST',
      body: { queries: [subqueries.latestNative], operator: 'OR', pageSize: 2, pageToken: body.nextPageToken },
    });
    expect(res.status).toBe(400);
  });

  test('a subquery whose history is over 250,000 balance changes is a 400, not a long scan', async () => {
    const token = '0x70ce0000000000000000000000000000000000ff';
    await db.query(
      `INSERT INTO erc20_balance_change (chain_id, token_address, holder, block_number, block_timestamp, balance)
       SELECT 43114, $1, decode(lpad(to_hex(g), 40, '0'), 'hex'), 1, 1, 1 FROM generate_series(1, 250001) g`,
      [token],
    );
    const res = await service.request('/v2/lookingGlass/compositeQuery', {
      method: 'POST',
      body: {
        queries: [{ ...subqueries.anyUsdc, params: { ...subqueries.anyUsdc.params, contractAddress: token } }],
        operator: 'AND',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 250000 balance changes/);
  }, 120_000);

  test('a LatestBalance of a token with over 250,000 holders at its minimum is a 400; above the minimum it is read', async () => {
    const token = '0x70ce0000000000000000000000000000000000fe';
    // 250,001 holders of 1 unit and 3 of 2 units, as current balances (the history this subquery does not read).
    await db.query(
      `INSERT INTO erc20_balance (chain_id, token_address, holder, block_number, balance)
       SELECT 43114, $1, decode(lpad(to_hex(g), 40, '0'), 'hex'), 1, CASE WHEN g <= 3 THEN 2 ELSE 1 END
       FROM generate_series(1, 250004) g`,
      [token],
    );
    const latest = (minBalance: string) => ({
      queries: [
        { ...subqueries.latestUsdc, params: { ...subqueries.latestUsdc.params, contractAddress: token, minBalance } },
      ],
      operator: 'AND',
    });
    const res = await service.request('/v2/lookingGlass/compositeQuery', { method: 'POST', body: latest('1') });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 250000 holders of its token/);
    const { addresses } = await allPages(latest('2'), 10);
    expect(addresses).toEqual([1, 2, 3].map((g) => `0x${g.toString(16).padStart(40, '0')}`));
  }, 120_000);
});

// 4.19 against a brute-force reading of the balance histories: for thresholds and windows, every
// holder whose balance was above the threshold at some time in the window, in address order, with
// its latest balance in the window, paged.
import type { Database } from '../../../prisma/database';
import { insertRows, writeBlock, type RowOf } from '../../../prisma/write';
import { insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { insertMetricChains } from './fixtures/metricChains';
import { mulberry32 } from '../../support/mulberry32';

let db: Database;
let service: TestService;
const TOKEN = '0x70ce000000000000000000000000000000000001';
const OTHER_TOKEN = '0x70ce000000000000000000000000000000000002';
/** A token with more holders than the default page. */
const WIDE_TOKEN = '0x70ce000000000000000000000000000000000003';
const T0 = 1_770_000_000;
const E18 = 10n ** 18n;

/** Balance histories: 60 holders of TOKEN on 99001, changes in blocks (several in a second), plus noise on another token and chain. */
function histories(): RowOf<'Erc20BalanceChange'>[] {
  const rand = mulberry32(4190);
  const rows: RowOf<'Erc20BalanceChange'>[] = [];
  for (let h = 0; h < 60; h++) {
    const holder = `0x${(h * 7919 + 11).toString(16).padStart(40, '0')}`;
    let block = 1n + BigInt(Math.floor(rand() * 50));
    let ts = T0 + Math.floor(rand() * 5000);
    for (let c = 1 + Math.floor(rand() * 6); c > 0; c--) {
      const balance = (BigInt(Math.floor(rand() * 2000)) * E18) / 100n;
      rows.push({
        chainId: 99001n,
        tokenAddress: TOKEN,
        holder,
        blockNumber: block,
        blockTimestamp: BigInt(ts),
        balance: balance.toString(),
      });
      rows.push({
        chainId: 99001n,
        tokenAddress: OTHER_TOKEN,
        holder,
        blockNumber: block,
        blockTimestamp: BigInt(ts),
        balance: (balance * 100n).toString(),
      });
      rows.push({
        chainId: 99002n,
        tokenAddress: TOKEN,
        holder,
        blockNumber: block,
        blockTimestamp: BigInt(ts),
        balance: (balance * 100n).toString(),
      });
      block += 1n + BigInt(Math.floor(rand() * 30));
      ts += rand() < 0.2 ? 0 : Math.floor(rand() * 4000);
    }
  }
  return rows;
}
const rows = histories();
const wideRows: RowOf<'Erc20BalanceChange'>[] = Array.from({ length: 1100 }, (_, h) => ({
  chainId: 99001n,
  tokenAddress: WIDE_TOKEN,
  holder: `0xee${(h + 1).toString(16).padStart(38, '0')}`,
  blockNumber: 5n,
  blockTimestamp: BigInt(T0),
  balance: '1',
}));

/** The holders as the spec defines them, from the histories alone. */
function bruteForce(
  threshold: bigint,
  start: number,
  end: number,
  token = TOKEN,
): { address: string; sortKey: string; balance: string }[] {
  const byHolder = new Map<string, RowOf<'Erc20BalanceChange'>[]>();
  for (const r of [...rows, ...wideRows].filter((x) => x.chainId === 99001n && x.tokenAddress === token))
    byHolder.set(r.holder, [...(byHolder.get(r.holder) ?? []), r]);
  const out: { address: string; sortKey: string; balance: string }[] = [];
  for (const [holder, changes] of byHolder) {
    changes.sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber));
    const before = changes.filter((c) => Number(c.blockTimestamp) < start).at(-1);
    const inside = changes.filter((c) => Number(c.blockTimestamp) >= start && Number(c.blockTimestamp) <= end);
    const above =
      (before !== undefined && BigInt(before.balance as string) > threshold) ||
      inside.some((c) => BigInt(c.balance as string) > threshold);
    const latest = changes.filter((c) => Number(c.blockTimestamp) <= end).at(-1);
    // sortKey: the block's Unix time, as text (the official AddressDetails types it as a string).
    if (above)
      out.push({ address: holder, sortKey: String(latest!.blockTimestamp), balance: latest!.balance as string });
  }
  return out.sort((a, b) => (a.address < b.address ? -1 : 1));
}

async function allPages(query: string, pageSize: number): Promise<{ address: string; sortKey: string }[]> {
  const out: { address: string; sortKey: string }[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await service.request(
      `/v2/chains/99001/contracts/${TOKEN}/balances?${query}&pageSize=${pageSize}${token ? `&pageToken=${token}` : ''}`,
    );
    expect(status).toBe(200);
    expect(body.addresses.length).toBeLessThanOrEqual(pageSize);
    out.push(...body.addresses);
    token = body.nextPageToken;
  } while (token);
  return out;
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertMetricChains(db);
  await insertRows(db, 'Erc20BalanceChange', [...rows, ...wideRows]);
  service = await startTestService(db);
}, 60_000);
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/chains/{chainId}/contracts/{address}/balances (4.19)', () => {
  const windows: [string, bigint, number, number][] = [
    ['the whole history', 5n * E18, 0, Number.MAX_SAFE_INTEGER],
    ['a window in the middle', 10n * E18, T0 + 4000, T0 + 9000],
    ['a window of one second', 3n * E18, T0 + 6000, T0 + 6000],
    ['a high threshold', 19n * E18, T0 + 2000, T0 + 12_000],
    ['a window before any change', 0n, 0, T0 - 1],
  ];
  it.each(windows)(
    '%s: exactly the holders above the threshold at some time in the window, with their latest balance, in address order',
    async (_, threshold, start, end) => {
      const expected = bruteForce(threshold, start, end);
      const query = `threshold=${threshold}${start > 0 ? `&startTimestamp=${start}` : ''}${end < Number.MAX_SAFE_INTEGER ? `&endTimestamp=${end}` : ''}`;
      expect(await allPages(query, 7)).toEqual(expected.map(({ address, sortKey }) => ({ address, sortKey })));
      expect(await allPages(query, 5000)).toEqual(expected.map(({ address, sortKey }) => ({ address, sortKey })));
      if (windows[0]![1] === threshold) expect(expected.length).toBeGreaterThan(10);
    },
  );

  it('GraphQL also gives the latest balance, exactly', async () => {
    const [start, end] = [T0 + 4000, T0 + 9000];
    const { body } = await service.graphql(
      `{ getAddressesByBalanceOverTime(chainId: "99001", address: "${TOKEN.toUpperCase().replace('0X', '0x')}", threshold: "${10n * E18}", startTimestamp: ${start}, endTimestamp: ${end}, pageSize: 5000) { addresses { address sortKey balance } } }`,
    );
    expect(body.data.getAddressesByBalanceOverTime.addresses).toEqual(bruteForce(10n * E18, start, end));
  });

  it('pageSize defaults to 1000: the first 1000 holders in address order, and a nextPageToken for the rest', async () => {
    const expected = bruteForce(0n, 0, Number.MAX_SAFE_INTEGER, WIDE_TOKEN);
    expect(expected).toHaveLength(1100);
    const { status, body } = await service.request(`/v2/chains/99001/contracts/${WIDE_TOKEN}/balances?threshold=0`);
    expect(status).toBe(200);
    expect(body.addresses).toEqual(expected.slice(0, 1000).map(({ address, sortKey }) => ({ address, sortKey })));
    expect(typeof body.nextPageToken).toBe('string');
    const rest = await service.request(
      `/v2/chains/99001/contracts/${WIDE_TOKEN}/balances?threshold=0&pageToken=${body.nextPageToken}`,
    );
    expect(rest.body).toEqual({
      addresses: expected.slice(1000).map(({ address, sortKey }) => ({ address, sortKey })),
    });
  });

  it('a token without balance history is an empty list', async () => {
    expect(await service.request(`/v2/chains/99001/contracts/0x${'1'.repeat(40)}/balances?threshold=0`)).toEqual({
      status: 200,
      body: { addresses: [] },
    });
  });

  it('an unknown EVM chain is 404 with the error body', async () => {
    expect(await service.request(`/v2/chains/1/contracts/${TOKEN}/balances?threshold=1`)).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'chain 1 is not indexed by this service' },
    });
  });

  it.each([
    [`/v2/chains/99001/contracts/${TOKEN}/balances`, 'threshold'],
    [`/v2/chains/99001/contracts/${TOKEN}/balances?threshold=abc`, 'query parameter threshold must be an amount'],
    [`/v2/chains/99001/contracts/${TOKEN}/balances?threshold=-1`, 'query parameter threshold must be an amount'],
    [
      `/v2/chains/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5/contracts/${TOKEN}/balances?threshold=1`,
      'path parameter chainId must be an EVM chain ID',
    ],
    [`/v2/chains/99001/contracts/0x123/balances?threshold=1`, 'path parameter address must be an EVM address'],
    [`/v2/chains/99001/contracts/${TOKEN}/balances?threshold=1&pageSize=5001`, 'pageSize must be at most 5000'],
    [`/v2/chains/99001/contracts/${TOKEN}/balances?threshold=1&pageSize=0`, 'pageSize must be at least 1'],
    [
      `/v2/chains/99001/contracts/${TOKEN}/balances?threshold=1&startTimestamp=-1`,
      'query parameter startTimestamp must be a Unix time in seconds',
    ],
    [
      `/v2/chains/99001/contracts/${TOKEN}/balances?threshold=1&startTimestamp=10&endTimestamp=5`,
      'startTimestamp must not be after endTimestamp',
    ],
  ])('rejects %s with 400 and the error body', async (path, message) => {
    const { status, body } = await service.request(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
  });

  it('balance changes of blocks written through the write path are answered at once, as the brute force says', async () => {
    const [start, end] = [T0 + 4000, T0 + 40_000];
    const before = bruteForce(10n * E18, start, end);
    // Block 500 at T0 + 30,000: one holder rises above the threshold, one qualifying holder drops to 0 (it
    // still qualifies: it was above earlier in the window), and a new holder appears.
    const riser = rows.find(
      (r) => r.tokenAddress === TOKEN && r.chainId === 99001n && !before.some((b) => b.address === r.holder),
    )!.holder;
    const dropper = before[0]!.address;
    const newcomer = `0x${'5'.repeat(40)}`;
    const changes = [riser, dropper, newcomer].map((holder, i) => ({
      chainId: 99001n,
      tokenAddress: TOKEN,
      holder,
      blockNumber: 500n,
      blockTimestamp: BigInt(T0 + 30_000),
      balance: (i === 1 ? 0n : 50n * E18).toString(),
    }));
    rows.push(...changes);
    await writeBlock(db, {
      cursor: { chainKey: 'evm:99001', height: 500n, blockHash: `0x${'ab'.repeat(32)}` },
      rows: { Erc20BalanceChange: changes },
    });
    const after = bruteForce(10n * E18, start, end);
    expect(after.map((h) => h.address)).toEqual(expect.arrayContaining([riser, dropper, newcomer]));
    expect(after.find((h) => h.address === dropper)).toMatchObject({ sortKey: String(T0 + 30_000), balance: '0' });
    expect(after.length).toBe(before.length + 2);
    const { body } = await service.graphql(
      `{ getAddressesByBalanceOverTime(chainId: "99001", address: "${TOKEN}", threshold: "${10n * E18}", startTimestamp: ${start}, endTimestamp: ${end}, pageSize: 5000) { addresses { address sortKey balance } } }`,
    );
    expect(body.data.getAddressesByBalanceOverTime.addresses).toEqual(after);
  });

  it('a page token is bound to the threshold and window', async () => {
    const first = await service.request(`/v2/chains/99001/contracts/${TOKEN}/balances?threshold=0&pageSize=1`);
    expect(
      (
        await service.request(
          `/v2/chains/99001/contracts/${TOKEN}/balances?threshold=1&pageSize=1&pageToken=${first.body.nextPageToken}`,
        )
      ).status,
    ).toBe(400);
  });
});

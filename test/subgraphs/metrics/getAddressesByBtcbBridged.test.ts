// getAddressesByBtcbBridged on the demo data against a recount from the C-Chain's BTC.b transfers:
// an address's net bridged amount is what was minted to it less what it burnt; the addresses above
// the threshold, largest first (ties by address, descending), paged.
import { BTCB_ADDRESS } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';

const ZERO = '0x0000000000000000000000000000000000000000';
const PATH = '/v2/chains/43114/btcb/bridged:getAddresses';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db);
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** Net BTC.b per address from the transfers alone, above the threshold, in the answer's order. */
async function recount(threshold: bigint): Promise<{ address: string; sortKey: string }[]> {
  const transfers = await db.query<{ from_address: string; to_address: string; value: string }>(
    'SELECT from_address, to_address, value::text AS value FROM evm_token_transfer WHERE chain_id = 43114 AND token_address = $1',
    [BTCB_ADDRESS],
  );
  const net = new Map<string, bigint>();
  for (const t of transfers) {
    if (t.from_address === ZERO && t.to_address !== ZERO)
      net.set(t.to_address, (net.get(t.to_address) ?? 0n) + BigInt(t.value));
    if (t.to_address === ZERO && t.from_address !== ZERO)
      net.set(t.from_address, (net.get(t.from_address) ?? 0n) - BigInt(t.value));
  }
  return [...net]
    .filter(([, v]) => v > threshold)
    .sort(([a, x], [b, y]) => (x !== y ? (x > y ? -1 : 1) : a > b ? -1 : 1))
    .map(([address, v]) => ({ address, sortKey: v.toString() }));
}

async function allPages(query: string, pageSize: number) {
  const out: { address: string; sortKey: string }[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await service.request(
      `${PATH}?${query}&pageSize=${pageSize}${token ? `&pageToken=${token}` : ''}`,
    );
    expect(status).toBe(200);
    expect(body.addresses.length).toBeLessThanOrEqual(pageSize);
    out.push(...body.addresses);
    token = body.nextPageToken;
  } while (token);
  return out;
}

describe('GET /v2/chains/43114/btcb/bridged:getAddresses (getAddressesByBtcbBridged)', () => {
  test('the demo C-Chain has BTC.b mints, unwraps and transfers between users', async () => {
    const [kinds] = await db.query<{ mints: number; burns: number; moves: number }>(
      `SELECT count(*) FILTER (WHERE from_address = $2)::int AS mints, count(*) FILTER (WHERE to_address = $2)::int AS burns,
         count(*) FILTER (WHERE from_address <> $2 AND to_address <> $2)::int AS moves
       FROM evm_token_transfer WHERE chain_id = 43114 AND token_address = $1`,
      [BTCB_ADDRESS, ZERO],
    );
    expect(kinds!.mints).toBeGreaterThan(10);
    expect(kinds!.burns).toBeGreaterThan(5);
    expect(kinds!.moves).toBeGreaterThan(2);
  });

  test.each([0n, 10_000_000n, 100_000_000n])(
    'threshold %p satoshis: exactly the addresses whose net bridged amount is above it, largest first',
    async (threshold) => {
      const expected = await recount(threshold);
      if (threshold === 0n) expect(expected.length).toBeGreaterThan(8);
      expect(await allPages(`threshold=${threshold}`, 5000)).toEqual(expected);
      expect(await allPages(`threshold=${threshold}`, 3)).toEqual(expected);
    },
  );

  test('a threshold above every amount: an empty list without a page token', async () => {
    const { status, body } = await service.request(`${PATH}?threshold=${10n ** 30n}`);
    expect(status).toBe(200);
    expect(body).toEqual({ addresses: [] });
  });

  test.each([
    ['no threshold', PATH],
    ['a negative threshold', `${PATH}?threshold=-1`],
    ['a fractional threshold', `${PATH}?threshold=1.5`],
    ['pageSize above 5000', `${PATH}?threshold=0&pageSize=5001`],
    ['a forged page token', `${PATH}?threshold=0&pageToken=xyz`],
  ])('%s is a 400 with the error body', async (_, path) => {
    const res = await service.request(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), statusCode: 400, error: 'Bad Request' });
  });

  test("a page token of another threshold's list is a 400", async () => {
    const { body } = await service.request(`${PATH}?threshold=0&pageSize=2`);
    expect(body.nextPageToken).toBeDefined();
    const res = await service.request(`${PATH}?threshold=1&pageToken=${body.nextPageToken}`);
    expect(res.status).toBe(400);
  });
});

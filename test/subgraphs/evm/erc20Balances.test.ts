// 4.12 list ERC-20 balances on the demo data set. Expected balances are sums of the raw transfers
// (ERC-20) and of values, fees and internal values (native), never the balance-change rows the
// endpoint reads; prices and values come from asset_price with plain SQL.
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { allPages, money, priceAt, SHOWCASE, trimDecimal } from './evmTestSupport';

let db: Database;
let service: TestService;
const KESTREL = 737373;
const path = (chainId: number | string, query = '') =>
  `/v1/chains/${chainId}/addresses/${SHOWCASE}/balances:listErc20${query}`;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

type Expected = {
  address: string;
  balance: string;
  reputation: string | null;
  price_key: string | null;
  decimals: number;
};

/** ERC-20 balances after block `n`: received minus sent, positive only, in address order. */
async function expectedBalances(chainId: number, n: bigint, withSpam: boolean): Promise<Expected[]> {
  return db.query<Expected>(
    `SELECT t.token_address AS address, sum(CASE WHEN t.to_address = $2 THEN t.value ELSE 0 END - CASE WHEN t.from_address = $2 THEN t.value ELSE 0 END)::text AS balance,
       c.token_reputation::text AS reputation, c.price_key, coalesce(c.decimals, 18) AS decimals
     FROM evm_token_transfer t LEFT JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.token_address
     WHERE t.chain_id = $1 AND t.erc_type = 'ERC-20' AND (t.from_address = $2 OR t.to_address = $2) AND t.block_number <= $3
       ${withSpam ? '' : `AND c.token_reputation IS DISTINCT FROM 'Malicious'`}
     GROUP BY t.token_address, c.token_reputation, c.price_key, c.decimals
     HAVING sum(CASE WHEN t.to_address = $2 THEN t.value ELSE 0 END - CASE WHEN t.from_address = $2 THEN t.value ELSE 0 END) > 0
     ORDER BY t.token_address`,
    [chainId, SHOWCASE, String(n)],
  );
}

/** Native balance after block `n`: the opening balance plus every value, fee and internal value up to n. */
async function expectedNative(chainId: number, n: bigint): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    `WITH moves AS (
       SELECT balance AS v FROM native_balance_change WHERE chain_id = $1 AND address = $2
         AND block_number = (SELECT min(number) - 1 FROM evm_block WHERE chain_id = $1)
       UNION ALL SELECT -(gas_used * gas_price) - CASE WHEN status = 1 THEN value ELSE 0 END FROM evm_transaction WHERE chain_id = $1 AND from_address = $2 AND block_number <= $3
       UNION ALL SELECT value FROM evm_transaction WHERE chain_id = $1 AND status = 1 AND coalesce(to_address, contract_address) = $2 AND block_number <= $3
       UNION ALL SELECT -value FROM evm_internal_transaction WHERE chain_id = $1 AND NOT is_reverted AND from_address = $2 AND block_number <= $3
       UNION ALL SELECT value FROM evm_internal_transaction WHERE chain_id = $1 AND NOT is_reverted AND to_address = $2 AND block_number <= $3)
     SELECT coalesce(sum(v), 0)::text AS balance FROM moves`,
    [chainId, SHOWCASE, String(n)],
  );
  return row!.balance;
}

/** balance / 10^decimals × price, rounded to 18 digits, as decimal text. */
async function fiatValueOf(balance: string, decimals: number, price: string | undefined): Promise<string | undefined> {
  if (price === undefined) return undefined;
  const [row] = await db.query<{ v: string }>(
    `SELECT round(($1::numeric * $2::numeric(38,18)) / (10::numeric ^ $3), 18)::text AS v`,
    [balance, price, decimals],
  );
  return trimDecimal(row!.v);
}

const latestOf = async (chainId: number) =>
  (
    await db.query<{ n: bigint; t: bigint }>('SELECT max(number) AS n FROM evm_block WHERE chain_id = $1', [chainId])
  )[0]!.n;

describe('GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20 (4.12)', () => {
  it('serves the balances after the latest block by default, spam tokens filtered, zero balances left out, in address order', async () => {
    const items = await allPages(service, path(43114, '?pageSize=3'), 'erc20TokenBalances');
    const expected = await expectedBalances(43114, await latestOf(43114), false);
    expect(items.map((b) => [b.address, b.balance])).toEqual(expected.map((e) => [e.address, e.balance]));
    expect(items.every((b) => b.tokenReputation !== 'Malicious')).toBe(true);
    expect(expected.length).toBeGreaterThan(3);
  });

  it('includes tokens of Malicious reputation with filterSpamTokens=false', async () => {
    const { body } = await service.request(path(43114, '?pageSize=500&filterSpamTokens=false'));
    const expected = await expectedBalances(43114, await latestOf(43114), true);
    expect(body.erc20TokenBalances.map((b: any) => [b.address, b.balance, b.tokenReputation])).toEqual(
      expected.map((e) => [e.address, e.balance, e.reputation]),
    );
    expect(body.erc20TokenBalances.some((b: any) => b.tokenReputation === 'Malicious')).toBe(true);
    // tokenReputation is a nullable field of the spec: kept as null.
    expect(body.erc20TokenBalances.some((b: any) => b.tokenReputation === null)).toBe(true);
  });

  it.each([
    [43114, 0.25],
    [43114, 0.7],
    [KESTREL, 0.5],
    [202611, 0.1],
  ])('gives historical balances at blockNumber (chain %i, %f of the range)', async (chainId, share) => {
    const [range] = await db.query<{ lo: bigint; hi: bigint }>(
      'SELECT min(number) AS lo, max(number) AS hi FROM evm_block WHERE chain_id = $1',
      [chainId],
    );
    const n = range!.lo + BigInt(Math.floor(Number(range!.hi - range!.lo) * share));
    const { status, body } = await service.request(
      path(chainId, `?blockNumber=${n}&pageSize=500&filterSpamTokens=false`),
    );
    expect(status).toBe(200);
    const expected = await expectedBalances(chainId, n, true);
    expect(body.erc20TokenBalances.map((b: any) => [b.address, b.balance])).toEqual(
      expected.map((e) => [e.address, e.balance]),
    );
    expect(body.nativeTokenBalance.balance).toBe(await expectedNative(chainId, n));
  });

  it('gives the native balance of an account before its first transaction: the opening (genesis) balance', async () => {
    const [quiet] = await db.query<{ address: string; first: bigint; balance: string }>(
      `SELECT n.address, min(n.block_number) FILTER (WHERE n.block_number > 0) AS first, min(n.balance::text) FILTER (WHERE n.block_number = 0) AS balance
       FROM native_balance_change n WHERE n.chain_id = $1 GROUP BY n.address HAVING count(*) > 1 AND min(n.block_number) = 0 ORDER BY 2 DESC LIMIT 1`,
      [KESTREL],
    );
    const { body } = await service.request(
      `/v1/chains/${KESTREL}/addresses/${quiet!.address}/balances:listErc20?blockNumber=${quiet!.first - 1n}`,
    );
    expect(body.nativeTokenBalance.balance).toBe(quiet!.balance);
  });

  it('filters by contractAddresses (any case)', async () => {
    const expected = await expectedBalances(43114, await latestOf(43114), false);
    const chosen = [expected[0]!.address, expected[2]!.address];
    const { body } = await service.request(
      path(
        43114,
        `?contractAddresses=${chosen[1]!.toUpperCase().replace('0X', '0x')},${chosen[0]},0x000000000000000000000000000000000000dead`,
      ),
    );
    expect(body.erc20TokenBalances.map((b: any) => b.address)).toEqual(chosen);
  });

  it('lists a contract named twice in contractAddresses once', async () => {
    const [first] = await expectedBalances(43114, await latestOf(43114), false);
    const { body } = await service.request(
      path(43114, `?contractAddresses=${first!.address},${first!.address.toUpperCase().replace('0X', '0x')}`),
    );
    expect(body.erc20TokenBalances.map((b: any) => b.address)).toEqual([first!.address]);
  });

  it.each(['usd', 'eur', 'jpy', 'clp'])(
    'prices tokens and the native token in %s from stored prices, with balanceValue',
    async (currency) => {
      const { body } = await service.request(path(43114, `?pageSize=500&currency=${currency}`));
      const [chain] = await db.query<{
        native_price_key: string;
        native_token_name: string;
        native_token_symbol: string;
        native_token_decimals: number;
        native_token_logo_uri: string;
      }>('SELECT * FROM evm_chain WHERE chain_id = 43114');
      const nativeBalance = await expectedNative(43114, await latestOf(43114));
      const nativePrice = await priceAt(db, chain!.native_price_key, currency, DEMO_NOW);
      expect(body.nativeTokenBalance).toEqual({
        name: chain!.native_token_name,
        symbol: chain!.native_token_symbol,
        decimals: chain!.native_token_decimals,
        logoUri: chain!.native_token_logo_uri,
        chainId: '43114',
        price: { currencyCode: currency, value: money(nativePrice) },
        balance: nativeBalance,
        balanceValue: { currencyCode: currency, value: money(await fiatValueOf(nativeBalance, 18, nativePrice)) },
      });
      let priced = 0;
      for (const e of await expectedBalances(43114, await latestOf(43114), false)) {
        const item = body.erc20TokenBalances.find((b: any) => b.address === e.address);
        const price = await priceAt(db, e.price_key, currency, DEMO_NOW);
        if (price) priced++;
        expect({ price: item.price, balanceValue: item.balanceValue }).toEqual({
          price: price && { currencyCode: currency, value: money(price) },
          balanceValue: price && {
            currencyCode: currency,
            value: money(await fiatValueOf(e.balance, e.decimals, price)),
          },
        });
      }
      expect(priced).toBeGreaterThan(0);
    },
  );

  it("prices a historical balance at its block's time", async () => {
    const [block] = await db.query<{ number: bigint; timestamp: bigint }>(
      'SELECT number, timestamp FROM evm_block WHERE chain_id = 43114 ORDER BY number LIMIT 1 OFFSET 4000',
    );
    const { body } = await service.request(path(43114, `?blockNumber=${block!.number}`));
    expect(body.nativeTokenBalance.price).toEqual({
      currencyCode: 'usd',
      value: money(await priceAt(db, 'avalanche-2', 'usd', block!.timestamp)),
    });
    expect(body.nativeTokenBalance.price.value).not.toBe(money(await priceAt(db, 'avalanche-2', 'usd', DEMO_NOW)));
  });

  it('has no price on a chain whose native token has none', async () => {
    const { body } = await service.request(path(202611));
    expect(body.nativeTokenBalance).toMatchObject({ symbol: 'NIM', chainId: '202611' });
    expect(body.nativeTokenBalance).not.toHaveProperty('price');
    expect(body.nativeTokenBalance).not.toHaveProperty('balanceValue');
  });

  it('binds page tokens to blockNumber, currency and filters', async () => {
    const { body } = await service.request(path(43114, '?pageSize=1'));
    for (const other of [
      '?pageSize=1&currency=eur',
      '?pageSize=1&filterSpamTokens=false',
      `?pageSize=1&blockNumber=${await latestOf(43114)}`,
    ]) {
      expect((await service.request(path(43114, `${other}&pageToken=${body.nextPageToken}`))).status).toBe(400);
    }
  });

  it.each([
    [
      path(43114, '?blockNumber=999999999999'),
      400,
      'query parameter blockNumber must be at most the latest indexed block of chain 43114, 71009999',
    ],
    [
      path(43114, '?blockNumber=-5'),
      400,
      'query parameter blockNumber must be a block number (an integer of at least 0)',
    ],
    [
      path(43114, '?currency=btc'),
      400,
      'query parameter currency must be one of usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd',
    ],
    [
      path(43114, '?currency=USD'),
      400,
      'query parameter currency must be one of usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd',
    ],
    [path(43114, '?filterSpamTokens=yes'), 400, 'query parameter filterSpamTokens must be true or false'],
    [
      path(43114, '?contractAddresses=0x12'),
      400,
      'query parameter contractAddresses must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      path(43114, '?contractAddresses=,'),
      400,
      'query parameter contractAddresses must be a comma-separated list without empty items',
    ],
    [path(43114, '?pageSize=501'), 400, 'query parameter pageSize must be at most 500'],
    [path(43114, '?pageSize=0'), 400, 'query parameter pageSize must be at least 1'],
    [path(5), 404, 'path parameter chainId 5 is not a chain this service indexes'],
    [
      '/v1/chains/43114/addresses/not-an-address/balances:listErc20',
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
  ])('%s is a %i', async (request, status, message) => {
    expect(await service.request(request)).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });
});

// The EVM balance operations beside ERC-20 on the demo data set: getNativeBalance,
// listErc721Balances, listErc1155Balances and listCollectibleBalances. Expected holdings are
// computed from the raw transfers with plain SQL (the last ERC-721 transfer of each token, the sum
// of each ERC-1155 token's transfers), never from the owner column or the balance tables the
// endpoints read; native balances from values, fees and internal values; prices from asset_price.
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { allPages, money, priceAt, SHOWCASE, trimDecimal } from './evmTestSupport';

let db: Database;
let service: TestService;
const KESTREL = 737373;
/** The account holding the most ERC-721 tokens, and the one holding the most ERC-1155 token IDs, on the C-Chain (from the transfers). */
let owner721: string;
let holder1155: string;

const balancesPath = (kind: string, address: string, query = '', chainId: number | string = 43114) =>
  `/v1/chains/${chainId}/addresses/${address}/balances:${kind}${query}`;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
  [{ owner: owner721 }] = await db.query<{ owner: string }>(
    `SELECT to_address AS owner FROM (${ownersSql}) o WHERE to_address <> '\\x0000000000000000000000000000000000000000'
     GROUP BY to_address ORDER BY count(*) DESC, to_address LIMIT 1`,
    [43114],
  );
  [{ holder: holder1155 }] = await db.query<{ holder: string }>(
    `SELECT holder FROM (${holdings1155Sql}) h GROUP BY holder ORDER BY count(*) DESC, holder LIMIT 1`,
    [43114, '9223372036854775807'],
  );
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** Each ERC-721 token's last transfer on chain $1: its owner is the transfer's recipient. */
const ownersSql = `SELECT DISTINCT ON (token_address, token_id) token_address, token_id, to_address FROM evm_token_transfer
  WHERE chain_id = $1 AND erc_type = 'ERC-721' ORDER BY token_address, token_id, block_number DESC, log_index DESC`;

/** Every (holder, token, token ID) with a positive ERC-1155 balance on chain $1 after block $2: received minus sent. */
const holdings1155Sql = `SELECT holder, token_address, token_id, sum(delta) AS balance FROM (
    SELECT to_address AS holder, token_address, token_id, value AS delta FROM evm_token_transfer WHERE chain_id = $1 AND erc_type = 'ERC-1155' AND block_number <= $2
    UNION ALL SELECT from_address, token_address, token_id, -value FROM evm_token_transfer WHERE chain_id = $1 AND erc_type = 'ERC-1155' AND block_number <= $2) m
  WHERE holder <> '\\x0000000000000000000000000000000000000000'
  GROUP BY holder, token_address, token_id HAVING sum(delta) > 0`;

type Held = {
  address: string;
  token_id: string;
  balance: string;
  name: string | null;
  symbol: string | null;
  token_uri: string | null;
  index_status: string | null;
  metadata_name: string | null;
};

/** The ERC-721 tokens `owner` owns on a chain, in (collection, token ID) order, with their stored metadata. */
async function expected721(owner: string, chainId = 43114): Promise<Held[]> {
  return db.query<Held>(
    `SELECT o.token_address AS address, o.token_id::text AS token_id, '1' AS balance, c.name, c.symbol, n.token_uri, n.index_status, n.metadata_name
     FROM (${ownersSql}) o
     LEFT JOIN evm_contract c ON c.chain_id = $1 AND c.address = o.token_address
     LEFT JOIN evm_nft_token n ON n.chain_id = $1 AND n.address = o.token_address AND n.token_id = o.token_id
     WHERE o.to_address = $2 ORDER BY o.token_address, o.token_id`,
    [chainId, owner],
  );
}

/** The ERC-1155 token IDs `holder` holds after block `n`, in (collection, token ID) order. */
async function expected1155(holder: string, n: bigint | string = '9223372036854775807', chainId = 43114) {
  return db.query<Held>(
    `SELECT h.token_address AS address, h.token_id::text AS token_id, h.balance::text AS balance, NULL AS name, NULL AS symbol,
       n.token_uri, n.index_status, n.metadata_name
     FROM (${holdings1155Sql}) h
     LEFT JOIN evm_nft_token n ON n.chain_id = $1 AND n.address = h.token_address AND n.token_id = h.token_id
     WHERE h.holder = $3 ORDER BY h.token_address, h.token_id`,
    [chainId, String(n), holder],
  );
}

/** What a REST item says of a holding, against the expected row. */
const shapeOf = (item: any) => [
  item.address,
  item.tokenId,
  item.balance ?? '1',
  item.tokenUri,
  item.metadata.indexStatus,
];
const expectedShape = (e: Held) => [e.address, e.token_id, e.balance, e.token_uri ?? '', e.index_status ?? 'UNINDEXED'];

/** Native balance after block `n`: the opening balance plus every value, fee and internal value up to n. */
async function expectedNative(chainId: number, address: string, n: bigint): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    `WITH moves AS (
       SELECT balance AS v FROM native_balance_change WHERE chain_id = $1 AND address = $2
         AND block_number = (SELECT min(number) - 1 FROM evm_block WHERE chain_id = $1)
       UNION ALL SELECT -(gas_used * gas_price) - CASE WHEN status = 1 THEN value ELSE 0 END FROM evm_transaction WHERE chain_id = $1 AND from_address = $2 AND block_number <= $3
       UNION ALL SELECT value FROM evm_transaction WHERE chain_id = $1 AND status = 1 AND coalesce(to_address, contract_address) = $2 AND block_number <= $3
       UNION ALL SELECT -value FROM evm_internal_transaction WHERE chain_id = $1 AND NOT is_reverted AND from_address = $2 AND block_number <= $3
       UNION ALL SELECT value FROM evm_internal_transaction WHERE chain_id = $1 AND NOT is_reverted AND to_address = $2 AND block_number <= $3)
     SELECT coalesce(sum(v), 0)::text AS balance FROM moves`,
    [chainId, address, String(n)],
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
  (await db.query<{ n: bigint }>('SELECT max(number) AS n FROM evm_block WHERE chain_id = $1', [chainId]))[0]!.n;

/** A block at a share of a chain's range. */
async function blockAt(chainId: number, share: number): Promise<{ number: bigint; timestamp: bigint }> {
  const [range] = await db.query<{ lo: bigint; hi: bigint }>(
    'SELECT min(number) AS lo, max(number) AS hi FROM evm_block WHERE chain_id = $1',
    [chainId],
  );
  const n = range!.lo + BigInt(Math.floor(Number(range!.hi - range!.lo) * share));
  const [block] = await db.query<{ number: bigint; timestamp: bigint }>(
    'SELECT number, timestamp FROM evm_block WHERE chain_id = $1 AND number = $2',
    [chainId, String(n)],
  );
  return block!;
}

/** The chain's native token as evm_chain stores it. */
async function nativeTokenOf(chainId: number) {
  const [chain] = await db.query<{
    native_price_key: string | null;
    native_token_name: string;
    native_token_symbol: string;
    native_token_decimals: number;
    native_token_logo_uri: string;
  }>('SELECT * FROM evm_chain WHERE chain_id = $1', [chainId]);
  return chain!;
}

/** The nativeTokenBalance member expected for `address` after block `n`, priced at time `at`. */
async function expectedNativeTokenBalance(
  chainId: number,
  address: string,
  n: bigint,
  at: number | bigint,
  currency: string,
) {
  const chain = await nativeTokenOf(chainId);
  const balance = await expectedNative(chainId, address, n);
  const price = await priceAt(db, chain.native_price_key, currency, at);
  return {
    name: chain.native_token_name,
    symbol: chain.native_token_symbol,
    decimals: chain.native_token_decimals,
    ...(chain.native_token_logo_uri ? { logoUri: chain.native_token_logo_uri } : {}),
    chainId: String(chainId),
    ...(price ? { price: { currencyCode: currency, value: money(price) } } : {}),
    balance,
    ...(price
      ? {
          balanceValue: {
            currencyCode: currency,
            value: money(await fiatValueOf(balance, chain.native_token_decimals, price)),
          },
        }
      : {}),
  };
}

/** The error body of a refused request. */
const refused = (status: number, message: string) => ({
  status,
  body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
});

describe('GET /v1/chains/{chainId}/addresses/{address}/balances:getNative', () => {
  it.each(['usd', 'eur', 'jpy'])(
    'gives the balance after the latest block by default, priced now in %s',
    async (currency) => {
      const { status, body } = await service.request(balancesPath('getNative', SHOWCASE, `?currency=${currency}`));
      expect(status).toBe(200);
      expect(body).toEqual({
        nativeTokenBalance: await expectedNativeTokenBalance(
          43114,
          SHOWCASE,
          await latestOf(43114),
          DEMO_NOW,
          currency,
        ),
      });
      expect(body.nativeTokenBalance.price).toBeDefined();
    },
  );

  it('defaults currency to usd', async () => {
    const { body } = await service.request(balancesPath('getNative', SHOWCASE));
    expect(body.nativeTokenBalance.price.currencyCode).toBe('usd');
  });

  it.each([
    [43114, 0.3],
    [KESTREL, 0.6],
    [202611, 0.1],
  ])(
    "gives the balance at blockNumber, priced at that block's time (chain %i, %f of the range)",
    async (chainId, share) => {
      const block = await blockAt(chainId, share);
      const { body } = await service.request(
        balancesPath('getNative', SHOWCASE, `?blockNumber=${block.number}`, chainId),
      );
      expect(body).toEqual({
        nativeTokenBalance: await expectedNativeTokenBalance(chainId, SHOWCASE, block.number, block.timestamp, 'usd'),
      });
    },
  );

  it('gives 0 for an address the chain never saw, and the opening balance before an account first moves', async () => {
    const { body } = await service.request(balancesPath('getNative', '0x00000000000000000000000000000000000fee01'));
    expect(body.nativeTokenBalance.balance).toBe('0');
    expect(body.nativeTokenBalance.balanceValue).toEqual({ currencyCode: 'usd', value: 0 });
    const [quiet] = await db.query<{ address: string; first: bigint; balance: string }>(
      `SELECT n.address, min(n.block_number) FILTER (WHERE n.block_number > 0) AS first, min(n.balance::text) FILTER (WHERE n.block_number = 0) AS balance
       FROM native_balance_change n WHERE n.chain_id = $1 GROUP BY n.address HAVING count(*) > 1 AND min(n.block_number) = 0 ORDER BY 2 DESC LIMIT 1`,
      [KESTREL],
    );
    const at = await service.request(
      balancesPath('getNative', quiet!.address, `?blockNumber=${quiet!.first - 1n}`, KESTREL),
    );
    expect(at.body.nativeTokenBalance.balance).toBe(quiet!.balance);
  });

  it('takes the chain by blockchain ID and the address in any case', async () => {
    const [chain] = await db.query<{ blockchain_id: string }>(
      'SELECT blockchain_id FROM evm_chain WHERE chain_id = 43114',
    );
    const { body } = await service.request(
      balancesPath('getNative', SHOWCASE.toUpperCase().replace('0X', '0x'), '', chain!.blockchain_id),
    );
    expect(body.nativeTokenBalance.balance).toBe(await expectedNative(43114, SHOWCASE, await latestOf(43114)));
    expect(body.nativeTokenBalance.chainId).toBe('43114');
  });

  it('has no price on a chain whose native token has none', async () => {
    const { body } = await service.request(balancesPath('getNative', SHOWCASE, '', 202611));
    expect(body.nativeTokenBalance).toMatchObject({ symbol: 'NIM', chainId: '202611' });
    expect(body.nativeTokenBalance).not.toHaveProperty('price');
    expect(body.nativeTokenBalance).not.toHaveProperty('balanceValue');
  });

  it('is the same in GraphQL, as the root field and as EvmAccountOnChain.nativeTokenBalance (nativeBalance agrees)', async () => {
    const block = await blockAt(43114, 0.5);
    const rest = await service.request(
      balancesPath('getNative', SHOWCASE, `?blockNumber=${block.number}&currency=eur`),
    );
    const { body } = await service.graphql(
      `query($a: EvmAddress!, $b: BlockNumber!) {
        getNativeBalance(chainId: "43114", address: $a, blockNumber: $b, currency: eur) { nativeTokenBalance { name symbol decimals logoUri chainId balance price { currencyCode value } balanceValue { currencyCode value } } }
        evmAccount(address: $a) { onChain(chainId: "43114") { nativeBalance(blockNumber: $b) nativeTokenBalance(blockNumber: $b, currency: eur) { balance price { value } } } } }`,
      { a: SHOWCASE, b: String(block.number) },
    );
    expect(body.errors).toBeUndefined();
    const graphql = body.data.getNativeBalance.nativeTokenBalance;
    expect({
      ...graphql,
      price: { ...graphql.price, value: money(graphql.price.value) },
      balanceValue: { ...graphql.balanceValue, value: money(graphql.balanceValue.value) },
    }).toEqual(rest.body.nativeTokenBalance);
    expect(body.data.evmAccount.onChain.nativeBalance).toBe(rest.body.nativeTokenBalance.balance);
    expect(body.data.evmAccount.onChain.nativeTokenBalance.balance).toBe(rest.body.nativeTokenBalance.balance);
  });

  it.each([
    [
      balancesPath('getNative', SHOWCASE, '?blockNumber=999999999999'),
      400,
      'query parameter blockNumber must be at most the latest indexed block of chain 43114, 71009999',
    ],
    [
      balancesPath('getNative', SHOWCASE, '?blockNumber=x'),
      400,
      'query parameter blockNumber must be a block number (an integer of at least 0)',
    ],
    [
      balancesPath('getNative', SHOWCASE, '?currency=btc'),
      400,
      'query parameter currency must be one of usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd',
    ],
    [balancesPath('getNative', SHOWCASE, '', 5), 404, 'path parameter chainId 5 is not a chain this service indexes'],
    [
      balancesPath('getNative', '0x12'),
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
  ])('%s is a %i', async (request, status, message) => {
    expect(await service.request(request)).toEqual(refused(status, message));
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721', () => {
  it('lists every token the address owns, in (collection, token ID) order, across pages', async () => {
    const expected = await expected721(owner721);
    expect(expected.length).toBeGreaterThan(4);
    const items = await allPages(service, balancesPath('listErc721', owner721, '?pageSize=3'), 'erc721TokenBalances');
    expect(items.map(shapeOf)).toEqual(expected.map(expectedShape));
    expect(items.map((i) => [i.name, i.symbol])).toEqual(expected.map((e) => [e.name ?? '', e.symbol ?? '']));
    expect(items.every((i) => i.ercType === 'ERC-721' && i.ownerAddress === owner721 && i.chainId === '43114')).toBe(
      true,
    );
    const indexed = items.find((i) => i.metadata.indexStatus === 'INDEXED');
    expect(indexed.metadata.name).toBe(expected.find((e) => e.token_id === indexed.tokenId)!.metadata_name);
  });

  it('answers with the native balance at the latest block, priced in usd', async () => {
    const { body } = await service.request(balancesPath('listErc721', owner721, '?pageSize=1'));
    expect(body.nativeTokenBalance).toEqual(
      await expectedNativeTokenBalance(43114, owner721, await latestOf(43114), DEMO_NOW, 'usd'),
    );
    expect(body.erc721TokenBalances).toHaveLength(1);
    expect(body.nextPageToken).toBeDefined();
  });

  it('lists 10 by default, and no token for an address that owns none (the zero address holds no burnt token)', async () => {
    const expected = await expected721(owner721);
    const { body } = await service.request(balancesPath('listErc721', owner721));
    expect(body.erc721TokenBalances).toHaveLength(Math.min(10, expected.length));
    for (const nobody of ['0x00000000000000000000000000000000000fee01', '0x0000000000000000000000000000000000000000']) {
      const empty = await service.request(balancesPath('listErc721', nobody));
      expect(empty.body).toMatchObject({ erc721TokenBalances: [], nativeTokenBalance: { balance: '0' } });
      expect(empty.body).not.toHaveProperty('nextPageToken');
    }
  });

  it('filters by contractAddress (any case)', async () => {
    const expected = await expected721(owner721);
    const collection = expected[expected.length - 1]!.address;
    const items = await allPages(
      service,
      balancesPath(
        'listErc721',
        owner721,
        `?pageSize=2&contractAddress=${collection.toUpperCase().replace('0X', '0x')}`,
      ),
      'erc721TokenBalances',
    );
    expect(items.map(shapeOf)).toEqual(expected.filter((e) => e.address === collection).map(expectedShape));
  });

  it('binds page tokens to the address and the filter', async () => {
    const { body } = await service.request(balancesPath('listErc721', owner721, '?pageSize=1'));
    const collection = (await expected721(owner721))[0]!.address;
    for (const other of [
      balancesPath('listErc721', owner721, `?pageSize=1&contractAddress=${collection}`),
      balancesPath('listErc721', '0x00000000000000000000000000000000000fee01', '?pageSize=1'),
      balancesPath('listCollectibles', owner721, '?pageSize=1'),
    ]) {
      const answer = await service.request(`${other}&pageToken=${encodeURIComponent(body.nextPageToken)}`);
      expect([other, answer.status]).toEqual([other, 400]);
    }
  });

  it.each([
    [balancesPath('listErc721', SHOWCASE, '?pageSize=501'), 400, 'query parameter pageSize must be at most 500'],
    [balancesPath('listErc721', SHOWCASE, '?pageSize=0'), 400, 'query parameter pageSize must be at least 1'],
    [
      balancesPath('listErc721', SHOWCASE, '?contractAddress=0x12'),
      400,
      'query parameter contractAddress must be an EVM address: 0x followed by 40 hex digits',
    ],
    [balancesPath('listErc721', SHOWCASE, '', 5), 404, 'path parameter chainId 5 is not a chain this service indexes'],
  ])('%s is a %i', async (request, status, message) => {
    expect(await service.request(request)).toEqual(refused(status, message));
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155', () => {
  it('lists every token ID the address holds now, in (collection, token ID) order, across pages', async () => {
    const expected = await expected1155(holder1155);
    expect(expected.length).toBeGreaterThan(4);
    const items = await allPages(
      service,
      balancesPath('listErc1155', holder1155, '?pageSize=3'),
      'erc1155TokenBalances',
    );
    expect(items.map(shapeOf)).toEqual(expected.map(expectedShape));
    expect(items.every((i) => i.ercType === 'ERC-1155' && i.chainId === '43114' && !('name' in i))).toBe(true);
  });

  it.each([
    [43114, 0.2],
    [43114, 0.65],
    [KESTREL, 0.5],
  ])('lists the balances after blockNumber (chain %i, %f of the range)', async (chainId, share) => {
    const block = await blockAt(chainId, share);
    const [busiest] = await db.query<{ holder: string }>(
      `SELECT holder FROM (${holdings1155Sql}) h GROUP BY holder ORDER BY count(*) DESC, holder LIMIT 1`,
      [chainId, String(block.number)],
    );
    const holder = busiest!.holder;
    const expected = await expected1155(holder, block.number, chainId);
    const items = await allPages(
      service,
      balancesPath('listErc1155', holder, `?pageSize=2&blockNumber=${block.number}`, chainId),
      'erc1155TokenBalances',
    );
    expect(items.map(shapeOf)).toEqual(expected.map(expectedShape));
    // Held then, and not (or not as much) at the head: the list is of that block, not of now.
    expect(JSON.stringify(expected)).not.toBe(
      JSON.stringify(await expected1155(holder, '9223372036854775807', chainId)),
    );
    const { body } = await service.request(
      balancesPath('listErc1155', holder, `?pageSize=1&blockNumber=${block.number}`, chainId),
    );
    expect(body.nativeTokenBalance).toEqual(
      await expectedNativeTokenBalance(chainId, holder, block.number, block.timestamp, 'usd'),
    );
  });

  it('leaves out a token whose balance went back to zero', async () => {
    const [gone] = await db.query<{ holder: string; token_address: string; token_id: string }>(
      `SELECT from_address AS holder, token_address, token_id::text FROM evm_token_transfer t
       WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND from_address <> '\\x0000000000000000000000000000000000000000'
         AND NOT EXISTS (SELECT 1 FROM (${holdings1155Sql}) h WHERE h.holder = t.from_address AND h.token_address = t.token_address AND h.token_id = t.token_id)
       ORDER BY block_number LIMIT 1`,
      [43114, '9223372036854775807'],
    );
    expect(gone).toBeDefined();
    const items = await allPages(
      service,
      balancesPath('listErc1155', gone!.holder, '?pageSize=100'),
      'erc1155TokenBalances',
    );
    expect(items.map(shapeOf)).toEqual((await expected1155(gone!.holder)).map(expectedShape));
    expect(items.some((i) => i.address === gone!.token_address && i.tokenId === gone!.token_id)).toBe(false);
  });

  it('filters by contractAddress, also at a block', async () => {
    const expected = await expected1155(holder1155);
    const collection = expected[0]!.address;
    const { body } = await service.request(
      balancesPath('listErc1155', holder1155, `?pageSize=500&contractAddress=${collection}`),
    );
    expect(body.erc1155TokenBalances.map(shapeOf)).toEqual(
      expected.filter((e) => e.address === collection).map(expectedShape),
    );
    const block = await blockAt(43114, 0.8);
    const at = await service.request(
      balancesPath(
        'listErc1155',
        holder1155,
        `?pageSize=500&contractAddress=${collection}&blockNumber=${block.number}`,
      ),
    );
    expect(at.body.erc1155TokenBalances.map(shapeOf)).toEqual(
      (await expected1155(holder1155, block.number)).filter((e) => e.address === collection).map(expectedShape),
    );
  });

  it('binds page tokens to blockNumber and the filter', async () => {
    const { body } = await service.request(balancesPath('listErc1155', holder1155, '?pageSize=1'));
    expect(body.nextPageToken).toBeDefined();
    for (const other of [
      `?pageSize=1&blockNumber=${await latestOf(43114)}`,
      `?pageSize=1&contractAddress=${SHOWCASE}`,
    ]) {
      const answer = await service.request(
        balancesPath('listErc1155', holder1155, `${other}&pageToken=${body.nextPageToken}`),
      );
      expect(answer.status).toBe(400);
    }
  });

  it.each([
    [
      balancesPath('listErc1155', SHOWCASE, '?blockNumber=999999999999'),
      400,
      'query parameter blockNumber must be at most the latest indexed block of chain 43114, 71009999',
    ],
    [
      balancesPath('listErc1155', SHOWCASE, '?blockNumber=-1'),
      400,
      'query parameter blockNumber must be a block number (an integer of at least 0)',
    ],
    [balancesPath('listErc1155', SHOWCASE, '?pageSize=501'), 400, 'query parameter pageSize must be at most 500'],
    [balancesPath('listErc1155', SHOWCASE, '?pageSize=abc'), 400, 'query parameter pageSize must be an integer'],
    [balancesPath('listErc1155', SHOWCASE, '', 5), 404, 'path parameter chainId 5 is not a chain this service indexes'],
  ])('%s is a %i', async (request, status, message) => {
    expect(await service.request(request)).toEqual(refused(status, message));
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles', () => {
  /** Both kinds of an address, merged in (collection, token ID) order. */
  const expectedBoth = async (address: string) =>
    [...(await expected721(address)), ...(await expected1155(address))].sort((a, b) =>
      a.address !== b.address ? (a.address < b.address ? -1 : 1) : BigInt(a.token_id) < BigInt(b.token_id) ? -1 : 1,
    );

  it('lists ERC-721 and ERC-1155 holdings together, each as its variant, across pages', async () => {
    const [both] = await db.query<{ address: string }>(
      `SELECT o.to_address AS address FROM (${ownersSql}) o JOIN (${holdings1155Sql}) h ON h.holder = o.to_address
       GROUP BY o.to_address ORDER BY count(DISTINCT (o.token_address, o.token_id)) + count(DISTINCT (h.token_address, h.token_id)) DESC, 1 LIMIT 1`,
      [43114, '9223372036854775807'],
    );
    const expected = await expectedBoth(both!.address);
    const items = await allPages(
      service,
      balancesPath('listCollectibles', both!.address, '?pageSize=3'),
      'collectibleBalances',
    );
    expect(items.map(shapeOf)).toEqual(expected.map(expectedShape));
    expect(new Set(items.map((i) => i.ercType))).toEqual(new Set(['ERC-721', 'ERC-1155']));
    for (const item of items) {
      if (item.ercType === 'ERC-721') expect(item).toMatchObject({ ownerAddress: both!.address });
      else expect(item).not.toHaveProperty('ownerAddress');
    }
  });

  it('equals the two single-kind lists, filtered by contractAddress too', async () => {
    for (const address of [owner721, holder1155]) {
      const expected = await expectedBoth(address);
      const items = await allPages(
        service,
        balancesPath('listCollectibles', address, '?pageSize=500'),
        'collectibleBalances',
      );
      expect(items.map(shapeOf)).toEqual(expected.map(expectedShape));
      const collection = expected[0]!.address;
      const { body } = await service.request(
        balancesPath('listCollectibles', address, `?contractAddress=${collection}`),
      );
      expect(body.collectibleBalances.map(shapeOf)).toEqual(
        expected
          .filter((e) => e.address === collection)
          .slice(0, 10)
          .map(expectedShape),
      );
      expect(body).not.toHaveProperty('nativeTokenBalance');
    }
  });

  it.each([
    [balancesPath('listCollectibles', SHOWCASE, '?pageSize=501'), 400, 'query parameter pageSize must be at most 500'],
    [
      balancesPath('listCollectibles', SHOWCASE, '?contractAddress=xyz'),
      400,
      'query parameter contractAddress must be an EVM address: 0x followed by 40 hex digits',
    ],
    [
      balancesPath('listCollectibles', SHOWCASE, '', 5),
      404,
      'path parameter chainId 5 is not a chain this service indexes',
    ],
  ])('%s is a %i', async (request, status, message) => {
    expect(await service.request(request)).toEqual(refused(status, message));
  });
});

describe('GraphQL: the NFT balance lists', () => {
  it('root fields and EvmAccountOnChain fields answer as REST, and their page tokens work in both', async () => {
    const { body } = await service.graphql(
      `query($o: EvmAddress!, $h: EvmAddress!) {
        listErc721Balances(chainId: "43114", address: $o, pageSize: 2) { nextPageToken nativeTokenBalance { balance } erc721TokenBalances { address tokenId ownerAddress metadata { indexStatus } } }
        listErc1155Balances(chainId: "43114", address: $h, pageSize: 2) { nextPageToken erc1155TokenBalances { address tokenId balance metadata { indexStatus properties } } }
        listCollectibleBalances(chainId: "43114", address: $h, pageSize: 3) { collectibleBalances { address ercType tokenId ... on Erc1155TokenBalance { balance } ... on Erc721TokenBalance { name ownerAddress } } }
        owner: evmAccount(address: $o) { onChain(chainId: "43114") { erc721Balances(pageSize: 2) { nextPageToken erc721TokenBalances { tokenId } } collectibleBalances(pageSize: 2) { collectibleBalances { tokenId } } } }
        holder: evmAccount(address: $h) { onChain(chainId: "43114") { erc1155Balances(pageSize: 2) { erc1155TokenBalances { tokenId balance } } } } }`,
      { o: owner721, h: holder1155 },
    );
    expect(body.errors).toBeUndefined();
    const erc721 = await service.request(balancesPath('listErc721', owner721, '?pageSize=2'));
    expect(erc721.body).toMatchObject(body.data.listErc721Balances);
    const erc1155 = await service.request(balancesPath('listErc1155', holder1155, '?pageSize=2'));
    const pick1155 = body.data.listErc1155Balances.erc1155TokenBalances.map((b: any) => ({
      ...b,
      metadata: Object.fromEntries(Object.entries(b.metadata).filter(([, v]) => v !== null)),
    }));
    expect(erc1155.body.erc1155TokenBalances).toMatchObject(pick1155);
    expect(erc1155.body.nextPageToken).toBe(body.data.listErc1155Balances.nextPageToken);
    const both = await service.request(balancesPath('listCollectibles', holder1155, '?pageSize=3'));
    expect(both.body.collectibleBalances).toMatchObject(body.data.listCollectibleBalances.collectibleBalances);
    const onChain = body.data.owner.onChain;
    expect(onChain.erc721Balances.erc721TokenBalances.map((b: any) => b.tokenId)).toEqual(
      erc721.body.erc721TokenBalances.map((b: any) => b.tokenId),
    );
    expect(body.data.holder.onChain.erc1155Balances.erc1155TokenBalances).toEqual(
      erc1155.body.erc1155TokenBalances.map((b: any) => ({ tokenId: b.tokenId, balance: b.balance })),
    );
    // A token of the root field's REST page continues the account field's list.
    const next = await service.graphql(
      `query($o: EvmAddress!, $t: String!) { evmAccount(address: $o) { onChain(chainId: "43114") { erc721Balances(pageSize: 2, pageToken: $t) { erc721TokenBalances { tokenId } } } } }`,
      { o: owner721, t: erc721.body.nextPageToken },
    );
    const second = await service.request(
      balancesPath('listErc721', owner721, `?pageSize=2&pageToken=${encodeURIComponent(erc721.body.nextPageToken)}`),
    );
    expect(next.body.data.evmAccount.onChain.erc721Balances.erc721TokenBalances).toEqual(
      second.body.erc721TokenBalances.map((b: any) => ({ tokenId: b.tokenId })),
    );
  });
});

// Every transfer of one token contract (listTransfers) and a contract's deployment transaction
// (getDeploymentTransaction), on the demo data set. Expected values come from the raw tables with
// plain SQL.
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { accountOf, allPages, money, priceAt, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
/** The busiest ERC-721 and ERC-1155 contracts of the C-Chain. */
let erc721: string;
let erc1155: string;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  const busiest = async (kind: string) =>
    (
      await db.query<{ token_address: string }>(
        `SELECT token_address FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = $1::erc_type
         GROUP BY token_address ORDER BY count(*) DESC, token_address LIMIT 1`,
        [kind],
      )
    )[0]!.token_address;
  erc721 = await busiest('ERC-721');
  erc1155 = await busiest('ERC-1155');
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const transfers = (token: string, query = '') => `/v1/chains/43114/tokens/${token}/transfers${query}`;

/** A transfer's identity: transaction, log and position in a TransferBatch (the token's variant member gives the kind). */
const idOf = (t: any) =>
  `${t.txHash}:${t.logIndex}:${t.erc20Token ? 'ERC-20' : t.erc721Token ? 'ERC-721' : 'ERC-1155'}:${
    t.erc721Token?.tokenId ?? t.erc1155Token?.tokenId ?? ''
  }`;

/** The token's transfers, newest first, from the raw table. */
async function expectedTransfers(token: string, range = ''): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT '0x' || encode(tx_hash, 'hex') || ':' || log_index || ':' || erc_type::text || ':' || CASE WHEN erc_type = 'ERC-20' THEN '' ELSE coalesce(token_id, 0)::text END AS id
     FROM evm_token_transfer WHERE chain_id = 43114 AND token_address = $1 ${range}
     ORDER BY block_number DESC, log_index DESC, batch_index DESC`,
    [token],
  );
  return rows.map((row) => row.id);
}

async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

describe('GET /v1/chains/{chainId}/tokens/{address}/transfers (listTransfers)', () => {
  it.each([
    ['ERC-20', () => USDC],
    ['ERC-721', () => erc721],
    ['ERC-1155', () => erc1155],
  ])(
    'pages through every %s transfer of the contract, newest first, as the raw table holds them',
    async (kind, token) => {
      const items = await allPages(service, transfers(token(), '?pageSize=100'), 'transfers');
      const expected = await expectedTransfers(token());
      expect(expected.length).toBeGreaterThan(100);
      expect(items.map(idOf)).toEqual(expected);
      expect(items.every((t) => idOf(t).includes(`:${kind}:`))).toBe(true);
    },
    60_000,
  );

  it('serves 10 by default, each in the official variant of its standard with its block, parties and token', async () => {
    for (const token of [USDC, erc721, erc1155]) {
      const { status, body } = await service.request(transfers(token));
      expect(status).toBe(200);
      expect(body.transfers).toHaveLength(10);
      for (const item of body.transfers) {
        const [row] = await db.query<{
          erc_type: string;
          from_address: string;
          to_address: string;
          value: string;
          token_id: string | null;
          hash: string;
          timestamp: bigint;
          block_number: bigint;
          name: string;
          symbol: string;
          decimals: number | null;
          logo_uri: string;
          price_key: string | null;
          token_uri: string | null;
        }>(
          `SELECT t.erc_type::text, t.from_address, t.to_address, t.value::text, t.token_id::text, b.hash, b.timestamp, t.block_number,
             c.name, c.symbol, c.decimals, c.logo_uri, c.price_key, n.token_uri
           FROM evm_token_transfer t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
           JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.token_address
           LEFT JOIN evm_nft_token n ON n.chain_id = t.chain_id AND n.address = t.token_address AND n.token_id = t.token_id
           WHERE t.chain_id = 43114 AND t.tx_hash = $1 AND t.log_index = $2 AND t.token_address = $3
             AND ($4::text IS NULL OR t.token_id::text = $4)
           ORDER BY t.batch_index LIMIT 1`,
          [item.txHash, item.logIndex, token, item.erc721Token?.tokenId ?? item.erc1155Token?.tokenId ?? null],
        );
        const common = {
          blockNumber: String(row!.block_number),
          blockTimestamp: Number(row!.timestamp),
          blockHash: row!.hash,
          txHash: item.txHash,
          from: await accountOf(db, 43114, row!.from_address),
          to: await accountOf(db, 43114, row!.to_address),
          logIndex: item.logIndex,
        };
        if (row!.erc_type === 'ERC-20') {
          const price = await priceAt(db, row!.price_key, 'usd', DEMO_NOW);
          expect(item).toEqual({
            ...common,
            value: row!.value,
            erc20Token: {
              address: token,
              name: row!.name,
              symbol: row!.symbol,
              decimals: row!.decimals,
              ercType: 'ERC-20',
              ...(row!.logo_uri ? { logoUri: row!.logo_uri } : {}),
              ...(price ? { price: { currencyCode: 'usd', value: money(price) } } : {}),
            },
          });
        } else if (row!.erc_type === 'ERC-721') {
          expect(item).toMatchObject({
            ...common,
            erc721Token: {
              address: token,
              ercType: 'ERC-721',
              name: row!.name,
              symbol: row!.symbol,
              tokenId: row!.token_id,
              tokenUri: row!.token_uri ?? '',
            },
          });
          expect(item.value).toBeUndefined();
        } else {
          expect(item).toMatchObject({
            ...common,
            value: row!.value,
            erc1155Token: {
              address: token,
              ercType: 'ERC-1155',
              tokenId: row!.token_id,
              tokenUri: row!.token_uri ?? '',
            },
          });
        }
      }
    }
  });

  it('keeps startBlock inclusive and endBlock exclusive, either side optional', async () => {
    const [mid] = await db.query<{ block_number: bigint }>(
      `SELECT block_number FROM evm_token_transfer WHERE chain_id = 43114 AND token_address = $1 ORDER BY block_number DESC LIMIT 1 OFFSET 150`,
      [USDC],
    );
    const start = mid!.block_number;
    const end = start + 2000n;
    const both = await allPages(
      service,
      transfers(USDC, `?pageSize=100&startBlock=${start}&endBlock=${end}`),
      'transfers',
    );
    expect(both.map(idOf)).toEqual(
      await expectedTransfers(USDC, `AND block_number >= ${start} AND block_number < ${end}`),
    );
    expect(both.at(-1).blockNumber).toBe(String(start));
    const onlyEnd = await allPages(service, transfers(USDC, `?pageSize=100&endBlock=${start}`), 'transfers');
    expect(onlyEnd.map(idOf)).toEqual(await expectedTransfers(USDC, `AND block_number < ${start}`));
    const onlyStart = await allPages(service, transfers(USDC, `?pageSize=100&startBlock=${start}`), 'transfers');
    expect(onlyStart.length + onlyEnd.length).toBe((await expectedTransfers(USDC)).length);
  }, 60_000);

  it('serves an empty list for an address without transfers (an externally owned account)', async () => {
    expect((await service.request(transfers(SHOWCASE))).body).toEqual({ transfers: [] });
  });

  it('accepts the chain by blockchain ID and the address in any case; tokens bind chain, token and range', async () => {
    const upper = USDC.toUpperCase().replace('0X', '0x');
    const byId = await service.request(`/v1/chains/${C_CHAIN}/tokens/${upper}/transfers?pageSize=5`);
    const byNumber = await service.request(transfers(USDC, '?pageSize=5'));
    expect(byId).toEqual(byNumber);
    for (const other of [transfers(erc721, '?pageSize=5'), transfers(USDC, '?pageSize=5&startBlock=1')]) {
      const answer = await service.request(`${other}&pageToken=${byNumber.body.nextPageToken}`);
      expect(answer.status).toBe(400);
    }
  });

  it.each([
    [transfers(USDC, '?startBlock=11&endBlock=10'), 400, 'query parameter startBlock must not be after endBlock'],
    [transfers(USDC, '?pageSize=101'), 400, 'query parameter pageSize must be at most 100'],
    [transfers(USDC, '?pageSize=0'), 400, 'query parameter pageSize must be at least 1'],
    [
      `/v1/chains/43114/tokens/0x${'g'.repeat(40)}/transfers`,
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [`/v1/chains/1/tokens/${USDC}/transfers`, 404, 'path parameter chainId 1 is not a chain this service indexes'],
  ])('%s → %i', async (path, status, message) => {
    await expectError(path, status, message);
  });

  it('answers the same in GraphQL, each item in its variant', async () => {
    const rest = await service.request(transfers(erc1155, '?pageSize=3'));
    const { body } = await service.graphql(
      `query ($token: EvmAddress!) { listTransfers(chainId: "43114", address: $token, pageSize: 3) {
        nextPageToken transfers { __typename ... on Erc1155Transfer { txHash logIndex value erc1155Token { tokenId } } } } }`,
      { token: erc1155 },
    );
    expect(body.data.listTransfers).toEqual({
      nextPageToken: rest.body.nextPageToken,
      transfers: rest.body.transfers.map((t: any) => ({
        __typename: 'Erc1155Transfer',
        txHash: t.txHash,
        logIndex: t.logIndex,
        value: t.value,
        erc1155Token: { tokenId: t.erc1155Token.tokenId },
      })),
    });
  });
});

describe('GET /v1/chains/{chainId}/contracts/{address}/transactions:getDeployment (getDeploymentTransaction)', () => {
  const deployment = (address: string, query = '') =>
    `/v1/chains/43114/contracts/${address}/transactions:getDeployment${query}`;

  it("serves the transaction evm_contract names as the contract's deployment, as GET transaction does", async () => {
    const contracts = await db.query<{ address: string; deployment_tx_hash: string }>(
      `SELECT address, deployment_tx_hash FROM evm_contract WHERE chain_id = 43114 AND deployment_tx_hash IS NOT NULL
       ORDER BY address LIMIT 5`,
    );
    expect(contracts).toHaveLength(5);
    for (const { address, deployment_tx_hash } of contracts) {
      const { status, body } = await service.request(deployment(address));
      expect(status).toBe(200);
      expect(body.nativeTransaction.txHash).toBe(deployment_tx_hash);
      expect(body).toEqual((await service.request(`/v1/chains/43114/transactions/${deployment_tx_hash}`)).body);
    }
  });

  it('gives the native token prices in the requested currency, now and at the block', async () => {
    const [contract] = await db.query<{ address: string; timestamp: bigint }>(
      `SELECT c.address, b.timestamp FROM evm_contract c JOIN evm_transaction t ON t.chain_id = c.chain_id AND t.tx_hash = c.deployment_tx_hash
       JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number WHERE c.chain_id = 43114 ORDER BY c.address LIMIT 1`,
    );
    const [chain] = await db.query<{ native_price_key: string }>(
      'SELECT native_price_key FROM evm_chain WHERE chain_id = 43114',
    );
    const current = await priceAt(db, chain!.native_price_key, 'eur', DEMO_NOW);
    const historical = await priceAt(db, chain!.native_price_key, 'eur', contract!.timestamp);
    expect(current).toBeDefined();
    const { body } = await service.request(deployment(contract!.address, '?currency=eur'));
    expect(body.networkTokenDetails.currentPrice).toEqual({ currencyCode: 'eur', value: money(current) });
    expect(body.networkTokenDetails.historicalPrice).toEqual(
      historical === undefined ? undefined : { currencyCode: 'eur', value: money(historical) },
    );
  });

  it('accepts the chain by blockchain ID and the address in any case', async () => {
    const [contract] = await db.query<{ address: string }>(
      'SELECT address FROM evm_contract WHERE chain_id = 43114 AND deployment_tx_hash IS NOT NULL ORDER BY address LIMIT 1',
    );
    const upper = contract!.address.toUpperCase().replace('0X', '0x');
    expect(await service.request(`/v1/chains/${C_CHAIN}/contracts/${upper}/transactions:getDeployment`)).toEqual(
      await service.request(deployment(contract!.address)),
    );
  });

  it('answers the same in GraphQL', async () => {
    const [contract] = await db.query<{ address: string; deployment_tx_hash: string }>(
      'SELECT address, deployment_tx_hash FROM evm_contract WHERE chain_id = 43114 AND deployment_tx_hash IS NOT NULL ORDER BY address LIMIT 1',
    );
    const { body } = await service.graphql(
      `query ($a: EvmAddress!) { getDeploymentTransaction(chainId: "43114", address: $a, currency: eur) {
        nativeTransaction { txHash } networkTokenDetails { currentPrice { currencyCode } } } }`,
      { a: contract!.address },
    );
    expect(body.data.getDeploymentTransaction).toEqual({
      nativeTransaction: { txHash: contract!.deployment_tx_hash },
      networkTokenDetails: { currentPrice: { currencyCode: 'eur' } },
    });
  });

  it.each([
    [
      deployment(SHOWCASE),
      404,
      `path parameter address ${SHOWCASE} is not a contract of chain 43114 whose deployment this service indexes`,
    ],
    [
      deployment(USDC, '?currency=xyz'),
      400,
      'query parameter currency must be one of usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd',
    ],
    [
      `/v1/chains/43114/contracts/0x${'1'.repeat(39)}/transactions:getDeployment`,
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [deployment(USDC).replace('/43114/', '/1/'), 404, 'path parameter chainId 1 is not a chain this service indexes'],
  ])('%s → %i', async (path, status, message) => {
    await expectError(path, status, message);
  });
});

// getContractMetadata, listTokens and reindexNft on the demo data set. Expected values are read from
// the raw tables with plain SQL; fixture rows add ERC-1155 tokens (with the largest token IDs), and
// the reindex is followed through the indexer's NFT metadata worker against fake node and metadata
// servers on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeAbiParameters } from 'viem';
import { parseIndexerConfig } from '../../../indexer/config/readIndexerConfig';
import { createNftMetadataWorker } from '../../../indexer/evm/metadata/createNftMetadataWorker';
import { createLoggerFactory } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { allPages, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
/** The service's clock, Unix seconds: starts at the wall clock (the worker's), moved by the hour-rule tests. */
let now = Math.floor(Date.now() / 1000);
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const MAX_TOKEN_ID = (2n ** 256n - 1n).toString();
/** The ERC-1155 contract of the C-Chain, which the fixture gives tokens. */
let erc1155: string;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  [{ address: erc1155 }] = (await db.query<{ address: string }>(
    `SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-1155' ORDER BY address LIMIT 1`,
  )) as [{ address: string }];
  for (const id of ['3', '1', '1000000000000000000000000000000', MAX_TOKEN_ID]) {
    await db.query(
      `INSERT INTO evm_nft_token (chain_id, address, token_id, erc_type, token_uri, index_status, metadata_name, properties, metadata_decimals)
       VALUES (43114, $1, $2, 'ERC-1155', $3, 'INDEXED', $4, '{"a":1}', 0) ON CONFLICT DO NOTHING`,
      [erc1155, id, `https://example.test/${id}.json`, `Item ${id}`],
    );
  }
  service = await startTestService(db, { clock: () => now });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const notFound = (message: string) => ({ status: 404, body: { message, statusCode: 404, error: 'Not Found' } });
const badRequest = (message: string) => ({ status: 400, body: { message, statusCode: 400, error: 'Bad Request' } });

type ContractRow = {
  address: string;
  erc_type: string;
  name: string;
  symbol: string;
  decimals: number | null;
  logo_uri: string;
  logo_asset_id: string | null;
  banner_uri: string | null;
  banner_asset_id: string | null;
  description: string;
  official_site: string;
  email: string;
  color: string;
  resource_links: { type: string; url: string }[];
  tags: string[];
  deployment_tx_hash: string | null;
  deployer_address: string | null;
  deployer_contract_address: string | null;
};

/** The REST answer of a stored contract, member by member from its columns (pricingProviders aside). */
function expectedContract(c: ContractRow): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    ...(c.official_site ? { officialSite: c.official_site } : {}),
    ...(c.email ? { email: c.email } : {}),
    ...(c.logo_uri
      ? { logoAsset: { ...(c.logo_asset_id ? { assetId: c.logo_asset_id } : {}), imageUri: c.logo_uri } }
      : {}),
    ...(c.banner_uri
      ? { bannerAsset: { ...(c.banner_asset_id ? { assetId: c.banner_asset_id } : {}), imageUri: c.banner_uri } }
      : {}),
    ...(c.color ? { color: c.color } : {}),
    resourceLinks: c.resource_links,
    tags: c.tags,
    address: c.address,
    ...(c.deployment_tx_hash && c.deployer_address
      ? {
          deploymentDetails: {
            txHash: c.deployment_tx_hash,
            deployerAddress: c.deployer_address,
            ...(c.deployer_contract_address ? { deployerContractAddress: c.deployer_contract_address } : {}),
          },
        }
      : {}),
    ercType: c.erc_type,
  };
  if (c.erc_type !== 'UNKNOWN' && c.symbol) answer.symbol = c.symbol;
  if (c.erc_type === 'ERC-20') answer.decimals = c.decimals ?? 18;
  return answer;
}

describe('getContractMetadata', () => {
  const get = (address: string, chain = '43114') => service.request(`/v1/chains/${chain}/addresses/${address}`);

  it.each(['ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN'])(
    'answers a stored %s contract as its variant, every member from its row',
    async (ercType) => {
      const rows = await db.query<ContractRow>(
        `SELECT *, erc_type::text AS erc_type FROM evm_contract WHERE chain_id = 43114 AND erc_type = $1::erc_type
         ORDER BY (description <> '') DESC, address LIMIT 3`,
        [ercType],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const { status, body } = await get(row.address);
        expect(status).toBe(200);
        const { pricingProviders, ...rest } = body;
        expect(rest).toEqual(expectedContract(row));
        if (pricingProviders)
          expect(
            row.resource_links.some((link) => link.url.includes(`/coins/${pricingProviders.coingeckoCoinId}`)),
          ).toBe(true);
      }
    },
  );

  it('leaves deploymentDetails out for a contract whose deployment is not indexed', async () => {
    const [row] = await db.query<ContractRow>(
      `SELECT *, erc_type::text AS erc_type FROM evm_contract WHERE chain_id = 43114 AND deployment_tx_hash IS NULL ORDER BY address LIMIT 1`,
    );
    const { status, body } = await get(row!.address);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('deploymentDetails');
    expect(body.ercType).toBe(row!.erc_type);
  });

  it('an externally owned account, or an address never seen, is a 404 naming the address', async () => {
    const [eoa] = await db.query<{ from_address: string }>(
      `SELECT t.from_address FROM evm_transaction t WHERE t.chain_id = 43114
       AND NOT EXISTS (SELECT 1 FROM evm_contract c WHERE c.chain_id = 43114 AND c.address = t.from_address) LIMIT 1`,
    );
    expect(eoa).toBeDefined();
    for (const address of [eoa!.from_address, SHOWCASE, '0x000000000000000000000000000000000000dead']) {
      expect(await get(address)).toEqual(
        notFound(`path parameter address ${address} is not a contract this service knows on chain 43114`),
      );
    }
  });

  it("finds the contract by the chain's blockchain ID and the address in any case", async () => {
    const [row] = await db.query<{ address: string }>(
      `SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-20' ORDER BY address LIMIT 1`,
    );
    const byNumber = await get(row!.address);
    expect(byNumber.status).toBe(200);
    expect(await get(row!.address.toUpperCase().replace('0X', '0x'), C_CHAIN)).toEqual(byNumber);
  });

  it('a malformed address is a 400 naming it; an unknown chain is a 404', async () => {
    expect(await get('0xb97e')).toEqual(
      badRequest('path parameter address must be an EVM address: 0x followed by 40 hex digits'),
    );
    expect(await get(erc1155, '777')).toEqual(
      notFound('path parameter chainId 777 is not a chain this service indexes'),
    );
  });

  it('the GraphQL field answers as REST, with a collection its tokens', async () => {
    const rest = await get(erc1155);
    const { body } = await service.graphql(
      `query ($address: EvmAddress!) {
        getContractMetadata(chainId: "43114", address: $address) {
          name address ercType
          ... on Erc1155Contract { symbol tokens(pageSize: 2) { tokens { tokenId } nextPageToken } }
        }
      }`,
      { address: erc1155 },
    );
    const answer = body.data.getContractMetadata;
    expect({ name: answer.name, address: answer.address, ercType: answer.ercType }).toEqual({
      name: rest.body.name,
      address: rest.body.address,
      ercType: 'ERC-1155',
    });
    const listed = await service.request(`/v1/chains/43114/nfts/collections/${erc1155}/tokens?pageSize=2`);
    expect(answer.tokens.tokens).toEqual(listed.body.tokens.map((t: { tokenId: string }) => ({ tokenId: t.tokenId })));
    expect(answer.tokens.nextPageToken).toBe(listed.body.nextPageToken);
  });
});

describe('listTokens', () => {
  const base = (address: string, query = '', chain = '43114') =>
    `/v1/chains/${chain}/nfts/collections/${address}/tokens${query}`;

  /** The collection's token IDs by token ID, from the raw table. */
  async function expectedIds(address: string): Promise<string[]> {
    const rows = await db.query<{ id: string }>(
      'SELECT token_id::text AS id FROM evm_nft_token WHERE chain_id = 43114 AND address = $1 ORDER BY token_id',
      [address],
    );
    return rows.map((row) => row.id);
  }

  /** The ERC-721 collection of the C-Chain with the most tokens. */
  async function busiest(): Promise<string> {
    const [row] = await db.query<{ address: string }>(
      `SELECT address FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-721' GROUP BY address ORDER BY count(*) DESC, address LIMIT 1`,
    );
    return row!.address;
  }

  it('pages over every token of a collection by token ID, with any page size, as the raw table has them', async () => {
    const address = await busiest();
    const expected = await expectedIds(address);
    expect(expected.length).toBeGreaterThan(100);
    const byHundred = await allPages(service, base(address, '?pageSize=100'), 'tokens');
    expect(byHundred.map((t) => t.tokenId)).toEqual(expected);
    const bySeven = await allPages(service, base(address, '?pageSize=7'), 'tokens', 500);
    expect(bySeven.map((t) => t.tokenId)).toEqual(expected);
  });

  it('defaults to pages of 10; the last page has no nextPageToken', async () => {
    const address = await busiest();
    const expected = await expectedIds(address);
    const { status, body } = await service.request(base(address));
    expect(status).toBe(200);
    expect(body.tokens.map((t: { tokenId: string }) => t.tokenId)).toEqual(expected.slice(0, 10));
    expect(body.nextPageToken).toEqual(expect.any(String));
    const ids = await expectedIds(erc1155);
    const all = await service.request(base(erc1155, `?pageSize=${ids.length}`));
    expect(all.body.tokens).toHaveLength(ids.length);
    expect(all.body).not.toHaveProperty('nextPageToken');
  });

  it('answers each ERC-721 token with its collection, owner and metadata from the rows', async () => {
    const address = await busiest();
    const [contract] = await db.query<{ name: string; symbol: string }>(
      'SELECT name, symbol FROM evm_contract WHERE chain_id = 43114 AND address = $1',
      [address],
    );
    const rows = await db.query<{
      id: string;
      token_uri: string;
      owner_address: string | null;
      index_status: string;
      metadata_name: string | null;
      attributes: string | null;
      updated: string | null;
    }>(
      `SELECT token_id::text AS id, token_uri, owner_address, index_status, metadata_name, attributes,
        metadata_last_updated_timestamp::text AS updated
       FROM evm_nft_token WHERE chain_id = 43114 AND address = $1 ORDER BY token_id LIMIT 100`,
      [address],
    );
    const { body } = await service.request(base(address, '?pageSize=100'));
    expect(body.tokens).toHaveLength(rows.length);
    for (const [i, row] of rows.entries()) {
      const token = body.tokens[i];
      expect(token).toMatchObject({
        address,
        name: contract!.name,
        symbol: contract!.symbol,
        ercType: 'ERC-721',
        tokenId: row.id,
        tokenUri: row.token_uri,
        metadata: { indexStatus: row.index_status },
      });
      expect(token.ownerAddress).toBe(row.owner_address ?? undefined);
      expect(token.metadata.name).toBe(row.metadata_name ?? undefined);
      expect(token.metadata.attributes).toBe(row.attributes ?? undefined);
      expect(token.metadata.metadataLastUpdatedTimestamp).toBe(row.updated === null ? undefined : Number(row.updated));
    }
  });

  it('answers ERC-1155 tokens as Erc1155Token, up to the largest token ID', async () => {
    const { status, body } = await service.request(base(erc1155, '?pageSize=100'));
    expect(status).toBe(200);
    expect(body.tokens.map((t: { tokenId: string }) => t.tokenId)).toEqual(await expectedIds(erc1155));
    expect(body.tokens.at(-1)).toEqual({
      address: erc1155,
      ercType: 'ERC-1155',
      tokenId: MAX_TOKEN_ID,
      tokenUri: `https://example.test/${MAX_TOKEN_ID}.json`,
      metadata: { indexStatus: 'INDEXED', name: `Item ${MAX_TOKEN_ID}`, properties: '{"a":1}', decimals: 0 },
    });
    // Pages of one cross the 30-digit and the 78-digit token IDs.
    const byOne = await allPages(service, base(erc1155, '?pageSize=1'), 'tokens');
    expect(byOne.map((t) => t.tokenId)).toEqual(await expectedIds(erc1155));
  });

  it('a collection without indexed tokens, or an address that is none, has an empty page', async () => {
    const [usdc] = await db.query<{ address: string }>(
      `SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-20' ORDER BY address LIMIT 1`,
    );
    expect(await service.request(base(usdc!.address))).toEqual({ status: 200, body: { tokens: [] } });
    expect(await service.request(base(SHOWCASE))).toEqual({ status: 200, body: { tokens: [] } });
  });

  it.each([
    ['?pageSize=0', 'query parameter pageSize must be at least 1'],
    ['?pageSize=101', 'query parameter pageSize must be at most 100'],
    ['?pageSize=ten', 'query parameter pageSize must be an integer'],
    ['?pageToken=forged', 'query parameter pageToken is invalid or belongs to another query'],
  ])('%s is a 400 naming the parameter', async (query, message) => {
    expect(await service.request(base(erc1155, query))).toEqual(badRequest(message));
  });

  it("a page token is bound to its collection, and shared by the chain's two IDs", async () => {
    const address = await busiest();
    const first = await service.request(base(address, '?pageSize=5'));
    const token = encodeURIComponent(first.body.nextPageToken);
    expect(await service.request(base(erc1155, `?pageToken=${token}`))).toEqual(
      badRequest('query parameter pageToken is invalid or belongs to another query'),
    );
    const second = await service.request(base(address, `?pageSize=5&pageToken=${token}`));
    expect(await service.request(base(address, `?pageSize=5&pageToken=${token}`, C_CHAIN))).toEqual(second);
    expect(second.body.tokens.map((t: { tokenId: string }) => t.tokenId)).toEqual(
      (await expectedIds(address)).slice(5, 10),
    );
  });

  it('a malformed address is a 400; an unknown chain is a 404', async () => {
    expect(await service.request(base('0x12'))).toEqual(
      badRequest('path parameter address must be an EVM address: 0x followed by 40 hex digits'),
    );
    expect(await service.request(base(erc1155, '', '777'))).toEqual(
      notFound('path parameter chainId 777 is not a chain this service indexes'),
    );
  });

  it('the GraphQL root field answers as REST', async () => {
    const address = await busiest();
    const rest = await service.request(base(address, '?pageSize=3'));
    const { body } = await service.graphql(
      `query ($address: EvmAddress!) {
        listTokens(chainId: "43114", address: $address, pageSize: 3) {
          nextPageToken
          tokens { address ercType tokenId tokenUri ... on Erc721Token { name symbol ownerAddress metadata { indexStatus name } } }
        }
      }`,
      { address },
    );
    const answer = body.data.listTokens;
    expect(answer.nextPageToken).toBe(rest.body.nextPageToken);
    expect(answer.tokens).toEqual(
      rest.body.tokens.map((t: Record<string, any>) => ({
        address: t.address,
        ercType: t.ercType,
        tokenId: t.tokenId,
        tokenUri: t.tokenUri,
        name: t.name,
        symbol: t.symbol,
        ownerAddress: t.ownerAddress ?? null,
        metadata: { indexStatus: t.metadata.indexStatus, name: t.metadata.name ?? null },
      })),
    );
  });
});

describe('reindexNft', () => {
  const NFT = '0x242773db74ce70a97f410296b008585be063db28';
  const post = (tokenId: string, address = NFT, chain = '43114') =>
    service.request(`/v1/chains/${chain}/nfts/collections/${address}/tokens/${tokenId}:reindex`, { method: 'POST' });
  type Marks = { requested: string | null; retry: string | null; attempts: number };
  const marks = async (tokenId: string): Promise<Marks> =>
    (
      await db.query<Marks>(
        `SELECT reindex_requested_at::text AS requested, metadata_retry_at::text AS retry, metadata_attempts AS attempts
         FROM evm_nft_token WHERE chain_id = 43114 AND address = $1 AND token_id = $2`,
        [NFT, tokenId],
      )
    )[0]!;

  it('answers 201 without content and makes the token due for the metadata worker now', async () => {
    await db.query(
      `UPDATE evm_nft_token SET metadata_attempts = 3 WHERE chain_id = 43114 AND address = $1 AND token_id = 5`,
      [NFT],
    );
    const answer = await post('5');
    expect(answer).toEqual({ status: 201, body: undefined });
    expect(await marks('5')).toEqual({ requested: String(now), retry: String(now), attempts: 0 });
  });

  it('at most once an hour per token: within the hour a 429, from the hour on queued again', async () => {
    const first = now;
    expect((await post('6')).status).toBe(201);
    now = first + 3_599;
    const next = new Date((first + 3_600) * 1000).toISOString();
    expect(await post('6')).toEqual({
      status: 429,
      body: {
        message: `path parameter tokenId 6 of collection ${NFT} was reindexed less than an hour ago; it may be reindexed again at ${next}`,
        statusCode: 429,
        error: 'Too Many Requests',
      },
    });
    expect(await marks('6')).toMatchObject({ requested: String(first) });
    // Another token is not held back by this one's hour.
    expect((await post('7')).status).toBe(201);
    now = first + 3_600;
    expect((await post('6')).status).toBe(201);
    expect(await marks('6')).toMatchObject({ requested: String(first + 3_600) });
    now = first;
  });

  it.each([
    [
      '99999999',
      NFT,
      '43114',
      404,
      `path parameter tokenId 99999999 of collection ${NFT} is not an NFT this service indexes on chain 43114`,
    ],
    ['one', NFT, '43114', 400, 'path parameter tokenId must be a token ID (a decimal integer of at least 0)'],
    ['1', '0x12', '43114', 400, 'path parameter address must be an EVM address: 0x followed by 40 hex digits'],
    ['1', NFT, '777', 404, 'path parameter chainId 777 is not a chain this service indexes'],
  ])('token %s of %s on %s is a %i', async (tokenId, address, chain, status, message) => {
    expect(await post(tokenId, address, chain)).toEqual(status === 400 ? badRequest(message) : notFound(message));
  });

  it('the GraphQL mutation queues the same way, and is refused within the hour', async () => {
    const mutation = `mutation ($tokenId: TokenId!) {
      reindexNft(chainId: "${C_CHAIN}", address: "${NFT}", tokenId: $tokenId) { address tokenId requestedAt nextAllowedAt }
    }`;
    const { body } = await service.graphql(mutation, { tokenId: '8' });
    expect(body.data.reindexNft).toEqual({ address: NFT, tokenId: '8', requestedAt: now, nextAllowedAt: now + 3_600 });
    expect(await marks('8')).toMatchObject({ requested: String(now), retry: String(now) });
    const again = await service.graphql(mutation, { tokenId: '8' });
    expect(again.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });

  it("the indexer's metadata worker refetches a reindexed token's metadata, and not before", async () => {
    let version = 'first';
    const fetched: string[] = [];
    const metadata = createServer((request, response) => {
      fetched.push(request.url ?? '');
      if (request.url === '/token/0') return response.end(JSON.stringify({ name: `Reindexed ${version}` }));
      response.writeHead(404).end();
    });
    let rpc: Server | undefined;
    const loggers = createLoggerFactory({ display: () => {}, logLevel: 'INFO' });
    try {
      await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.1', resolve));
      const metadataBase = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}`;
      // A node answering tokenURI(id) with `<metadata server>/token/<id>`.
      rpc = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk) => (text += chunk));
        request.on('end', () => {
          const calls = JSON.parse(text) as { id: number; params: [{ data: string }] }[];
          const answers = (Array.isArray(calls) ? calls : [calls]).map((call) => ({
            jsonrpc: '2.0',
            id: call.id,
            result: encodeAbiParameters(
              [{ type: 'string' }],
              [`${metadataBase}/token/${BigInt(`0x${call.params[0].data.slice(10)}`)}`],
            ),
          }));
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(Array.isArray(calls) ? answers : answers[0]));
        });
      });
      await new Promise<void>((resolve) => rpc!.listen(0, '127.0.0.1', resolve));
      const config = parseIndexerConfig(
        JSON.stringify({
          evm: [
            {
              chainId: 43114,
              rpcUrl: `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`,
              network: 'mainnet',
              startBlock: 0,
              confirmations: 0,
            },
          ],
          nftMetadata: { timeoutMs: 2_000, retryAttempts: 0 },
        }),
      );
      const worker = createNftMetadataWorker({
        db,
        chains: config.evm,
        options: config.nftMetadata,
        logger: loggers.get('indexer'),
        batch: 500,
      });
      const token0 = async () =>
        (
          await db.query<{ index_status: string; metadata_name: string | null; attempts: number }>(
            `SELECT index_status, metadata_name, metadata_attempts AS attempts FROM evm_nft_token
             WHERE chain_id = 43114 AND address = $1 AND token_id = 0`,
            [NFT],
          )
        )[0]!;
      const before = await token0();
      expect(before.metadata_name).not.toMatch(/^Reindexed/);
      // The worker's own queue first: token 0 (fetched already, nothing due) is not in it.
      await worker.drain();
      expect(fetched).not.toContain('/token/0');
      expect(await token0()).toEqual(before);

      expect((await post('0')).status).toBe(201);
      await worker.drain();
      expect(fetched.filter((url) => url === '/token/0')).toHaveLength(1);
      expect(await token0()).toEqual({ index_status: 'INDEXED', metadata_name: 'Reindexed first', attempts: 1 });
      expect((await service.request(`/v1/chains/43114/nfts/collections/${NFT}/tokens/0`)).body.metadata.name).toBe(
        'Reindexed first',
      );

      // Refetched once: a second round does not fetch it again.
      version = 'second';
      await worker.drain();
      expect(fetched.filter((url) => url === '/token/0')).toHaveLength(1);
      // An hour later (the stored request moved an hour back: the worker's "due" is the wall clock) it may be
      // reindexed again, and the new metadata comes in.
      await db.query(
        `UPDATE evm_nft_token SET reindex_requested_at = reindex_requested_at - 3600 WHERE chain_id = 43114 AND address = $1 AND token_id = 0`,
        [NFT],
      );
      expect((await post('0')).status).toBe(201);
      await worker.drain();
      expect(await token0()).toMatchObject({ metadata_name: 'Reindexed second' });
    } finally {
      await loggers.close();
      rpc?.closeAllConnections();
      await new Promise((resolve) => rpc?.close(resolve) ?? resolve(undefined));
      metadata.closeAllConnections();
      await new Promise((resolve) => metadata.close(resolve));
    }
  }, 60_000);
});

// The latest transactions of a chain and across a network's chains, on the demo data set.
// Expected values come from the raw tables with plain SQL.
import { getCreateAddress } from 'ethers';
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { accountOf, allPages } from './evmTestSupport';

let db: Database;
let service: TestService;
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** A transaction's identity in a list across chains. */
const idOf = (t: { chainId: string; txHash: string }) => `${t.chainId}:${t.txHash}`;

/** A chain's transactions, newest first, from the raw table. */
async function expectedOfChain(chainId: number, where = 'TRUE', limit = 'ALL'): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT chain_id || ':0x' || encode(tx_hash, 'hex') AS id FROM evm_transaction WHERE chain_id = $1 AND ${where}
     ORDER BY block_number DESC, block_index DESC LIMIT ${limit}`,
    [chainId],
  );
  return rows.map((row) => row.id);
}

/** A network's transactions, newest block time first, then chain ID, block and position (all descending). */
async function expectedOfNetwork(network: string | null, where = 'TRUE', limit = 'ALL'): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT t.chain_id || ':0x' || encode(t.tx_hash, 'hex') AS id FROM evm_transaction t
     JOIN evm_chain c ON c.chain_id = t.chain_id JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
     WHERE ($1::network IS NULL OR c.network = $1::network) AND ${where}
     ORDER BY b.timestamp DESC, t.chain_id DESC, t.block_number DESC, t.block_index DESC LIMIT ${limit}`,
    [network],
  );
  return rows.map((row) => row.id);
}

/** Follows nextPageToken for at most `pages` pages. */
async function firstPages(path: string, pages: number): Promise<any[]> {
  const items: any[] = [];
  let next: string | undefined;
  for (let i = 0; i < pages; i++) {
    const { status, body } = await service.request(next ? `${path}&pageToken=${encodeURIComponent(next)}` : path);
    expect(status).toBe(200);
    items.push(...body.transactions);
    next = body.nextPageToken;
    if (!next) break;
  }
  return items;
}

/** A transaction as the official NativeTransaction, computed from its raw rows. */
async function expectedItem(chainId: string, txHash: string): Promise<Record<string, unknown>> {
  const [r] = await db.query<{
    block_number: bigint;
    block_index: number;
    from_address: string;
    to_address: string | null;
    contract_address: string | null;
    value: string;
    gas_limit: string;
    gas_used: string;
    gas_price: string;
    nonce: bigint;
    tx_type: number;
    status: number;
    /** 0x hex. */
    input: string;
    method_hash: string | null;
    method_name: string | null;
    hash: string;
    timestamp: bigint;
    timestamp_milliseconds: bigint | null;
    min_delay_excess: string | null;
  }>(
    `SELECT t.block_number, t.block_index, t.from_address, t.to_address, t.contract_address, t.value::text, t.gas_limit::text,
       t.gas_used::text, t.gas_price::text, t.nonce, t.tx_type, t.status, t.input, t.method_hash, s.method_name, b.hash, b.timestamp,
       b.timestamp_milliseconds, b.min_delay_excess::text
     FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
     LEFT JOIN evm_method_signature s ON s.method_hash = t.method_hash
     WHERE t.chain_id = $1 AND t.tx_hash = $2`,
    [chainId, txHash],
  );
  const to =
    r!.to_address ?? r!.contract_address ?? getCreateAddress({ from: r!.from_address, nonce: r!.nonce }).toLowerCase();
  const callType =
    r!.to_address === null ? 'CONTRACT_CREATION' : r!.input === '0x' ? 'NATIVE_TRANSFER' : 'CONTRACT_CALL';
  return {
    blockNumber: String(r!.block_number),
    blockTimestamp: Number(r!.timestamp),
    ...(r!.timestamp_milliseconds !== null ? { blockTimestampMilliseconds: Number(r!.timestamp_milliseconds) } : {}),
    ...(r!.min_delay_excess !== null ? { blockMinDelayExcess: Number(r!.min_delay_excess) } : {}),
    blockHash: r!.hash,
    chainId,
    blockIndex: r!.block_index,
    txHash,
    txStatus: String(r!.status),
    txType: r!.tx_type,
    gasLimit: r!.gas_limit,
    gasUsed: r!.gas_used,
    gasPrice: r!.gas_price,
    nonce: String(r!.nonce),
    from: await accountOf(db, BigInt(chainId), r!.from_address),
    to: await accountOf(db, BigInt(chainId), to),
    method:
      callType === 'CONTRACT_CALL'
        ? { callType, methodHash: r!.method_hash, ...(r!.method_name ? { methodName: r!.method_name } : {}) }
        : { callType, methodHash: '' },
    value: r!.value,
  };
}

async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

describe('GET /v1/chains/{chainId}/transactions (listLatestTransactions)', () => {
  it('serves 10 transactions by default, newest first, each with every member of NativeTransaction', async () => {
    const { status, body } = await service.request('/v1/chains/43114/transactions');
    expect(status).toBe(200);
    expect(body.transactions.map(idOf)).toEqual(await expectedOfChain(43114, 'TRUE', '10'));
    expect(body.nextPageToken).toEqual(expect.any(String));
    for (const item of body.transactions) expect(item).toEqual(await expectedItem('43114', item.txHash));
  });

  it('serves every member on a page of calls, creations and transfers alike', async () => {
    const { body } = await service.request('/v1/chains/43114/transactions?pageSize=100');
    for (const item of body.transactions) expect(item).toEqual(await expectedItem('43114', item.txHash));
    const kinds = new Set(body.transactions.map((t: any) => t.method.callType));
    expect(kinds).toContain('CONTRACT_CALL');
    expect(kinds).toContain('NATIVE_TRANSFER');
  });

  it("pages through the chain's whole history: every transaction once, in the raw table's order", async () => {
    const items = await allPages(service, '/v1/chains/43113/transactions?pageSize=100', 'transactions', 1000);
    expect(items.map(idOf)).toEqual(await expectedOfChain(43113));
  }, 120_000);

  it('keeps its order across pages of any size (first pages of 7)', async () => {
    const items = await firstPages('/v1/chains/43114/transactions?pageSize=7', 30);
    expect(items.map(idOf)).toEqual(await expectedOfChain(43114, 'TRUE', '210'));
  });

  it('filters by status: failed (receipt status 0) across all pages, success (1)', async () => {
    const failed = await allPages(service, '/v1/chains/43114/transactions?status=failed&pageSize=100', 'transactions');
    const expected = await expectedOfChain(43114, 'status = 0');
    expect(expected.length).toBeGreaterThan(100);
    expect(failed.map(idOf)).toEqual(expected);
    expect(new Set(failed.map((t) => t.txStatus))).toEqual(new Set(['0']));
    const success = await firstPages('/v1/chains/43114/transactions?status=success&pageSize=100', 3);
    expect(success.map(idOf)).toEqual(await expectedOfChain(43114, 'status = 1', '300'));
  }, 60_000);

  it('accepts the chain by blockchain ID, with the same tokens', async () => {
    const byNumber = await service.request('/v1/chains/43114/transactions?pageSize=5');
    const byId = await service.request(`/v1/chains/${C_CHAIN}/transactions?pageSize=5`);
    expect(byId).toEqual(byNumber);
    const next = await service.request(
      `/v1/chains/${C_CHAIN}/transactions?pageSize=5&pageToken=${byNumber.body.nextPageToken}`,
    );
    expect(next.body.transactions.map(idOf)).toEqual((await expectedOfChain(43114, 'TRUE', '10')).slice(5));
  });

  it('binds page tokens to the chain and the status', async () => {
    const { body } = await service.request('/v1/chains/43114/transactions?pageSize=2');
    for (const other of [
      '/v1/chains/43113/transactions?pageSize=2',
      '/v1/chains/43114/transactions?status=failed&pageSize=2',
      '/v1/transactions?network=mainnet&pageSize=2',
    ]) {
      const answer = await service.request(`${other}&pageToken=${body.nextPageToken}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('query parameter pageToken is invalid or belongs to another query');
    }
  });

  it.each([
    ['/v1/chains/43114/transactions?pageSize=0', 400, 'query parameter pageSize must be at least 1'],
    ['/v1/chains/43114/transactions?pageSize=101', 400, 'query parameter pageSize must be at most 100'],
    ['/v1/chains/43114/transactions?status=pending', 400, 'query parameter status must be one of failed, success'],
    ['/v1/chains/1/transactions', 404, 'path parameter chainId 1 is not a chain this service indexes'],
  ])('%s → %i', async (path, status, message) => {
    await expectError(path, status, message);
  });

  it('answers the same in GraphQL, as a root field and as EvmChain.transactions, with shared tokens', async () => {
    const fields = 'nextPageToken transactions { chainId txHash blockNumber blockIndex txStatus }';
    const { body } = await service.graphql(
      `{
        listLatestTransactions(chainId: "43114", status: failed, pageSize: 3) { ${fields} }
        listEvmChains(network: mainnet) { chainId transactions(status: failed, pageSize: 3) { ${fields} } }
      }`,
    );
    expect(body.errors).toBeUndefined();
    const rest = await service.request('/v1/chains/43114/transactions?status=failed&pageSize=3');
    const pick = (t: any) => ({
      chainId: t.chainId,
      txHash: t.txHash,
      blockNumber: t.blockNumber,
      blockIndex: t.blockIndex,
      txStatus: t.txStatus,
    });
    const expected = { nextPageToken: rest.body.nextPageToken, transactions: rest.body.transactions.map(pick) };
    expect(body.data.listLatestTransactions).toEqual(expected);
    const cChain = body.data.listEvmChains.find((chain: any) => chain.chainId === '43114');
    expect(cChain.transactions).toEqual(expected);
    // Each chain's field is its own list.
    for (const chain of body.data.listEvmChains) {
      expect(chain.transactions.transactions.map((t: any) => `${t.chainId}:${t.txHash}`)).toEqual(
        await expectedOfChain(Number(chain.chainId), 'status = 0', '3'),
      );
    }
  });
});

describe('GET /v1/transactions (listLatestTransactionsAllChains)', () => {
  it('serves the latest 10 of every indexed chain when network is omitted, merging the chains by block time', async () => {
    const { status, body } = await service.request('/v1/transactions');
    expect(status).toBe(200);
    expect(body.transactions.map(idOf)).toEqual(await expectedOfNetwork(null, 'TRUE', '10'));
    for (const item of body.transactions) expect(item).toEqual(await expectedItem(item.chainId, item.txHash));
  });

  it('keeps the order across pages, ties at one block time by chain ID (first pages of 7 and of 100)', async () => {
    const expected = await expectedOfNetwork('mainnet', 'TRUE', '2000');
    const small = await firstPages('/v1/transactions?network=mainnet&pageSize=7', 40);
    expect(small.map(idOf)).toEqual(expected.slice(0, 280));
    const large = await firstPages('/v1/transactions?network=mainnet&pageSize=100', 20);
    expect(large.map(idOf)).toEqual(expected);
    // The pages cross chains, and at least one block time is shared by two chains.
    expect(new Set(large.map((t) => t.chainId)).size).toBeGreaterThan(1);
    const [tie] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT b.timestamp FROM evm_block b JOIN evm_chain c ON c.chain_id = b.chain_id
       WHERE c.network = 'mainnet' AND b.tx_count > 0 GROUP BY b.timestamp HAVING count(DISTINCT b.chain_id) > 1) x`,
    );
    expect(tie!.n).toBeGreaterThan(0);
  }, 120_000);

  it("pages through the whole network's failed transactions, every chain's, in order", async () => {
    const items = await allPages(
      service,
      '/v1/transactions?network=mainnet&status=failed&pageSize=100',
      'transactions',
    );
    const expected = await expectedOfNetwork('mainnet', 't.status = 0');
    expect(items.map(idOf)).toEqual(expected);
    expect(new Set(items.map((t) => t.chainId)).size).toBeGreaterThan(1);
    const success = await firstPages('/v1/transactions?network=mainnet&status=success&pageSize=100', 3);
    expect(success.map(idOf)).toEqual(await expectedOfNetwork('mainnet', 't.status = 1', '300'));
  }, 60_000);

  it('lists the test network as fuji or testnet, with shared tokens', async () => {
    const fuji = await service.request('/v1/transactions?network=fuji&pageSize=20');
    expect(fuji.body.transactions.map(idOf)).toEqual(await expectedOfNetwork('fuji', 'TRUE', '20'));
    const testnet = await service.request('/v1/transactions?network=testnet&pageSize=20');
    expect(testnet).toEqual(fuji);
    const next = await service.request(
      `/v1/transactions?network=testnet&pageSize=20&pageToken=${fuji.body.nextPageToken}`,
    );
    expect(next.body.transactions.map(idOf)).toEqual((await expectedOfNetwork('fuji', 'TRUE', '40')).slice(20));
  });

  it.each([
    ['/v1/transactions?pageSize=0', 400, 'query parameter pageSize must be at least 1'],
    ['/v1/transactions?pageSize=101', 400, 'query parameter pageSize must be at most 100'],
    ['/v1/transactions?network=devnet', 400, 'query parameter network must be one of mainnet, fuji, testnet'],
    ['/v1/transactions?status=reverted', 400, 'query parameter status must be one of failed, success'],
    ['/v1/transactions?pageToken=forged', 400, 'query parameter pageToken is invalid or belongs to another query'],
  ])('%s → %i', async (path, status, message) => {
    await expectError(path, status, message);
  });

  it('answers the same in GraphQL', async () => {
    const rest = await service.request('/v1/transactions?network=fuji&status=failed&pageSize=4');
    const { body } = await service.graphql(
      '{ listLatestTransactionsAllChains(network: fuji, status: failed, pageSize: 4) { nextPageToken transactions { chainId txHash } } }',
    );
    expect(body.data.listLatestTransactionsAllChains).toEqual({
      nextPageToken: rest.body.nextPageToken,
      transactions: rest.body.transactions.map((t: any) => ({ chainId: t.chainId, txHash: t.txHash })),
    });
  });
});

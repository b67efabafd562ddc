// An address's transaction lists on the demo data set: the combined view (listTransactions, v1 and
// v2) and the native transactions. Expected values are read from the raw tables with plain SQL
// (evm_transaction, evm_token_transfer, evm_internal_transaction); fixture rows add a spam-token
// airdrop, which the generator does not make.
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { allPages, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
const statements: string[] = [];
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const OTHER = '0x00000000000000000000000000000000000c0de2';
const SPAM = '0x000000000000000000000000000000000005ba11';
const v1 = (query = '', address = SHOWCASE) => `/v1/chains/43114/addresses/${address}/transactions${query}`;
const v2 = (query = '', address = SHOWCASE) => `/v2/chains/43114/addresses/${address}/transactions${query}`;
const native = (query = '', address = SHOWCASE) =>
  `/v1/chains/43114/addresses/${address}/transactions:listNative${query}`;
/** The transaction the spam token was airdropped in: none of its other rows name the showcase. */
let airdrop: { tx_hash: string; block_number: bigint };

beforeAll(async () => {
  db = (
    await setupSeededDatabase({
      onQuery: (sql) => {
        statements.push(sql);
      },
    })
  ).db;
  [airdrop] = await db.query<{ tx_hash: string; block_number: bigint }>(
    `SELECT x.tx_hash, x.block_number FROM evm_transaction x
     WHERE x.chain_id = 43114 AND x.from_address <> $1 AND x.to_address <> $1
       AND NOT EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = 43114 AND t.tx_hash = x.tx_hash AND $1 IN (t.from_address, t.to_address))
       AND NOT EXISTS (SELECT 1 FROM evm_internal_transaction f WHERE f.chain_id = 43114 AND f.tx_hash = x.tx_hash AND $1 IN (f.from_address, f.to_address))
     ORDER BY x.block_number DESC LIMIT 1 OFFSET 20`,
    [SHOWCASE],
  );
  await db.query(
    `INSERT INTO evm_contract (chain_id, address, erc_type, name, symbol, decimals, tags, token_reputation)
     VALUES (43114, $1, 'ERC-20', 'Claim Rewards', 'SPAM', 18, '{}', 'Malicious')`,
    [SPAM],
  );
  await db.query(
    `INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value)
     VALUES (43114, $1, 9100, 0, $2, 'ERC-20', $3, $4, $5, 1000)`,
    [airdrop!.tx_hash, String(airdrop!.block_number), SPAM, OTHER, SHOWCASE],
  );
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const listed = `(f.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3') OR (f.internal_tx_type IN ('CALL', 'CALLCODE') AND f.value > 0))`;
const spamFree = `NOT (t.erc_type = 'ERC-20' AND EXISTS (SELECT 1 FROM evm_contract c WHERE c.chain_id = t.chain_id AND c.address = t.token_address AND c.token_reputation = 'Malicious'))`;

/** An item as the tests compare it: the transaction and the address's parts of it. */
type Summary = { txHash: string; erc20: number[]; erc721: string[]; erc1155: string[]; internals: string[] };

/**
 * Every transaction the address took part in, in the order asked, with the logs and frames it
 * sent or received, from the raw tables.
 */
async function expected(
  address: string,
  { order = 'DESC', range = '', filterSpam = false }: { order?: string; range?: string; filterSpam?: boolean } = {},
): Promise<Summary[]> {
  const spam = filterSpam ? `AND ${spamFree}` : '';
  const txs = await db.query<{ tx_hash: string }>(
    `SELECT x.tx_hash FROM evm_transaction x
     WHERE x.chain_id = 43114 ${range} AND (x.from_address = $1 OR x.to_address = $1
       OR EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = x.chain_id AND t.tx_hash = x.tx_hash AND (t.from_address = $1 OR t.to_address = $1) ${spam})
       OR EXISTS (SELECT 1 FROM evm_internal_transaction f WHERE f.chain_id = x.chain_id AND f.tx_hash = x.tx_hash AND (f.from_address = $1 OR f.to_address = $1) AND ${listed}))
     ORDER BY x.block_number ${order}, x.block_index ${order}`,
    [address],
  );
  const transfers = await db.query<{ tx_hash: string; erc_type: string; log_index: number; token_id: string | null }>(
    `SELECT t.tx_hash, t.erc_type::text, t.log_index, t.token_id::text FROM evm_token_transfer t
     WHERE t.chain_id = 43114 AND (t.from_address = $1 OR t.to_address = $1) ${spam} ORDER BY t.log_index, t.batch_index`,
    [address],
  );
  const frames = await db.query<{ tx_hash: string; internal_tx_type: string; value: string }>(
    `SELECT f.tx_hash, f.internal_tx_type::text, f.value::text FROM evm_internal_transaction f
     WHERE f.chain_id = 43114 AND (f.from_address = $1 OR f.to_address = $1) AND ${listed} ORDER BY f.trace_index`,
    [address],
  );
  return txs.map(({ tx_hash }) => {
    const own = transfers.filter((t) => t.tx_hash === tx_hash);
    return {
      txHash: tx_hash,
      erc20: own.filter((t) => t.erc_type === 'ERC-20').map((t) => t.log_index),
      erc721: own.filter((t) => t.erc_type === 'ERC-721').map((t) => `${t.log_index}:${t.token_id}`),
      erc1155: own.filter((t) => t.erc_type === 'ERC-1155').map((t) => `${t.log_index}:${t.token_id}`),
      internals: frames.filter((f) => f.tx_hash === tx_hash).map((f) => `${f.internal_tx_type}:${f.value}`),
    };
  });
}

/** An item of the combined view as {@link Summary}. */
function summary(item: any): Summary {
  return {
    txHash: item.nativeTransaction.txHash,
    erc20: item.erc20Transfers.map((t: any) => t.logIndex),
    erc721: item.erc721Transfers.map((t: any) => `${t.logIndex}:${t.erc721Token.tokenId}`),
    erc1155: item.erc1155Transfers.map((t: any) => `${t.logIndex}:${t.erc1155Token.tokenId}`),
    internals: item.internalTransactions.map((f: any) => `${f.internalTxType}:${f.value}`),
  };
}

/** The busiest addresses of the C-Chain's transfers and frames besides the showcase: routers, tokens, factories. */
async function busyAddresses(): Promise<string[]> {
  const rows = await db.query<{ a: string }>(
    `SELECT a FROM (
       SELECT to_address AS a, count(*) AS n FROM evm_token_transfer WHERE chain_id = 43114 GROUP BY 1
       UNION ALL SELECT to_address, count(*) FROM evm_internal_transaction WHERE chain_id = 43114 GROUP BY 1) s
     WHERE a <> $1 GROUP BY a ORDER BY sum(n) DESC LIMIT 2`,
    [SHOWCASE],
  );
  return rows.map((row) => row.a);
}

/** The items of the first `pages` pages of a list of the combined view. */
async function firstPages(path: string, pages: number): Promise<any[]> {
  const items: any[] = [];
  let next: string | undefined;
  for (let page = 0; page < pages; page++) {
    const { status, body } = await service.request(next ? `${path}&pageToken=${encodeURIComponent(next)}` : path);
    expect(status).toBe(200);
    items.push(...body.transactions);
    next = body.nextPageToken;
    if (!next) break;
  }
  return items;
}

async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

/** The bad-input rules the three lists share. */
function badInputCases(path: (query?: string, address?: string) => string): [string, number, string][] {
  return [
    [path('?startBlock=11&endBlock=10'), 400, 'query parameter startBlock must not be after endBlock'],
    [path('?pageSize=101'), 400, 'query parameter pageSize must be at most 100'],
    [path('?pageSize=0'), 400, 'query parameter pageSize must be at least 1'],
    [path('?startBlock=-1'), 400, 'query parameter startBlock must be a block number (an integer of at least 0)'],
    [path('?pageToken=nonsense'), 400, 'query parameter pageToken is invalid or belongs to another query'],
    [
      path('', `0x${'g'.repeat(40)}`),
      400,
      'path parameter address must be an EVM address: 0x followed by 40 hex digits',
    ],
    [path().replace('/43114/', '/1/'), 404, 'path parameter chainId 1 is not a chain this service indexes'],
  ];
}

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions (listTransactions)', () => {
  it('lists every transaction the address sent, received or took part in through a transfer or listed internal transaction, newest first, across pages', async () => {
    const items = await allPages(service, v1('?pageSize=100'), 'transactions');
    const want = await expected(SHOWCASE);
    expect(items.map(summary)).toEqual(want);
    expect(want.length).toBeGreaterThan(300);
    // Every way of taking part occurs.
    const fromTx = await db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM evm_transaction WHERE chain_id = 43114 AND from_address = $1',
      [SHOWCASE],
    );
    expect(want.length).toBeGreaterThan(Number(fromTx[0]!.n));
    expect(want.some((t) => t.internals.length > 0)).toBe(true);
    expect(want.some((t) => t.erc721.length > 0) && want.some((t) => t.erc1155.length > 0)).toBe(true);
  });

  it('pages with small pages to the same list, and oldest first with sortOrder=asc', async () => {
    const want = await expected(SHOWCASE);
    const small = await allPages(service, v1('?pageSize=7'), 'transactions', 400);
    expect(small.map((item) => item.nativeTransaction.txHash)).toEqual(want.map((t) => t.txHash));
    const asc = await allPages(service, v1('?pageSize=100&sortOrder=asc'), 'transactions');
    expect(asc.map(summary)).toEqual(await expected(SHOWCASE, { order: 'ASC' }));
  });

  it('lists busy contract addresses, whose sides are mostly transfers and internal calls, as the raw tables do', async () => {
    for (const address of await busyAddresses()) {
      const want = await expected(address);
      expect(want.length).toBeGreaterThan(300);
      // The first three pages, and three pages from the middle of its history (a block range).
      const first = await firstPages(v1('?pageSize=100', address), 3);
      expect(first.map(summary)).toEqual(want.slice(0, 300));
      const [middle] = await db.query<{ b: bigint }>(
        'SELECT block_number AS b FROM evm_transaction WHERE chain_id = 43114 AND tx_hash = $1',
        [want[Math.floor(want.length / 2)]!.txHash],
      );
      const range = `AND x.block_number < ${middle!.b}`;
      const deep = await firstPages(v1(`?pageSize=100&endBlock=${middle!.b}`, address), 3);
      expect(deep.map(summary)).toEqual((await expected(address, { range })).slice(0, 300));
    }
  }, 300_000);

  it('serves the native part as the block list serves the transaction, with the parts the address sent or received', async () => {
    const { body } = await service.request(v1('?pageSize=12'));
    expect(body.transactions).toHaveLength(12);
    for (const item of body.transactions) {
      const tx = item.nativeTransaction;
      const { body: block } = await service.request(`/v1/chains/43114/blocks/${tx.blockNumber}/transactions`);
      expect(tx).toEqual(block.transactions.find((t: any) => t.txHash === tx.txHash));
      const [row] = await db.query<{ block_index: number; from_address: string; value: string; status: number }>(
        'SELECT block_index, from_address, value::text, status FROM evm_transaction WHERE chain_id = 43114 AND tx_hash = $1',
        [tx.txHash],
      );
      expect(tx).toMatchObject({
        blockIndex: row!.block_index,
        from: { address: row!.from_address },
        value: row!.value,
        txStatus: String(row!.status),
        chainId: '43114',
      });
      for (const t of [...item.erc20Transfers, ...item.erc721Transfers, ...item.erc1155Transfers])
        expect([t.from.address, t.to.address]).toContain(SHOWCASE);
      for (const f of item.internalTransactions) expect([f.from.address, f.to.address]).toContain(SHOWCASE);
    }
    // A transfer carries what the single transaction serves for it.
    const withErc20 = body.transactions.find((item: any) => item.erc20Transfers.length > 0);
    if (withErc20) {
      const { body: single } = await service.request(
        `/v1/chains/43114/transactions/${withErc20.nativeTransaction.txHash}`,
      );
      for (const t of withErc20.erc20Transfers)
        expect(single.erc20Transfers.find((s: any) => s.logIndex === t.logIndex)).toEqual(t);
    }
  });

  it('keeps startBlock inclusive and endBlock exclusive, either side optional', async () => {
    const [a] = await db.query<{ lo: bigint; hi: bigint }>(
      `SELECT percentile_disc(0.3) WITHIN GROUP (ORDER BY block_number) AS lo, percentile_disc(0.7) WITHIN GROUP (ORDER BY block_number) AS hi
       FROM evm_transaction WHERE chain_id = 43114 AND from_address = $1`,
      [SHOWCASE],
    );
    const cases: [string, string][] = [
      [`?startBlock=${a!.lo}&endBlock=${a!.hi}`, `AND x.block_number >= ${a!.lo} AND x.block_number < ${a!.hi}`],
      [`?startBlock=${a!.hi}`, `AND x.block_number >= ${a!.hi}`],
      [`?endBlock=${a!.lo}`, `AND x.block_number < ${a!.lo}`],
      [`?startBlock=${a!.lo}&endBlock=${a!.lo}`, 'AND false'],
    ];
    for (const [query, range] of cases) {
      const items = await allPages(service, v1(`${query}&pageSize=50`), 'transactions');
      expect(items.map(summary)).toEqual(await expected(SHOWCASE, { range }));
    }
  });

  it.each([...badInputCases(v1), [v1('?sortOrder=newest'), 400, 'query parameter sortOrder must be one of asc, desc']])(
    '%s is a %i',
    async (path, status, message) => {
      await expectError(path, status, message);
    },
  );

  it('binds page tokens to the list and its arguments, and accepts the chain by blockchain ID and the address in any case', async () => {
    const { body } = await service.request(v1('?pageSize=5'));
    const token = encodeURIComponent(body.nextPageToken);
    const next = await service.request(
      `/v1/chains/${C_CHAIN}/addresses/${SHOWCASE.toUpperCase().replace('0X', '0x')}/transactions?pageSize=5&pageToken=${token}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.transactions.map(summary)).toEqual((await expected(SHOWCASE)).slice(5, 10));
    for (const other of [v1(`?pageSize=5&sortOrder=asc&pageToken=${token}`), native(`?pageSize=5&pageToken=${token}`)])
      await expectError(other, 400, 'query parameter pageToken is invalid or belongs to another query');
  });

  it('sends as many statements for a page of 100 as for a page of 10', async () => {
    const count = async (path: string) => {
      await service.request(path);
      statements.length = 0;
      expect((await service.request(path)).status).toBe(200);
      return statements.length;
    };
    const [at10, at100] = [await count(v1('?pageSize=10')), await count(v1('?pageSize=100'))];
    expect(at10).toBe(at100);
    expect(at10).toBeLessThanOrEqual(2);
  });

  it('answers GraphQL (root field and EvmAccountOnChain.transactions) as REST', async () => {
    const selection =
      'nextPageToken transactions { nativeTransaction { txHash blockIndex from { address } to { address } method { callType } } erc20Transfers { logIndex value erc20Token { address symbol } } erc721Transfers { logIndex erc721Token { tokenId } } erc1155Transfers { logIndex value } internalTransactions { internalTxType value isReverted } }';
    const { body: rest } = await service.request(v1('?pageSize=20&sortOrder=asc'));
    const root = await service.graphql(
      `query($a: EvmAddress!) { r: listTransactions(chainId: "43114", address: $a, pageSize: 20, sortOrder: asc) { ${selection} } }`,
      { a: SHOWCASE },
    );
    expect(root.body.errors).toBeUndefined();
    expect(rest).toMatchObject(root.body.data.r);
    const field = await service.graphql(
      `{ listEvmChains(network: mainnet) { chainId account(address: "${SHOWCASE}") { transactions(pageSize: 20, sortOrder: asc) { ${selection} } } } }`,
      { a: SHOWCASE },
    );
    expect(field.body.errors).toBeUndefined();
    const cChain = field.body.data.listEvmChains.find((c: any) => c.chainId === '43114');
    expect(cChain.account.transactions).toEqual(root.body.data.r);
  });
});

describe('GET /v2/chains/{chainId}/addresses/{address}/transactions (listTransactionsV2)', () => {
  it('leaves out ERC-20 transfers of Malicious tokens by default, and the transactions the address took part in through those only', async () => {
    const items = await allPages(service, v2('?pageSize=100'), 'transactions');
    expect(items.map(summary)).toEqual(await expected(SHOWCASE, { filterSpam: true }));
    expect(items.some((item) => item.nativeTransaction.txHash === airdrop.tx_hash)).toBe(false);
    // v1 has no filter: the airdrop is there.
    const all = await allPages(service, v1('?pageSize=100'), 'transactions');
    expect(all.find((item) => item.nativeTransaction.txHash === airdrop.tx_hash)?.erc20Transfers).toEqual([
      expect.objectContaining({
        logIndex: 9100,
        value: '1000',
        erc20Token: expect.objectContaining({ address: SPAM }),
      }),
    ]);
  });

  it('with filterSpamTokens=false lists them too, each ERC-20 token with its reputation', async () => {
    const items = await allPages(service, v2('?pageSize=100&filterSpamTokens=false'), 'transactions');
    expect(items.map(summary)).toEqual(await expected(SHOWCASE));
    const reputations = new Map(
      (
        await db.query<{ address: string; r: string | null }>(
          'SELECT address, token_reputation::text AS r FROM evm_contract WHERE chain_id = 43114',
        )
      ).map((row) => [row.address, row.r]),
    );
    const tokens = items.flatMap((item) => item.erc20Transfers.map((t: any) => t.erc20Token));
    expect(tokens.length).toBeGreaterThan(50);
    for (const token of tokens) expect(token.tokenReputation).toBe(reputations.get(token.address) ?? null);
    expect(tokens.some((token) => token.tokenReputation === 'Malicious')).toBe(true);
  });

  it('pages oldest first with sortOrder=asc, within a block range', async () => {
    const range = `AND x.block_number >= ${airdrop.block_number - 50_000n}`;
    const items = await allPages(
      service,
      v2(`?pageSize=9&sortOrder=asc&startBlock=${airdrop.block_number - 50_000n}`),
      'transactions',
      400,
    );
    expect(items.map(summary)).toEqual(await expected(SHOWCASE, { order: 'ASC', range, filterSpam: true }));
  });

  it.each([
    ...badInputCases(v2),
    [v2('?filterSpamTokens=maybe'), 400, 'query parameter filterSpamTokens must be true or false'],
  ])('%s is a %i', async (path, status, message) => {
    await expectError(path, status, message);
  });

  it('answers GraphQL (root field and EvmAccountOnChain.transactionsV2) as REST', async () => {
    const selection =
      'nextPageToken transactions { nativeTransaction { txHash } erc20Transfers { logIndex erc20Token { address tokenReputation } } internalTransactions { internalTxType } }';
    const { body: rest } = await service.request(v2('?pageSize=15&filterSpamTokens=false'));
    const root = await service.graphql(
      `query($a: EvmAddress!) { r: listTransactionsV2(chainId: "43114", address: $a, pageSize: 15, filterSpamTokens: false) { ${selection} } }`,
      { a: SHOWCASE },
    );
    expect(root.body.errors).toBeUndefined();
    expect(rest).toMatchObject(root.body.data.r);
    const field = await service.graphql(
      `{ listEvmChains(network: mainnet) { chainId account(address: "${SHOWCASE}") { transactionsV2(pageSize: 15, filterSpamTokens: false) { ${selection} } } } }`,
      { a: SHOWCASE },
    );
    expect(field.body.errors).toBeUndefined();
    expect(field.body.data.listEvmChains.find((c: any) => c.chainId === '43114').account.transactionsV2).toEqual(
      root.body.data.r,
    );
  });
});

describe('GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative (listNativeTransactions)', () => {
  async function expectedNative(address: string, range = ''): Promise<string[]> {
    const rows = await db.query<{ tx_hash: string }>(
      `SELECT x.tx_hash FROM evm_transaction x WHERE x.chain_id = 43114 AND (x.from_address = $1 OR x.to_address = $1) ${range}
       ORDER BY x.block_number DESC, x.block_index DESC`,
      [address],
    );
    return rows.map((row) => row.tx_hash);
  }

  it('lists every transaction the address sent or received, newest first, across pages', async () => {
    const items = await allPages(service, native('?pageSize=100'), 'transactions');
    expect(items.map((t) => t.txHash)).toEqual(await expectedNative(SHOWCASE));
    expect(items.length).toBeGreaterThan(300);
    const small = await allPages(service, native('?pageSize=13'), 'transactions', 400);
    expect(small).toEqual(items);
  });

  it('serves each transaction as the block list serves it (NativeTransaction)', async () => {
    const { body } = await service.request(native('?pageSize=25'));
    for (const tx of body.transactions) {
      const { body: block } = await service.request(`/v1/chains/43114/blocks/${tx.blockNumber}/transactions`);
      expect(tx).toEqual(block.transactions.find((t: any) => t.txHash === tx.txHash));
    }
  });

  it('keeps startBlock inclusive and endBlock exclusive', async () => {
    const [a] = await db.query<{ lo: bigint; hi: bigint }>(
      `SELECT percentile_disc(0.2) WITHIN GROUP (ORDER BY block_number) AS lo, percentile_disc(0.6) WITHIN GROUP (ORDER BY block_number) AS hi
       FROM evm_transaction WHERE chain_id = 43114 AND to_address = $1`,
      [SHOWCASE],
    );
    const items = await allPages(service, native(`?startBlock=${a!.lo}&endBlock=${a!.hi}&pageSize=40`), 'transactions');
    expect(items.map((t) => t.txHash)).toEqual(
      await expectedNative(SHOWCASE, `AND x.block_number >= ${a!.lo} AND x.block_number < ${a!.hi}`),
    );
  });

  it.each(badInputCases(native))('%s is a %i', async (path, status, message) => {
    await expectError(path, status, message);
  });

  it('answers GraphQL (root field and EvmAccountOnChain.nativeTransactions) as REST', async () => {
    const selection =
      'nextPageToken transactions { txHash blockNumber blockIndex from { address } to { address } value }';
    const { body: rest } = await service.request(native('?pageSize=12'));
    const root = await service.graphql(
      `query($a: EvmAddress!) { r: listNativeTransactions(chainId: "43114", address: $a, pageSize: 12) { ${selection} } }`,
      { a: SHOWCASE },
    );
    expect(root.body.errors).toBeUndefined();
    expect(rest).toMatchObject(root.body.data.r);
    const field = await service.graphql(
      `{ listEvmChains(network: mainnet) { chainId account(address: "${SHOWCASE}") { nativeTransactions(pageSize: 12) { ${selection} } } } }`,
      { a: SHOWCASE },
    );
    expect(field.body.errors).toBeUndefined();
    expect(field.body.data.listEvmChains.find((c: any) => c.chainId === '43114').account.nativeTransactions).toEqual(
      root.body.data.r,
    );
  });
});

// address_activity webhooks fed by the EVM indexer: anvil with native, ERC-20/721/1155 transfers,
// internal calls and an event emitter, webhooks inserted as rows, then the outbox the indexer
// wrote compared with what the node says of every transaction (support/nodeActivity.ts).
import { asText } from '../../prisma/hexBytes';
import { keccak256, toHex } from 'viem';
import type { Database, SqlExecutor } from '../../prisma/database';
import { writeBlocks } from '../../prisma/write';
import { setupTestDatabase, teardown } from '../setup/database';
import { compileContracts } from '../../bench/indexer/compileContracts';
import { generateTraffic, mineBlock, type TestContracts } from '../../bench/indexer/generateTraffic';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { anvilConfig, indexOnce } from './support/indexOnce';
import {
  expectedEvent,
  isMatch,
  readNodeTransactions,
  readToken,
  type NodeTransaction,
  type WebhookSpec,
} from './support/nodeActivity';
import { addressActivityEvents } from '../../indexer/evm/webhooks/addressActivityEvents';
import { messageIdOf } from '../../webhooks/messageId';
import { insertWebhook } from './support/webhookRows';

// The SDK's zod model of a delivery (its package exports the subpath this project's module resolution does not read).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webhookAddressActivityResponseFromJSON } = require('@avalanche-sdk/chainkit/models/components') as {
  webhookAddressActivityResponseFromJSON(json: string): { ok: boolean; value?: unknown; error?: unknown };
};

const NATIVE = { name: 'Test Ether', symbol: 'TETH', decimals: 18 };
const EMITTER = '0x00000000000000000000000000000000000e1e1e';
const ALPHA = keccak256(toHex('Alpha(uint256)'));
const BETA = keccak256(toHex('Beta()'));
// Stores 42, logs it under ALPHA, logs BETA without data, then a log without topics.
const EMITTER_CODE = `0x602a6000527f${ALPHA.slice(2)}60206000a17f${BETA.slice(2)}60006000a160006000a000`;
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

let anvil: Anvil;
let db: Database;
let contracts: TestContracts;
let accounts: string[];
let webhooks: WebhookSpec[];
const config = () =>
  anvilConfig(anvil.url, { traceMethod: 'callTracer', nativeToken: NATIVE, concurrency: 4 }, { enabled: false });

type MessageRow = {
  id: string;
  webhook_id: string;
  chain_key: string;
  block_height: bigint;
  body: string;
  status: string;
};
const messages = () =>
  db.query<MessageRow>(
    'SELECT id, webhook_id, chain_key, block_height, body, status FROM webhook_message ORDER BY block_height, id',
  );
const txOf = (row: MessageRow) => (JSON.parse(row.body) as any).event.transaction.txHash as string;

const spec = (n: number, keys: string[], extra: Partial<WebhookSpec> = {}): WebhookSpec => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  keys,
  chainId: '31337',
  status: 'active',
  includeLogs: false,
  includeInternalTxs: false,
  createdAt: LONG_AGO,
  ...extra,
});

/** The node's transactions of the whole chain, and the token details of their transfers by eth_call. */
async function nodeView(): Promise<{
  txs: NodeTransaction[];
  tokens: Map<string, Awaited<ReturnType<typeof readToken>>>;
}> {
  const txs = await readNodeTransactions(anvil, 0n, BigInt(await anvil.rpc('eth_blockNumber')));
  const tokens = new Map<string, Awaited<ReturnType<typeof readToken>>>();
  for (const tx of txs)
    for (const t of tx.transfers) if (!tokens.has(t.token)) tokens.set(t.token, await readToken(anvil, t.token));
  return { txs, tokens };
}

/** `webhookId|txHash` of every message the node's transactions call for. */
const expectedPairs = (txs: readonly NodeTransaction[]) =>
  webhooks.flatMap((w) => txs.filter((tx) => isMatch(w, tx)).map((tx) => `${w.id}|${tx.tx.hash}`)).sort();

beforeAll(async () => {
  const artifacts = compileContracts();
  [anvil, db] = await Promise.all([startAnvil(), setupTestDatabase()]);
  ({ contracts, accounts } = await generateTraffic(anvil, artifacts, {
    blocks: 6,
    txPerBlock: 25,
    seed: 3,
    nftBaseUri: 'data:application/json,',
    multiUri: '',
  }));
  await anvil.rpc('anvil_setCode', [EMITTER, EMITTER_CODE]);
  // Later blocks, seconds apart: a webhook created at the first of them sees it and the next, not the traffic before.
  await anvil.rpc('evm_increaseTime', [600]);
  await anvil.batch(
    [
      {
        from: accounts[1],
        to: accounts[4],
        value: '0x2386f26fc10000',
        type: '0x0',
        gasPrice: '0x77359400',
        gas: '0x5208',
      },
      {
        from: accounts[1],
        to: accounts[5],
        value: '0x1',
        type: '0x1',
        gasPrice: '0x77359400',
        gas: '0x8000',
        accessList: [{ address: contracts.token[1], storageKeys: [`0x${'0'.repeat(63)}7`] }],
      },
      { from: accounts[3], to: EMITTER, gas: '0x186a0' },
      { from: accounts[6], to: EMITTER, gas: '0x186a0' },
    ].map((tx) => ({ method: 'eth_sendTransaction', params: [tx] })),
  );
  await anvil.rpc('evm_mine');
  const [late] = await readNodeTransactions(
    anvil,
    BigInt(await anvil.rpc('eth_blockNumber')),
    BigInt(await anvil.rpc('eth_blockNumber')),
  );
  await anvil.rpc('evm_increaseTime', [10]);
  await mineBlock(anvil, [{ from: accounts[1], to: accounts[7], value: '0x5', gas: '0x5208' }]);
  webhooks = [
    // everything of an account and of the emitter, with logs and internal transactions
    spec(1, [accounts[1]!, EMITTER], { includeLogs: true, includeInternalTxs: true }),
    // an account, and a contract reached only by internal calls (the forwarder's refused call)
    spec(2, [accounts[2]!, contracts.refuser]),
    // a token contract: its creation and every call to it; with internal transactions only
    spec(3, [contracts.token[0]!], { includeInternalTxs: true }),
    // an account's transactions with an ALPHA log (the signature in upper case), with logs: only those
    spec(4, [accounts[3]!, contracts.multi], {
      includeLogs: true,
      eventSignatures: [`0x${ALPHA.slice(2).toUpperCase()}`],
    }),
    // created at the later blocks' time: their transactions, none of the traffic before
    spec(5, [accounts[1]!], { createdAt: new Date(Number(BigInt(late!.block.timestamp)) * 1000 + 999) }),
    spec(6, [accounts[1]!], { status: 'inactive' }),
    spec(7, [accounts[1]!], { chainId: '43114' }),
    // the NFT contracts: their mints and transfers
    spec(8, [contracts.nft, contracts.multi]),
  ];
  for (const w of webhooks) await insertWebhook(db, w);
  await indexOnce(db, config());
}, 180_000);

afterAll(async () => {
  await anvil?.stop();
  await teardown(db);
});

describe('address_activity messages written with the blocks', () => {
  test('one message per webhook and matching transaction: none for other transactions, another chain, an inactive webhook or blocks before createdAt', async () => {
    const { txs } = await nodeView();
    const rows = await messages();
    const actual = rows.map((row) => `${row.webhook_id}|${txOf(row)}`).sort();
    expect(actual).toEqual(expectedPairs(txs));
    expect(new Set(actual).size).toBe(actual.length);
    // Every webhook that should hear something did, and the others heard nothing.
    const heard = new Set(rows.map((row) => row.webhook_id));
    expect([1, 2, 3, 4, 5, 8].every((n) => heard.has(webhooks[n - 1]!.id))).toBe(true);
    expect(heard.has(webhooks[5]!.id) || heard.has(webhooks[6]!.id)).toBe(false);
    // The late webhook heard exactly the later blocks' transactions of its account (the second-precise rule).
    const late = rows.filter((row) => row.webhook_id === webhooks[4]!.id);
    expect(late).toHaveLength(3);
    // The refuser is only ever reached by an internal call, and its webhook heard those transactions.
    const refused = txs.filter((tx) => tx.tx.to?.toLowerCase() === contracts.forwarder);
    expect(refused.length).toBeGreaterThan(0);
    for (const tx of refused) expect(actual).toContain(`${webhooks[1]!.id}|${tx.tx.hash}`);
    // The token's creation is among its webhook's transactions.
    const creation = txs.find(
      (tx) => tx.tx.to === null && tx.receipt.contractAddress.toLowerCase() === contracts.token[0],
    );
    expect(actual).toContain(`${webhooks[2]!.id}|${creation!.tx.hash}`);
  });

  test("each message is pending, named by its webhook, chain, block and transaction, and its body is the official TransactionEvent of the node's transaction", async () => {
    const { txs, tokens } = await nodeView();
    const byHash = new Map(txs.map((tx) => [tx.tx.hash, tx]));
    const rows = await messages();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      const node = byHash.get(txOf(row))!;
      const webhook = webhooks.find((w) => w.id === row.webhook_id)!;
      expect(row).toMatchObject({
        id: messageIdOf(webhook.id, ['evm:31337', node.block.hash, node.tx.hash]),
        chain_key: 'evm:31337',
        block_height: BigInt(node.block.number),
        status: 'pending',
      });
      expect(JSON.parse(row.body)).toEqual({
        webhookId: webhook.id,
        eventType: 'address_activity',
        messageId: row.id,
        event: expectedEvent(node, webhook, tokens, NATIVE),
      });
    }
    // The traffic gave every kind of member something to show.
    const events = rows.map((row) => JSON.parse(row.body).event);
    const has = (test: (e: any) => boolean) => expect(events.some(test)).toBe(true);
    has((e) => e.transaction.erc20Transfers.length > 0 && e.transaction.erc20Transfers[0].erc20Token.symbol === 'TKA');
    has((e) => e.transaction.erc721Transfers.length > 0);
    has((e) => e.transaction.erc1155Transfers.length > 1);
    has((e) => e.transaction.txStatus === '0');
    has((e) => e.transaction.type === 0);
    has((e) => e.transaction.accessList?.length === 1);
    has((e) => e.transaction.internalTransactions?.length > 2);
    has((e) => e.logs?.some((log: any) => log.topic0 === '0x'));
  });

  test('logs only with includeLogs, internal transactions only with includeInternalTxs', async () => {
    for (const row of await messages()) {
      const webhook = webhooks.find((w) => w.id === row.webhook_id)!;
      const { event } = JSON.parse(row.body);
      expect([row.webhook_id, 'logs' in event]).toEqual([row.webhook_id, webhook.includeLogs]);
      expect([row.webhook_id, 'internalTransactions' in event.transaction]).toEqual([
        row.webhook_id,
        webhook.includeInternalTxs,
      ]);
    }
  });

  test('eventSignatures: only transactions with a listed log, and their logs are the listed ones', async () => {
    const rows = (await messages()).filter((row) => row.webhook_id === webhooks[3]!.id);
    expect(rows).toHaveLength(1);
    const { event } = JSON.parse(rows[0]!.body);
    expect(event.transaction.from).toBe(accounts[3]);
    expect(event.logs).toEqual([
      {
        address: EMITTER,
        topic0: ALPHA,
        data: `0x${'0'.repeat(62)}2a`,
        transactionIndex: event.transaction.transactionIndex,
        logIndex: expect.any(Number),
        removed: false,
      },
    ]);
    // The same transaction, for a webhook without a filter, carries its three logs.
    const unfiltered = (await messages()).filter(
      (row) => row.webhook_id === webhooks[0]!.id && txOf(row) === event.transaction.txHash,
    );
    expect(JSON.parse(unfiltered[0]!.body).event.logs.map((log: any) => log.topic0)).toEqual([ALPHA, BETA, '0x']);
  });

  test("every body is accepted by the official SDK's model and parses to the stored JSON", async () => {
    for (const row of await messages()) {
      const parsed = webhookAddressActivityResponseFromJSON(row.body);
      expect(parsed.error).toBeUndefined();
      expect(parsed.value).toEqual(JSON.parse(row.body));
    }
  });

  test('writing the same blocks again (a restart from an earlier cursor) adds no message and changes none', async () => {
    const before = await db.query('SELECT * FROM webhook_message ORDER BY id');
    const [block] = await db.query<{ hash: string }>(
      'SELECT hash FROM evm_block WHERE chain_id = 31337 AND number = 2',
    );
    // sync_state's hash is text (a primary-network chain's is cb58).
    await db.query(`UPDATE sync_state SET height = 2, block_hash = $1 WHERE chain_key = 'evm:31337'`, [
      asText(block!.hash),
    ]);
    await indexOnce(db, config());
    expect(await db.query('SELECT * FROM webhook_message ORDER BY id')).toEqual(before);
  }, 60_000);

  test('a chain no address_activity webhook follows: one read per batch, nothing written', async () => {
    const statements: string[] = [];
    const recorder = {
      transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) =>
        db.transaction((tx) =>
          work({
            query: (sql: string, params?: unknown[]) => {
              statements.push(sql);
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const block = {
      chainId: 99_999n,
      number: 1n,
      hash: `0x${'1'.repeat(64)}`,
      parentHash: `0x${'0'.repeat(64)}`,
      timestamp: 1_700_000_000n,
      gasLimit: '1',
      gasUsed: '0',
      txCount: 0,
      miner: accounts[1]!,
    };
    await writeBlocks(
      recorder,
      [{ cursor: { chainKey: 'evm:99999', height: 1n, blockHash: block.hash }, rows: { EvmBlock: [block] } }],
      {
        beforeRows: addressActivityEvents,
      },
    );
    expect(statements.filter((sql) => /webhook/.test(sql))).toEqual([expect.stringMatching(/^SELECT EXISTS/)]);
  });
});

describe('reorg', () => {
  test('pending messages of the lost blocks go, a delivered one stays, and the new branch gets its own', async () => {
    const w = webhooks[0]!.id;
    const send = (value: string) => mineBlock(anvil, [{ from: accounts[1], to: accounts[8], value, gas: '0x5208' }]);
    const [a] = await send('0x11');
    const [b] = await send('0x22');
    await indexOnce(db, config());
    const pendingBefore = await db.query<{ id: string }>(`SELECT id FROM webhook_message WHERE status = 'pending'`);
    const messageOf = async (tx: string) =>
      (await messages()).filter((row) => row.webhook_id === w && txOf(row) === tx);
    expect(await messageOf(a!)).toHaveLength(1);
    expect(await messageOf(b!)).toHaveLength(1);
    const delivered = (await messageOf(a!))[0]!.id;
    const lost = (await messages()).filter((row) => [a, b].includes(txOf(row))).map((row) => row.id);
    expect(lost.length).toBeGreaterThan(2); // a second webhook follows the account
    await db.query(`UPDATE webhook_message SET status = 'delivered', delivered_at = now() WHERE id = $1`, [delivered]);
    // Both blocks replaced by empty ones, then a new block with another transaction of the account.
    await anvil.rpc('anvil_reorg', [2, []]);
    await anvil.rpc('anvil_dropAllTransactions').catch(() => undefined);
    const [c] = await send('0x33');
    await indexOnce(db, config());
    expect((await messageOf(a!)).map((row) => [row.id, row.status])).toEqual([[delivered, 'delivered']]);
    expect(await messageOf(b!)).toEqual([]);
    const [fresh] = await messageOf(c!);
    const head = await anvil.rpc('eth_getBlockByNumber', ['latest', false]);
    expect(fresh).toMatchObject({ block_height: BigInt(head.number), status: 'pending' });
    expect(JSON.parse(fresh!.body).event.transaction.blockHash).toBe(head.hash);
    // The pending messages of the blocks the branches share are untouched, and the new block's are added.
    const pendingAfter = await db.query<{ id: string }>(`SELECT id FROM webhook_message WHERE status = 'pending'`);
    const added = (await messages()).filter((row) => txOf(row) === c).map((row) => row.id);
    expect(pendingAfter.map((row) => row.id).sort()).toEqual(
      [...pendingBefore.map((row) => row.id).filter((id) => !lost.includes(id)), ...added].sort(),
    );
    const { txs } = await nodeView();
    const pending = (await messages()).filter((row) => row.status === 'pending');
    expect(pending.map((row) => `${row.webhook_id}|${txOf(row)}`).sort()).toEqual(expectedPairs(txs));
  }, 120_000);
});

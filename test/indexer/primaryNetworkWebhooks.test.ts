// The primary-network webhooks' events, written into the outbox by the P-/X-Chain indexer as it
// follows the fake avalanchego node's whole history (test/fixtures/avalanchego/fujiChains.ts).
// Webhooks are inserted by SQL before the history; what each should receive is worked out here by
// hand from the fixture's transactions (which addresses each consumes or creates UTXOs of, which
// stakers and L1 validations each adds or acts on), and balances are checked against the REST API
// and plain sums over the stored UTXOs.
import { asText } from '../../prisma/hexBytes';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { CURRENT_VALIDATORS_AT_HEAD } from '../fixtures/avalanchego/currentValidators';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  AVAX,
  AVAX_ASSET_ID,
  L1_REGISTERED_VALIDATION_ID,
  L1_VALIDATION_ID,
  NODE,
  P_BLOCKS,
  T0,
  rewardTx,
  tx1,
  tx10,
  tx11,
  tx12,
  tx13,
  tx2,
  tx3,
  tx4,
  tx5,
  tx6,
  tx8,
  tx9,
  xtx1,
  xtx2,
  xv1,
  xv2,
} from '../fixtures/avalanchego/fujiChains';
import { chainFacts } from '../../indexer/primary-network/follow/networkFacts';
import { createPrimaryWebhookHook } from '../../indexer/primary-network/webhooks/createPrimaryWebhookHook';
import { indexOnce } from './support/indexOnce';

const { A, B, C } = ADDRESS as Record<'A' | 'B' | 'C', string>;
const BEFORE_HISTORY = new Date(Number(T0 - 10_000n) * 1000);
const config = (url: string) =>
  parseIndexerConfig(
    JSON.stringify({
      primaryNetwork: [
        { network: 'fuji', nodeUrl: url, pollIntervalMs: 20, validatorRefreshMs: 0, xChainVertices: true },
      ],
    }),
  );

// The addresses whose UTXOs each transaction consumes or creates (genesis and unindexed inputs own nothing here).
const P_TOUCHES: [string, string[]][] = [
  [tx1.id, [A, B]],
  [tx2.id, [A]],
  [tx3.id, [A]],
  [tx4.id, [B]],
  [tx5.id, [A]],
  [tx6.id, [A, C]], // A's change, C's export
  [tx8.id, [A]],
  [tx9.id, [A]],
  [tx10.id, [C]], // C's stake
  [rewardTx.id, [B]], // tx4's reward
  [tx12.id, [A]], // N2's remaining balance back to A
  [tx13.id, [A]], // N3's remaining balance back to A
];
const X_TOUCHES: [string, string[]][] = [
  [xv1.id, [A]],
  [xv2.id, [A, B]],
  [xtx1.id, [C]],
  [xtx2.id, [A, C]],
];
const P_TIME = new Map(P_BLOCKS.flatMap((b) => b.txs.map((t) => [t.id, b.time] as const)));
P_TIME.set(rewardTx.id, P_BLOCKS[6]!.time); // applied by the commit block

type Webhook = {
  id: string;
  eventType: string;
  chainId: string;
  network?: string;
  status?: string;
  createdAt?: Date;
  keys: string[];
  metadata: Record<string, unknown>;
};
const addressHook = (chainId: string, keys: string[], subEvents: string[], extra: Partial<Webhook> = {}): Webhook => ({
  id: randomUUID(),
  eventType: 'primary_network_address_activity',
  chainId,
  keys,
  metadata: { keyType: 'addresses', subEvents: { addressActivitySubEvents: subEvents } },
  ...extra,
});
const validatorHook = (keyType: string, key: string, metadata: Record<string, unknown> = {}): Webhook => ({
  id: randomUUID(),
  eventType: 'validator_activity',
  chainId: 'p-chain',
  keys: [key],
  metadata: { keyType, subEvents: { validatorActivitySubEvents: [] }, ...metadata },
});

const ALL_ADDRESS = ['balance_change', 'balance_threshold', 'reward_distribution'];
const hooks = {
  ab: addressHook('p-chain', [A, B], ALL_ADDRESS),
  c: addressHook('p-chain', [C], ['balance_change']),
  x: addressHook('x-chain', [A, C], ['balance_change']),
  late: addressHook('p-chain', [A], ['balance_change'], { createdAt: new Date(Number(T0 + 250n) * 1000) }),
  inactive: addressHook('p-chain', [A], ALL_ADDRESS, { status: 'inactive' }),
  mainnet: addressHook('p-chain', [A], ALL_ADDRESS, { network: 'mainnet' }),
  unwatched: addressHook('p-chain', ['fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqwq6yn6'], ALL_ADDRESS),
  n1: validatorHook('nodeId', NODE.N1),
  l1: validatorHook('subnetId', tx3.id, { l1ValidatorFeeBalanceThreshold: String((12n * AVAX) / 10n) }),
  l1OfN3: validatorHook('subnetId', tx3.id, { nodeIds: [NODE.N3] }),
};
hooks.ab.metadata.balanceThresholdFilter = { balanceType: 'unlockedUnstaked', balanceThreshold: String(500n * AVAX) };

/** A list in a fixed order: the outbox promises no order between the messages of a block. */
const sorted = <T>(list: readonly T[]) => [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

let node: FakeAvalanchego;
let db: Database;
let service: TestService;
type Message = { id: string; webhook_id: string; chain_key: string; block_height: bigint; body: string };
let messages: Message[];
const eventsOf = (hook: Webhook) =>
  messages
    .filter((m) => m.webhook_id === hook.id)
    .map((m) => JSON.parse(m.body) as { webhookId: string; eventType: string; messageId: string; event: any });

beforeAll(async () => {
  [node, db] = await Promise.all([startFakeAvalanchego({ P: 8, X: 1 }), setupTestDatabase()]);
  node.currentValidators = CURRENT_VALIDATORS_AT_HEAD;
  for (const hook of Object.values(hooks)) {
    const createdAt = hook.createdAt ?? BEFORE_HISTORY;
    await db.query(
      `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, network, status, metadata, created_at, updated_at)
       VALUES ($1, 'config-0', $2, 'https://receiver.test/hook', 'test', '', $3, $4, $5, $6, $7, $7)`,
      [
        hook.id,
        hook.eventType,
        hook.chainId,
        hook.network ?? 'fuji',
        hook.status ?? 'active',
        hook.metadata,
        createdAt,
      ],
    );
    for (const key of hook.keys)
      await db.query('INSERT INTO webhook_key (webhook_id, key) VALUES ($1, $2)', [hook.id, asText(key)]);
  }
  await indexOnce(db, config(node.url));
  messages = await db.query<Message>(
    'SELECT id, webhook_id, chain_key, block_height, body FROM webhook_message ORDER BY created_at, id',
  );
  service = await startTestService(db, { clock: () => Number(T0 + 900_000n) });
}, 180_000);

afterAll(async () => {
  await service?.close();
  await node?.close();
  await teardown(db);
});

describe('primary_network_address_activity: balance_change', () => {
  test('rule: one message per watched transaction of the P-Chain, naming the watched addresses it touches', () => {
    const expected = P_TOUCHES.filter(([, touched]) => touched.some((a) => [A, B].includes(a))).map(
      ([hash, touched]) => ({
        txHash: hash,
        addresses: touched.filter((a) => [A, B].includes(a)).sort(),
      }),
    );
    const got = eventsOf(hooks.ab)
      .filter((m) => m.event.eventType === 'balance_change')
      .map((m) => ({ txHash: m.event.transaction.txHash, addresses: m.event.addresses }));
    expect(sorted(got)).toEqual(sorted(expected));
  });

  test('rule: the envelope is the webhook, its event type, the message ID, and the sub-event', () => {
    for (const message of eventsOf(hooks.ab)) {
      expect(message.webhookId).toBe(hooks.ab.id);
      expect(message.eventType).toBe('primary_network_address_activity');
      expect(messages.find((m) => m.id === message.messageId)).toBeDefined();
      expect(message.event).toMatchObject({
        network: 'fuji',
        chainId: 'p-chain',
        blockchainId: '11111111111111111111111111111111LpoYY',
        blockTimestamp: Number(P_TIME.get(message.event.transaction.txHash)),
      });
    }
  });

  test('rule: a webhook receives only the sub-events it lists, of its own addresses', () => {
    const got = eventsOf(hooks.c).map((m) => [m.event.eventType, m.event.transaction.txHash, m.event.addresses]);
    expect(sorted(got)).toEqual(
      sorted(P_TOUCHES.filter(([, touched]) => touched.includes(C)).map(([hash]) => ['balance_change', hash, [C]])),
    );
  });

  test('rule: X-Chain webhooks receive the transactions of the DAG-era vertices and of the blocks', () => {
    const got = eventsOf(hooks.x).map((m) => [m.event.transaction.txHash, m.event.addresses, m.event.chainId]);
    expect(sorted(got)).toEqual(
      sorted(
        X_TOUCHES.filter(([, touched]) => touched.some((a) => [A, C].includes(a))).map(([hash, touched]) => [
          hash,
          touched.filter((a) => [A, C].includes(a)).sort(),
          'x-chain',
        ]),
      ),
    );
  });

  test("rule: the balances are the watched addresses' combined balances right after the transaction (plain sums over the UTXOs)", async () => {
    const utxos = await db.query<{
      tx_hash: string;
      consuming_tx_hash: string | null;
      amount: string;
      asset_id: string;
      reward: boolean;
      owners: string[];
    }>(
      `SELECT u.tx_hash, u.consuming_tx_hash, u.amount::text AS amount, u.asset_id, u.reward_type IS NOT NULL AS reward,
              ARRAY(SELECT a.address FROM utxo_address a WHERE a.network = u.network AND a.utxo_id = u.utxo_id) AS owners
         FROM utxo u WHERE u.network = 'fuji' AND u.blockchain_id = $1`,
      ['11111111111111111111111111111111LpoYY'],
    );
    const order = P_TOUCHES.map(([hash]) => hash);
    const position = (hash: string | null) =>
      hash === null ? Infinity : order.indexOf(hash) === -1 ? -1 : order.indexOf(hash);
    for (const message of eventsOf(hooks.ab).filter((m) => m.event.eventType === 'balance_change')) {
      const at = order.indexOf(message.event.transaction.txHash);
      const held = utxos.filter(
        (u) =>
          u.owners.some((o) => message.event.addresses.includes(o)) &&
          position(u.reward ? rewardTx.id : u.tx_hash) <= at &&
          !(position(u.consuming_tx_hash) <= at),
      );
      const expected = held.filter((u) => u.asset_id === AVAX_ASSET_ID).reduce((s, u) => s + BigInt(u.amount), 0n);
      const balances = Object.values(message.event.balances).flat() as { assetId: string; amount: string }[];
      const got = balances.filter((b) => b.assetId === AVAX_ASSET_ID).reduce((s, b) => s + BigInt(b.amount), 0n);
      expect({ tx: message.event.transaction.txHash, total: got }).toEqual({
        tx: message.event.transaction.txHash,
        total: expected,
      });
    }
  });

  test("rule: after a block's last transaction the balances are what getBalancesByAddresses answers at the block's time", async () => {
    const lastOfBlock = new Map<bigint, string>();
    for (const [hash] of P_TOUCHES) lastOfBlock.set(P_TIME.get(hash)!, hash);
    for (const message of eventsOf(hooks.ab).filter((m) => m.event.eventType === 'balance_change')) {
      const time = P_TIME.get(message.event.transaction.txHash)!;
      if (lastOfBlock.get(time) !== message.event.transaction.txHash) continue;
      const response = await service.request(
        `/v1/networks/fuji/blockchains/p-chain/balances?addresses=${message.event.addresses.join(',')}&blockTimestamp=${time}`,
      );
      expect(response.status).toBe(200);
      expect(message.event.balances).toEqual(response.body.balances);
    }
  });
  test("rule: the transaction is what getTxByHash answers, as of the transaction's block", async () => {
    // What happened after the event's block is in today's answer only: the spender of an output spent
    // later, the reward of a stake that ends later, an L1 validator's live weight and balance.
    const later = (name: string, owner: Record<string, number>, time: number) =>
      (name.startsWith('consuming') && owner.consumingBlockTimestamp! > time) ||
      (name === 'rewardTxHash' && owner.endTimestamp! > time) ||
      ('validationId' in owner && (name === 'weight' || name === 'remainingBalance'));
    const asOf = (value: unknown, time: number): unknown =>
      Array.isArray(value)
        ? value.map((item) => asOf(item, time))
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([name]) => !later(name, value as Record<string, number>, time))
                .map(([name, member]) => [name, asOf(member, time)]),
            )
          : value;
    for (const message of eventsOf(hooks.ab).filter((m) => m.event.eventType === 'balance_change')) {
      const response = await service.request(
        `/v1/networks/fuji/blockchains/p-chain/transactions/${message.event.transaction.txHash}`,
      );
      expect(response.status).toBe(200);
      const time = message.event.blockTimestamp;
      expect(asOf(message.event.transaction, time)).toEqual(asOf(response.body, time));
    }
  });
});

describe('primary_network_address_activity: balance_threshold and reward_distribution', () => {
  test("rule: balance_threshold fires on the crossing only: A's unlocked 1000 AVAX fall to 399.99 with tx2", () => {
    const got = eventsOf(hooks.ab).filter((m) => m.event.eventType === 'balance_threshold');
    expect(
      got.map((m) => [m.event.transaction.txHash, m.event.addresses, m.event.balanceBefore, m.event.balance]),
    ).toEqual([[tx2.id, [A], String(1000n * AVAX), String(399_990_000_000n)]]);
  });

  test("rule: reward_distribution is tx4's RewardValidatorTx paying B, with the staking transaction", () => {
    const got = eventsOf(hooks.ab).filter((m) => m.event.eventType === 'reward_distribution');
    expect(got.map((m) => [m.event.transaction.txHash, m.event.addresses, m.event.stakingTransaction?.txHash])).toEqual(
      [[rewardTx.id, [B], tx4.id]],
    );
  });
});

describe('primary_network_address_activity: who receives nothing', () => {
  test('rule: no message for an inactive webhook, another network, or an address no transaction touches', () => {
    expect(eventsOf(hooks.inactive)).toEqual([]);
    expect(eventsOf(hooks.mainnet)).toEqual([]);
    expect(eventsOf(hooks.unwatched)).toEqual([]);
  });

  test('rule: a webhook receives the blocks stamped at or after its creation only', () => {
    const created = Number(T0 + 250n);
    const got = eventsOf(hooks.late).map((m) => m.event.transaction.txHash);
    expect(sorted(got)).toEqual(
      sorted(P_TOUCHES.filter(([h, t]) => t.includes(A) && Number(P_TIME.get(h)!) >= created).map(([h]) => h)),
    );
    expect(got).not.toContain(tx5.id);
  });
});

describe('validator_activity', () => {
  const subEvents = (hook: Webhook) =>
    eventsOf(hook).map((m) => [m.event.eventType, m.event.transaction?.txHash ?? null, m.event.nodeId]);

  test("rule: N1's webhook receives its validation, its delegations and the reward of one of them", () => {
    expect(sorted(subEvents(hooks.n1))).toEqual(
      sorted([
        ['validator_stake', tx2.id, NODE.N1],
        ['delegator_stake', tx4.id, NODE.N1],
        ['delegator_stake', tx10.id, NODE.N1],
        ['reward_distribution', rewardTx.id, NODE.N1],
      ]),
    );
    const reward = eventsOf(hooks.n1).find((m) => m.event.eventType === 'reward_distribution')!;
    expect(reward.event.stakingTransaction.txHash).toBe(tx4.id);
  });

  test("rule: the L1's webhook receives its validators' registrations, balance, threshold, removal and disabling", () => {
    expect(sorted(subEvents(hooks.l1))).toEqual(
      sorted([
        ['validator_stake', tx8.id, NODE.N2],
        ['l1_validator_balance_increased', tx9.id, NODE.N2],
        ['l1_validator_balance_threshold', null, NODE.N2],
        ['validator_stake', tx11.id, NODE.N3],
        ['l1_validator_removed', tx12.id, NODE.N2],
        ['l1_validator_disabled', tx13.id, NODE.N3],
      ]),
    );
  });

  test("rule: the threshold event is N2's balance at the block that takes it below 1.2 AVAX: 1.5 AVAX less 512 nAVAX a second since h4", () => {
    const [threshold] = eventsOf(hooks.l1).filter((m) => m.event.eventType === 'l1_validator_balance_threshold');
    const seconds = P_BLOCKS[5]!.time - P_BLOCKS[4]!.time;
    expect(threshold!.event).toMatchObject({
      blockNumber: '5',
      validationId: L1_VALIDATION_ID,
      subnetId: tx3.id,
      l1ValidatorFeeBalanceThreshold: String((12n * AVAX) / 10n),
      l1Validator: { remainingBalance: String((15n * AVAX) / 10n - seconds * 512n) },
    });
  });

  test('rule: the nodeIds filter keeps the events of the listed nodes only', () => {
    expect(sorted(subEvents(hooks.l1OfN3))).toEqual(
      sorted([
        ['validator_stake', tx11.id, NODE.N3],
        ['l1_validator_disabled', tx13.id, NODE.N3],
      ]),
    );
    for (const message of eventsOf(hooks.l1OfN3)) expect(message.event.validationId).toBe(L1_REGISTERED_VALIDATION_ID);
  });
});

describe('the outbox', () => {
  test('rule: each message is due once, its block on the chain that caused it', () => {
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    const dag = new Set([xv1.id, xv2.id]);
    const xBlocks = new Set([xtx1.id, xtx2.id]);
    const chainOf = (hash: string) =>
      dag.has(hash) ? 'x-chain-dag:fuji' : xBlocks.has(hash) ? 'x-chain:fuji' : 'p-chain:fuji';
    for (const message of messages) {
      const body = JSON.parse(message.body);
      const hash = body.event.transaction?.txHash;
      if (hash) expect({ hash, chainKey: message.chain_key }).toEqual({ hash, chainKey: chainOf(hash) });
    }
  });

  test('rule: indexing the same blocks again adds nothing', async () => {
    await db.query("DELETE FROM sync_state WHERE chain_key IN ('p-chain:fuji', 'x-chain:fuji', 'x-chain-dag:fuji')");
    await indexOnce(db, config(node.url));
    const cursors = await db.query<{ chain_key: string }>(
      "SELECT chain_key FROM sync_state WHERE chain_key IN ('p-chain:fuji', 'x-chain:fuji', 'x-chain-dag:fuji')",
    );
    expect(cursors).toHaveLength(3);
    const again = await db.query<Message>('SELECT id, webhook_id, chain_key, block_height, body FROM webhook_message');
    expect(sorted(again.map((m) => [m.id, m.body]))).toEqual(sorted(messages.map((m) => [m.id, m.body])));
  });
});

describe('createPrimaryWebhookHook()', () => {
  test('rule: a block no active webhook of its network can take costs one statement and nothing after its rows', async () => {
    const statements: string[] = [];
    const tx = {
      query: async <R>(sql: string) => {
        statements.push(sql);
        return [] as R[];
      },
    };
    const hook = createPrimaryWebhookHook({ facts: chainFacts('FUJI', 'P') });
    const block = P_BLOCKS[1]!;
    const after = await hook(tx, [
      {
        cursor: { chainKey: 'p-chain:fuji', height: 1n, blockHash: block.id },
        rows: {
          PrimaryNetworkBlock: [
            {
              network: 'FUJI',
              blockchainId: '11111111111111111111111111111111LpoYY',
              blockNumber: 1n,
              blockHash: block.id,
              parentHash: P_BLOCKS[0]!.id,
              blockType: 'BanffStandardBlock',
              blockTimestamp: block.time,
              txCount: 2,
              transactions: [tx2.id, tx3.id],
              blockSizeBytes: 100,
              currentSupply: '0',
            },
          ],
        },
      },
    ]);
    expect(after).toBeUndefined();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM webhook w/);
  });
});

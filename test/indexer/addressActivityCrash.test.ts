// Exactly once under crashes: an indexer process killed with SIGKILL at random moments while it
// writes blocks with a watched address, then run to the head, leaves one outbox message per
// matching transaction, the same messages as an uninterrupted run: they commit with their blocks.
import type { Database } from '../../prisma/database';
import { compileContracts } from '../../bench/indexer/compileContracts';
import { generateTraffic, mineBlock } from '../../bench/indexer/generateTraffic';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { setupTestDatabase, teardown } from '../setup/database';
import { anvilConfig, indexOnce } from './support/indexOnce';
import { childDatabase, killLiveChildren, runIndexerChild, type ChildDatabase } from './support/killableIndexer';
import { isMatch, readNodeTransactions, type WebhookSpec } from './support/nodeActivity';
import { insertWebhook } from './support/webhookRows';

let anvil: Anvil;
let reference: Database;
let target: ChildDatabase | undefined;
let accounts: string[];

/** The outbox without its write times. */
const outbox = (db: Database) =>
  db.query<{ id: string; webhook_id: string; block_height: bigint; body: string; status: string }>(
    'SELECT id, webhook_id, chain_key, block_height, body, status FROM webhook_message ORDER BY id',
  );

beforeAll(async () => {
  [anvil, reference] = await Promise.all([startAnvil(), setupTestDatabase()]);
  ({ accounts } = await generateTraffic(anvil, compileContracts(), {
    blocks: 4,
    txPerBlock: 15,
    seed: 13,
    nftBaseUri: 'data:application/json,',
    multiUri: '',
  }));
}, 60_000);

afterAll(async () => {
  killLiveChildren();
  await anvil?.stop();
  await teardown(reference);
  await target?.close();
});

describe('address_activity messages when the indexer is killed with SIGKILL', () => {
  test('a dozen kills at random moments, then a run to the head: one message per matching transaction, as an uninterrupted run writes them', async () => {
    const webhook: WebhookSpec = {
      id: '00000000-0000-4000-8000-00000000c0de',
      keys: [accounts[1]!, accounts[2]!],
      chainId: '31337',
      status: 'active',
      includeLogs: true,
      includeInternalTxs: true,
      createdAt: new Date('2000-01-01T00:00:00Z'),
    };
    target = await childDatabase();
    await target.seed((db) => insertWebhook(db, webhook));
    await insertWebhook(reference, webhook);
    const config = JSON.stringify({
      // A window of 2: a backfill writes the blocks it fetched together, so each run writes several batches to be killed between.
      evm: [
        {
          chainId: 31337,
          rpcUrl: anvil.url,
          network: 'fuji',
          name: 'Anvil',
          headTag: 'latest',
          traceMethod: 'trace_block',
          concurrency: 2,
          pollIntervalMs: 50,
        },
      ],
      nftMetadata: { enabled: false },
    });
    let kills = 0;
    for (let i = 0; i < 12; i++) {
      // New blocks before each run, each with transactions of the watched accounts, so every run has them to be killed in.
      for (let b = 0; b < 6; b++) {
        await mineBlock(
          anvil,
          Array.from({ length: 8 }, (_, t) => ({
            from: accounts[(i + b + t) % 20],
            to: accounts[(i + 3 * t + 1) % 20],
            value: '0x2540be400',
            gas: '0x5208',
          })),
        );
      }
      const early = i % 4 === 0;
      const outcome = await runIndexerChild(
        config,
        target.env,
        early ? null : 1 + Math.floor(Math.random() * 2),
        Math.floor(Math.random() * (early ? 1000 : 30)),
      );
      if (outcome.signal === 'SIGKILL') kills++;
      else expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const final = await runIndexerChild(config, target.env, -1, 0);
    expect({ code: final.code, done: final.done, stderr: final.stderr }).toEqual({ code: 0, done: true, stderr: '' });
    // Most runs must have been killed, or the test shows nothing.
    expect(kills).toBeGreaterThanOrEqual(8);
    const killed = await target.open();
    const messages = await outbox(killed);
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const expected = (await readNodeTransactions(anvil, 0n, head)).filter((tx) => isMatch(webhook, tx));
    expect(expected.length).toBeGreaterThan(50);
    expect(messages.map((m) => JSON.parse(m.body).event.transaction.txHash).sort()).toEqual(
      expected.map((tx) => tx.tx.hash).sort(),
    );
    await indexOnce(reference, anvilConfig(anvil.url, {}, { enabled: false }));
    expect(messages).toEqual(await outbox(reference));
  }, 300_000);
});

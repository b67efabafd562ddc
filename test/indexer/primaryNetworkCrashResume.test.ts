// Exactly-once under crashes for the primary-network indexer: indexer processes killed with
// SIGKILL at random moments while the fake node's chains grow, then one run to the head, leave the
// same primary-network tables as one uninterrupted run (a block's rows, its changes to stored rows
// and the cursor commit together; a proposal is applied once, by its option block).
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../setup/database';
import { validatorN1 } from '../fixtures/avalanchego/currentValidators';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import { AVAX, REWARD, rewardTx, tx4 } from '../fixtures/avalanchego/fujiChains';
import { indexOnce } from './support/indexOnce';
import { dumpTables } from './support/dumpTables';
import { childDatabase, killLiveChildren, runIndexerChild, type ChildDatabase } from './support/killableIndexer';

const TABLES = [
  'subnet',
  'blockchain',
  'validator',
  'delegation',
  'pending_reward',
  'pending_reward_address',
  'asset',
  'utxo',
  'utxo_address',
  'primary_network_block',
  'primary_network_transaction',
  'x_chain_vertex',
  'sync_state',
];

const dump = (db: Database) => dumpTables(db, TABLES);

let node: FakeAvalanchego;
let reference: Database;
let target: ChildDatabase | undefined;

beforeAll(async () => {
  [node, reference] = await Promise.all([startFakeAvalanchego({ P: 0, X: 0 }), setupTestDatabase()]);
  node.currentValidators = [validatorN1([], 650n * AVAX)];
}, 60_000);

afterAll(async () => {
  killLiveChildren();
  await node?.close();
  await teardown(reference);
  await target?.close();
});

describe('primary-network indexer stopped between a proposal block and its commit', () => {
  test('the next run applies the stored proposal with the commit block: the delegation is rewarded', async () => {
    const db = await setupTestDatabase();
    try {
      const config = parseIndexerConfig(
        JSON.stringify({
          primaryNetwork: [{ network: 'fuji', nodeUrl: node.url, chains: ['P'], validatorRefreshMs: 0 }],
        }),
      );
      node.heads.P = 5; // the RewardValidatorTx proposal
      await indexOnce(db, config);
      node.heads.P = 6; // its commit
      await indexOnce(db, config);
      const [delegation] = await db.query<{ reward_tx_hash: string; delegator_reward_amount: string }>(
        'SELECT reward_tx_hash, delegator_reward_amount::text AS delegator_reward_amount FROM delegation WHERE tx_hash = $1',
        [tx4.id],
      );
      expect(delegation).toEqual({ reward_tx_hash: rewardTx.id, delegator_reward_amount: REWARD.toString() });
    } finally {
      await teardown(db);
      node.heads.P = 0;
    }
  }, 60_000);
});

describe('primary-network indexer killed with SIGKILL', () => {
  test('kills at random moments while the chains grow, then a run to the head: the tables equal those of an uninterrupted run', async () => {
    const config = JSON.stringify({
      primaryNetwork: [
        {
          network: 'fuji',
          nodeUrl: node.url,
          pollIntervalMs: 20,
          validatorRefreshMs: 1,
          concurrency: 2,
          xChainVertices: true,
        },
      ],
    });
    target = await childDatabase();
    const run = (killAfterHeights: number | null, killAfterMs: number) =>
      runIndexerChild(config, target!.env, killAfterHeights, killAfterMs);
    let kills = 0;
    // The node's heads grow one block per run (P-Chain 0..8, X-Chain 0..1), so each run has blocks to be killed in.
    for (let i = 0; i < 10; i++) {
      node.heads.P = Math.min(8, i);
      node.heads.X = Math.min(1, i >> 2);
      const early = i % 4 === 0;
      const outcome = await run(
        early ? null : 1 + Math.floor(Math.random() * 2),
        Math.floor(Math.random() * (early ? 1500 : 40)),
      );
      if (outcome.signal === 'SIGKILL') kills++;
      else expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    }
    node.heads.P = 8;
    node.heads.X = 1;
    const final = await run(-1, 0);
    expect({ code: final.code, done: final.done, stderr: final.stderr }).toEqual({ code: 0, done: true, stderr: '' });
    expect(kills).toBeGreaterThanOrEqual(6);
    const killed = await target.open();
    await indexOnce(reference, parseIndexerConfig(config));
    const [expected, actual] = [await dump(reference), await dump(killed)];
    expect(actual.primary_network_block).toHaveLength(11);
    expect(actual.x_chain_vertex).toHaveLength(3);
    for (const table of TABLES) expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
  }, 240_000);
});

// Exactly-once under crashes: an indexer process killed with SIGKILL at random moments, a dozen
// times, then run to the head, leaves the same tables as one uninterrupted run: a block's rows, its
// metric rollups and the cursor commit together, so nothing is lost and nothing doubled.
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { compileContracts } from '../../bench/indexer/compileContracts';
import { generateTraffic, mineBlock } from '../../bench/indexer/generateTraffic';
import { anvilConfig, indexOnce } from './support/indexOnce';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { dumpTables, type DumpedTable } from './support/dumpTables';
import { ACTIVE_ADDRESS_ROWS_SQL } from '../../metrics';
import { childDatabase, killLiveChildren, runIndexerChild, type ChildDatabase } from './support/killableIndexer';

const TABLES: DumpedTable[] = [
  'subnet',
  'blockchain',
  'evm_chain',
  'evm_block',
  'evm_transaction',
  'evm_log',
  'evm_internal_transaction',
  'evm_token_transfer',
  'evm_contract',
  'erc20_balance_change',
  'native_balance_change',
  'evm_nft_token',
  'teleporter_message',
  'metric_rollup',
  // The sets' addresses: a killed transaction may have used up address numbers.
  { name: 'metric_active_address', sql: ACTIVE_ADDRESS_ROWS_SQL },
  'metric_deployer',
  'metric_first_seen',
  'sync_state',
];

const dump = (db: Database) => dumpTables(db, TABLES);

let anvil: Anvil;
let reference: Database;
let target: ChildDatabase | undefined;
let traffic: Awaited<ReturnType<typeof generateTraffic>>;

beforeAll(async () => {
  [anvil, reference] = await Promise.all([startAnvil(), setupTestDatabase()]);
  traffic = await generateTraffic(anvil, compileContracts(), {
    blocks: 10,
    txPerBlock: 15,
    seed: 11,
    nftBaseUri: 'data:application/json,',
    multiUri: '',
  });
}, 60_000);

afterAll(async () => {
  killLiveChildren();
  await anvil?.stop();
  await teardown(reference);
  await target?.close();
});

describe('indexer killed with SIGKILL', () => {
  test('a dozen kills at random moments, then a run to the head: the tables equal those of an uninterrupted run', async () => {
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
    target = await childDatabase();
    const run = (killAfterHeights: number | null, killAfterMs: number) =>
      runIndexerChild(config, target!.env, killAfterHeights, killAfterMs);
    let kills = 0;
    for (let i = 0; i < 12; i++) {
      // New blocks before each run, so every run has work to be killed in (PostgreSQL indexes fast).
      for (let b = 0; b < 8; b++) {
        await mineBlock(
          anvil,
          Array.from({ length: 10 }, (_, t) => ({
            from: traffic.accounts[(i + b + t) % 20],
            to: traffic.accounts[(i + 3 * t + 1) % 20],
            value: '0x2540be400',
            gas: '0x5208',
          })),
        );
      }
      const early = i % 4 === 0;
      const outcome = await run(
        early ? null : 1 + Math.floor(Math.random() * 2),
        Math.floor(Math.random() * (early ? 1000 : 30)),
      );
      if (outcome.signal === 'SIGKILL') kills++;
      else expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const final = await run(-1, 0);
    expect({ code: final.code, done: final.done, stderr: final.stderr }).toEqual({ code: 0, done: true, stderr: '' });
    // Most runs must have been killed, or the test shows nothing.
    expect(kills).toBeGreaterThanOrEqual(9);
    const killed = await target.open();
    await indexOnce(reference, anvilConfig(anvil.url, {}, { enabled: false }));
    const [expected, actual] = [await dump(reference), await dump(killed)];
    expect(actual.evm_block!.length).toBe(Number(BigInt(await anvil.rpc('eth_blockNumber'))) + 1);
    for (const table of Object.keys(expected))
      expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
  }, 240_000);
});

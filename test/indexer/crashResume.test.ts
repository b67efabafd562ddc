// Exactly-once under crashes: an indexer process killed with SIGKILL at random moments, twenty
// times, then run to the head, leaves the same tables as one uninterrupted run: a block's rows, its
// metric rollups and the cursor commit together, so nothing is lost and nothing doubled.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { compileContracts } from '../../bench/indexer/compileContracts';
import { generateTraffic, mineBlock } from '../../bench/indexer/generateTraffic';
import { anvilConfig, indexOnce } from './support/indexOnce';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { dumpTables } from './support/dumpTables';

const TABLES = [
  'subnet', 'blockchain', 'evm_chain', 'evm_block', 'evm_transaction', 'evm_log', 'evm_internal_transaction', 'evm_token_transfer', 'evm_contract',
  'erc20_balance_change', 'native_balance_change', 'evm_nft_token', 'teleporter_message', 'metric_rollup', 'metric_active_address', 'metric_deployer', 'metric_first_seen', 'sync_state',
];

const dump = (db: Database) => dumpTables(db, TABLES);

let anvil: Anvil;
let reference: Database;
let dir: string;
let killed: Database | undefined;
let traffic: Awaited<ReturnType<typeof generateTraffic>>;

beforeAll(async () => {
  [anvil, reference] = await Promise.all([startAnvil(), setupTestDatabase()]);
  traffic = await generateTraffic(anvil, compileContracts(), { blocks: 10, txPerBlock: 15, seed: 11, nftBaseUri: 'data:application/json,', multiUri: '' });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
  await teardown(reference);
  if (process.env.DATABASE_URL) await teardown(killed);
  else await killed?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('indexer killed with SIGKILL', () => {
  test('twenty kills at random moments, then a run to the head: the tables equal those of an uninterrupted run', async () => {
    const config = JSON.stringify({
      evm: [{ chainId: 31337, rpcUrl: anvil.url, network: 'fuji', name: 'Anvil', headTag: 'latest', traceMethod: 'trace_block', concurrency: 4, pollIntervalMs: 50 }],
      nftMetadata: { enabled: false },
    });
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (process.env.DATABASE_URL) {
      killed = await setupTestDatabase();
      const [{ schema }] = await killed.query<{ schema: string }>('SELECT current_schema() AS schema');
      const url = new URL(process.env.DATABASE_URL);
      url.searchParams.set('schema', schema);
      env.DATABASE_URL = url.toString();
    } else {
      dir = mkdtempSync(path.join(tmpdir(), 'indexer-kill-'));
      env.INDEXER_DATA_DIR = dir;
    }
    const run = (killAfterHeights: number | null, killAfterMs: number) =>
      new Promise<{ heights: number; done: boolean; code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['-r', './test/support/registerTypeScript.js', 'test/indexer/support/indexerChild.ts', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let heights = 0;
        let done = false;
        let stderr = '';
        const kill = () => child.kill('SIGKILL');
        // Some kills land during start-up (opening the database, registering the chain), most while blocks are written.
        if (killAfterHeights === null) setTimeout(kill, killAfterMs);
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          for (const line of chunk.split('\n')) {
            if (line.startsWith('height ')) {
              heights++;
              if (heights === killAfterHeights) setTimeout(kill, killAfterMs);
            }
            if (line === 'done') done = true;
          }
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('exit', (code, signal) => resolve({ heights, done, code, signal, stderr }));
      });
    let kills = 0;
    for (let i = 0; i < 20; i++) {
      // New blocks before each run, so every run has work to be killed in (PostgreSQL indexes fast).
      for (let b = 0; b < 5; b++) {
        await mineBlock(anvil, Array.from({ length: 10 }, (_, t) => ({ from: traffic.accounts[(i + b + t) % 20], to: traffic.accounts[(i + 3 * t + 1) % 20], value: '0x2540be400', gas: '0x5208' })));
      }
      const early = i % 5 === 0;
      const outcome = await run(early ? null : 1 + Math.floor(Math.random() * 3), Math.floor(Math.random() * (early ? 2000 : 30)));
      if (outcome.signal === 'SIGKILL') kills++;
      else expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const final = await run(-1, 0);
    expect({ code: final.code, done: final.done, stderr: final.stderr }).toEqual({ code: 0, done: true, stderr: '' });
    // Most runs must have been killed, or the test shows nothing.
    expect(kills).toBeGreaterThanOrEqual(15);
    if (!killed) killed = await createDatabase({ dataDir: dir, migrate: false });
    await indexOnce(reference, anvilConfig(anvil.url, {}, { enabled: false }));
    const [expected, actual] = [await dump(reference), await dump(killed)];
    expect(actual.evm_block!.length).toBe(Number(BigInt(await anvil.rpc('eth_blockNumber'))) + 1);
    for (const table of TABLES) expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
  }, 240_000);
});

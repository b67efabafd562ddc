// The ICM message counts (icm_message_rollup) through the EVM indexer's write path on two chains
// with the indexer's own hook (countBlockMetrics), in the order a real index meets them: a
// delivery before its send, sends across hours, days and months, a batch written again, a delivery
// joining its send; then reorgs of either chain. After each step the rollups equal a brute-force
// recount from the raw teleporter_message rows, and a rebuild gives the same rows.
import { cb58Encode } from '../../avalanche/cb58';
import { countBlockMetrics, rebuildMetrics } from '../../metrics';
import { rewindEvmChain } from '../../indexer/evm/follow/rewindEvmChain';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import {
  A,
  address,
  B,
  blockHash,
  fee,
  indexTeleporterBlocks,
  logsOf,
  message,
  registerTeleporterChains,
  teleporterBlock,
  tx,
} from '../support/teleporterChains';
import { bruteForceRollupLines, readSentMessages, rollupLines } from '../subgraphs/metrics/fixtures/bruteForceIcm';

let db: Database;
const [M1, M2, M3] = [message(1n, 0x111), message(2n, 0x222), message(3n, 0x333)];
/** 2026-01-31 23:30 UTC (a Saturday): the sends fall in two hours, two days and two months of one week. */
const T = 1_769_902_200n;
const sends = () => [
  teleporterBlock(A, 3, [[logsOf(M1).send(tx(A.chainId, 3), fee)]], T),
  teleporterBlock(A, 4, [[logsOf(M2).send(tx(A.chainId, 4), fee)]], T + 10n),
  teleporterBlock(A, 10, [[logsOf(M3).send(tx(A.chainId, 10), fee)]], T + 3_600n),
];
const delivery = (m: typeof M1, n: number) =>
  teleporterBlock(
    B,
    n,
    [[logsOf(m).receive(tx(B.chainId, n), address(0x4e1), address(0x4ed))]],
    T + 7_200n + BigInt(n),
  );
const index = (chain: typeof A, blocks: ReturnType<typeof sends>) =>
  indexTeleporterBlocks(db, chain, blocks, { beforeRows: countBlockMetrics });
const rewind = (chain: typeof A, height: number) =>
  rewindEvmChain(db, chain.chainId, {
    chainKey: `evm:${chain.chainId}`,
    height: BigInt(height),
    blockHash: blockHash(chain.chainId, height),
  });

/** The rollups against the brute force; returns them. */
async function expectCountsOfRows(): Promise<string[]> {
  const lines = await rollupLines(db);
  expect(lines).toEqual(bruteForceRollupLines(await readSentMessages(db)));
  return lines;
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await registerTeleporterChains(db, [A, B]);
}, 600_000);
afterAll(() => teardown(db));

describe('ICM message counts through the write path (countBlockMetrics)', () => {
  test('a delivery indexed before its send counts nothing (the send time is unknown)', async () => {
    await index(B, [delivery(M1, 5)]);
    expect(await expectCountsOfRows()).toEqual([]);
  });

  test('sends count once each, in the hour, day, week and month of their block', async () => {
    await index(A, sends());
    const lines = await expectCountsOfRows();
    expect(lines.filter((line) => line.startsWith('hour ')).map((line) => line.split(' ').pop())).toEqual(['2', '1']);
    expect(lines.filter((line) => line.startsWith('month ')).map((line) => line.split(' ').pop())).toEqual(['2', '1']);
  });

  test('writing the same blocks again counts nothing twice', async () => {
    const before = await rollupLines(db);
    await index(A, sends());
    expect(await rollupLines(db)).toEqual(before);
  });

  test('a delivery joining a stored send changes no count', async () => {
    const before = await rollupLines(db);
    await index(B, [delivery(M2, 7)]);
    expect(await expectCountsOfRows()).toEqual(before);
  });

  test('rebuildMetrics() recomputes exactly the rows the write path maintained', async () => {
    const incremental = await rollupLines(db);
    await rebuildMetrics(db);
    expect(await rollupLines(db)).toEqual(incremental);
  });
});

describe('ICM message counts through reorgs (recountRewoundMetrics)', () => {
  test('a rewind of the destination chain leaves the counts (deliveries do not count)', async () => {
    const before = await rollupLines(db);
    await rewind(B, 6);
    expect(await expectCountsOfRows()).toEqual(before);
  });

  test('a rewind of the source chain uncounts the sends above the ancestor, and only those', async () => {
    await rewind(A, 3);
    const pair = `${cb58Encode(A.id)} ${cb58Encode(B.id)} mainnet`;
    // M1 alone, sent at T: 2026-01-31 23:00, 2026-01-31, Monday 2026-01-26, 2026-01-01.
    expect(await expectCountsOfRows()).toEqual([
      `day 1769817600 ${pair} 1`,
      `hour 1769900400 ${pair} 1`,
      `month 1767225600 ${pair} 1`,
      `week 1769385600 ${pair} 1`,
    ]);
  });

  test('a rewind below the last send leaves no count: a delivered message keeps its delivery, uncounted', async () => {
    await rewind(A, 2);
    expect(await expectCountsOfRows()).toEqual([]);
    expect(await db.query('SELECT teleporter_message_id FROM teleporter_message')).toHaveLength(1);
  });

  test('rebuildMetrics() agrees after the reorgs', async () => {
    await index(A, sends());
    const incremental = await expectCountsOfRows();
    expect(incremental.length).toBeGreaterThan(0);
    await rebuildMetrics(db);
    expect(await rollupLines(db)).toEqual(incremental);
  });
});

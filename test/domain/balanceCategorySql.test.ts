// The SQL form of the balance-category rule classifies every demo UTXO as the TypeScript rule does,
// at instants around DEMO_NOW and on the data's own boundaries (creation, consumption, locks, stakes).
import { balanceCategoryAt, balanceCategorySql, BALANCE_CATEGORIES, type UtxoBalanceFields } from '../../domain';
import type { Database } from '../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';

const DEMO_NOW = 1_793_491_200;
const DAY = 86_400;
type Row = UtxoBalanceFields & { network: string; utxoId: string };

let db: Database;
let utxos: Map<string, Row>;
let instants: bigint[];

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  const rows =
    await db.query<Row>(`SELECT network::text AS network, utxo_id AS "utxoId", block_timestamp AS "blockTimestamp",
    consuming_block_timestamp AS "consumingBlockTimestamp", shared_with_chain_id AS "sharedWithChainId", platform_locktime AS "platformLocktime",
    stakeable_locktime AS "stakeableLocktime", staked, utxo_start_timestamp AS "utxoStartTimestamp", utxo_end_timestamp AS "utxoEndTimestamp" FROM utxo`);
  utxos = new Map(rows.map((row) => [`${row.network}/${row.utxoId}`, row]));
  const [bounds] = await db.query<Record<string, bigint>>(`SELECT
    (SELECT min(consuming_block_timestamp) FROM utxo WHERE consuming_block_timestamp > ${DEMO_NOW - 30 * DAY}) AS consumed,
    (SELECT min(utxo_start_timestamp) FROM utxo WHERE utxo_start_timestamp > ${DEMO_NOW}) AS "stakeStart",
    (SELECT min(utxo_end_timestamp) FROM utxo WHERE utxo_end_timestamp > ${DEMO_NOW}) AS "stakeEnd",
    (SELECT min(platform_locktime) FROM utxo WHERE platform_locktime > ${DEMO_NOW}) AS "platformLock",
    (SELECT min(stakeable_locktime) FROM utxo WHERE stakeable_locktime > ${DEMO_NOW}) AS "stakeableLock",
    (SELECT max(block_timestamp) FROM utxo) AS created`);
  instants = [
    ...[
      DEMO_NOW,
      DEMO_NOW - 100 * DAY,
      DEMO_NOW + 3 * DAY,
      DEMO_NOW + 90 * DAY,
      DEMO_NOW + 800 * DAY,
      1_650_000_000,
    ].map(BigInt),
    ...Object.values(bounds!).flatMap((t) => [t - 1n, t]),
  ];
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => teardownSeeded(db));

describe('balanceCategorySql()', () => {
  test('classifies every demo UTXO as balanceCategoryAt() does, at every instant', async () => {
    const sql = `SELECT network::text AS network, utxo_id AS "utxoId", ${balanceCategorySql({ at: '$1', alias: 'u' })} AS category FROM utxo u`;
    const seenAtNow = new Set<string>();
    for (const at of instants) {
      const rows = await db.query<{ network: string; utxoId: string; category: string | null }>(sql, [at]);
      expect(rows.length).toBe(utxos.size);
      const mismatches = rows
        .map((row) => ({
          id: `${row.network}/${row.utxoId}`,
          sql: row.category,
          ts: balanceCategoryAt(utxos.get(`${row.network}/${row.utxoId}`)!, at),
        }))
        .filter((m) => m.sql !== m.ts);
      expect({ at, mismatches: mismatches.slice(0, 5) }).toEqual({ at, mismatches: [] });
      if (at === BigInt(DEMO_NOW)) for (const row of rows) if (row.category) seenAtNow.add(row.category);
    }
    // Not vacuous: at DEMO_NOW every category holds UTXOs.
    expect([...seenAtNow].sort()).toEqual([...BALANCE_CATEGORIES].sort());
  });

  test('sums amounts per asset and category in one query', async () => {
    const category = balanceCategorySql({ at: '$1' });
    const rows = await db.query<{ category: string; n: bigint }>(
      `SELECT ${category} AS category, count(*) AS n FROM utxo WHERE ${category} IS NOT NULL GROUP BY 1`,
      [DEMO_NOW],
    );
    const expected = new Map<string, number>();
    for (const utxo of utxos.values()) {
      const c = balanceCategoryAt(utxo, DEMO_NOW);
      if (c) expected.set(c, (expected.get(c) ?? 0) + 1);
    }
    expect(Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]))).toEqual(Object.fromEntries(expected));
  });

  test('error: only $n placeholders and plain aliases are accepted', () => {
    expect(() => balanceCategorySql({ at: '1; DROP TABLE utxo' })).toThrow('Validation failed');
    expect(() => balanceCategorySql({ at: '$1', alias: 'u; --' })).toThrow('Validation failed');
  });
});

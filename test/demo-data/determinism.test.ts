// Two databases seeded alike must hold the same rows, byte for byte.
import type { Database } from '../../prisma/database';
import { seedDemoData } from '../../demo-data';
import { DATA_TABLES } from '../../prisma/dataTables';
import { setupTestDatabase, teardown } from '../setup/database';

const SCALE = 0.02;
const databases: Database[] = [];
// DATA_TABLES: every table of the schema but the service's own (settings hold the seeding time).
/** Tables the seeder fills: not the indexers' cursors, nor node endpoints (recorded by operators). */
const SEEDED_TABLES = DATA_TABLES.filter((t) => t !== 'sync_state' && t !== 'node_endpoint');

/** md5 of every row of every table, rows in text form sorted, so insertion order does not matter. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of DATA_TABLES) {
    const [row] = await db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`,
    );
    out[table] = row!.h;
  }
  return out;
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const db = await setupTestDatabase();
    databases.push(db);
    await seedDemoData(db, { scale: SCALE });
  }
}, 600_000);
afterAll(async () => {
  for (const db of databases) await teardown(db);
});

describe('seedDemoData() determinism', () => {
  test('the same scale yields identical rows in every table', async () => {
    const [a, b] = await Promise.all(databases.map(fingerprint));
    expect(a).toEqual(b);
    expect(SEEDED_TABLES.filter((t) => a![t] === 'd41d8cd98f00b204e9800998ecf8427e')).toEqual([]);
  });

  test('scale changes the EVM volume, not the primary network', async () => {
    const [row] = await databases[0]!.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM evm_block WHERE chain_id = 43114',
    );
    expect(Number(row!.n)).toBe(Math.round(10_000 * SCALE));
    const [validators] = await databases[0]!.query<{ n: bigint }>('SELECT count(*) AS n FROM validator');
    expect(Number(validators!.n)).toBeGreaterThanOrEqual(2000);
  });
});

import type { Database } from '../../../prisma/database';
import { dataModel } from '../../../prisma/generated/metadata';
import { WRITE_ORDER } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

describe('WRITE_ORDER', () => {
  test('names every table of the migrated database once (read from the catalog)', async () => {
    const rows = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    expect(WRITE_ORDER.map((m) => dataModel.models[m].table).sort()).toEqual(rows.map((r) => r.table_name).sort());
  });

  test('every table comes after the tables its foreign keys reference (read from the catalog)', async () => {
    const fks = await db.query<{ child: string; parent: string }>(`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`);
    expect(fks.length).toBeGreaterThanOrEqual(9);
    const position = new Map<string, number>(WRITE_ORDER.map((m, i) => [dataModel.models[m].table, i]));
    const unquote = (name: string) => name.replace(/^.*\./, '').replace(/"/g, '');
    for (const { child, parent } of fks) {
      expect({ child, before: position.get(unquote(parent))! < position.get(unquote(child))! }).toEqual({
        child,
        before: true,
      });
    }
  });
});

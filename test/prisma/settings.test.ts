import { createDatabase, type Database } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { setupTestDatabase, teardown } from '../setup/database';

const databaseUrl = process.env.DATABASE_URL;
let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

describe('createSettings()', () => {
  test('get, set, replace and delete a typed value', async () => {
    const settings = createSettings(db);
    expect(await settings.get('demoData')).toBeNull();
    await settings.set('demoData', { scale: 1, demoNow: 1_793_491_200, seededAt: '2026-11-22T00:00:00.000Z' });
    await settings.set('demoData', { scale: 2, demoNow: 1_793_491_200, seededAt: '2026-11-23T00:00:00.000Z' });
    expect(await settings.get('demoData')).toEqual({
      scale: 2,
      demoNow: 1_793_491_200,
      seededAt: '2026-11-23T00:00:00.000Z',
    });
    expect(await db.query('SELECT key FROM service_setting')).toEqual([{ key: 'demo_data' }]);
    await settings.delete('demoData');
    expect(await settings.get('demoData')).toBeNull();
  });

  test('getOrCreate() stores the first value and returns it ever after', async () => {
    const settings = createSettings(db);
    expect(await settings.getOrCreate('pageTokenSecret', () => 'first')).toBe('first');
    expect(await settings.getOrCreate('pageTokenSecret', () => 'second')).toBe('first');
    await settings.delete('pageTokenSecret');
  });

  test('behavior: two processes starting at once agree on one generated value', async () => {
    // On PostgreSQL a second connection pool on the same schema plays the second process.
    let other: Database | undefined;
    if (databaseUrl) {
      const [{ schema }] = (await db.query<{ schema: string }>('SELECT current_schema() AS schema')) as [
        { schema: string },
      ];
      other = await createDatabase({ databaseUrl, schema, migrate: false });
    }
    try {
      const contenders = Array.from({ length: 6 }, (_, i) =>
        createSettings(i % 2 === 0 || !other ? db : other).getOrCreate('pageTokenSecret', () => `secret-${i}`),
      );
      const values = await Promise.all(contenders);
      expect(new Set(values).size).toBe(1);
      expect(await createSettings(db).get('pageTokenSecret')).toBe(values[0]);
    } finally {
      await other?.close();
    }
  });
});

import { clearDemoData } from '../../demo-data';
import { isDatabaseEmpty } from '../../prisma/dataTables';
import type { Database } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { insertRows } from '../../prisma/write';
import { setupTestDatabase, teardown } from '../setup/database';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

describe('isDatabaseEmpty() and clearDemoData()', () => {
  test('service settings alone do not make a database non-empty', async () => {
    await createSettings(db).getOrCreate('pageTokenSecret', () => 'kept-secret');
    expect(await isDatabaseEmpty(db)).toBe(true);
  });

  test("any data table, the indexers' cursors included, does", async () => {
    await insertRows(db, 'SyncState', [{ chainKey: 'evm:43114', height: 5n, blockHash: '0x05' }]);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  test('--force clears every data table and the demo marker, and keeps the page-token secret', async () => {
    const settings = createSettings(db);
    await settings.set('demoData', { scale: 1, demoNow: 1_793_491_200, seededAt: '2026-11-22T00:00:00.000Z' });
    await insertRows(db, 'Subnet', [
      {
        network: 'FUJI',
        subnetId: 's',
        createBlockTimestamp: 1n,
        createBlockIndex: 1n,
        ownerAddresses: [],
        threshold: 1,
        locktime: 0n,
      },
    ]);
    await insertRows(db, 'Validator', [
      {
        network: 'FUJI',
        txHash: 't',
        validationId: 't',
        nodeId: 'n',
        subnetId: 's',
        amountStaked: '1',
        weight: 1n,
        startTimestamp: 1n,
        blockIndex: 1n,
      },
    ]);
    await insertRows(db, 'NodeEndpoint', [{ network: 'FUJI', nodeId: 'n', httpUrl: 'http://127.0.0.1:9650' }]);
    await clearDemoData(db);
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await settings.get('demoData')).toBeNull();
    expect(await settings.get('pageTokenSecret')).toBe('kept-secret');
  });
});

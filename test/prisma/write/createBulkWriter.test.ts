import type { Database } from '../../../prisma/database';
import { createBulkWriter, type RowOf } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

const subnet = (id: string): RowOf<'Subnet'> => ({
  network: 'FUJI',
  subnetId: id,
  createBlockTimestamp: 1n,
  createBlockIndex: 1n,
  ownerAddresses: [],
  threshold: 1,
  locktime: 0n,
});
const chain = (id: string, subnetId: string): RowOf<'Blockchain'> => ({
  network: 'FUJI',
  blockchainId: id,
  subnetId,
  createBlockTimestamp: 1n,
  createBlockNumber: 1n,
  vmId: 'vm',
  blockchainName: id,
});

describe('createBulkWriter()', () => {
  test("a model's chunk waits for its parents' buffered rows, which are written first", async () => {
    const statements: string[] = [];
    const writer = createBulkWriter(
      {
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      },
      { chunkBytes: 600 },
    );
    // Three subnets stay buffered (below a chunk); the blockchains referencing them fill chunks first.
    for (let i = 0; i < 3; i++) await writer.push('Subnet', subnet(`s${i}`));
    for (let i = 0; i < 30; i++) await writer.push('Blockchain', chain(`b${i}`, `s${i % 3}`));
    await writer.flush();
    expect(await db.prisma.blockchain.count()).toBe(30);
    expect(statements.length).toBeGreaterThan(2);
    expect(statements[0]).toMatch(/^INSERT INTO "subnet"/);
    expect(statements.slice(1).every((sql) => sql.startsWith('INSERT INTO "blockchain"'))).toBe(true);
    expect(writer.counts()).toEqual({ Blockchain: 30, Subnet: 3 });
  });

  test('error: the first failure names the table, and the writer sends nothing more', async () => {
    const statements: string[] = [];
    const writer = createBulkWriter(
      {
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      },
      { onConflict: 'error', chunkBytes: 100 },
    );
    let failure: unknown;
    // s0 exists already: its chunk fails; later chunks are not sent.
    for (const id of ['s0', 'x1', 'x2', 'x3', 'x4'])
      await writer.push('Subnet', subnet(id)).catch((error: unknown) => (failure ??= error));
    failure ??= await writer.flush().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((failure as Error).message).toMatch(/^insert into subnet failed: .*duplicate key/);
    await expect(writer.flush()).rejects.toThrow('insert into subnet failed');
    expect(statements).toHaveLength(1);
    expect(await db.prisma.subnet.count({ where: { subnetId: { startsWith: 'x' } } })).toBe(0);
  });
});

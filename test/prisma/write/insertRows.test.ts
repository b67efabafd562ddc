import { hexToBytes, toHexRow } from '../../../prisma/hexBytes';
import type { Database } from '../../../prisma/database';
import { Prisma } from '../../../prisma/generated/client';
import { insertRows, type RowOf } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

const signature = (hash: string, name: string): RowOf<'EvmMethodSignature'> => ({ methodHash: hash, methodName: name });

describe('insertRows()', () => {
  test('round-trips every column type as Prisma reads it back', async () => {
    await insertRows(db, 'EvmTransaction', [
      {
        chainId: 43114n,
        txHash: '0x01',
        blockNumber: 9_007_199_254_740_993n,
        blockIndex: 7,
        from: '0x0a',
        to: null,
        value: new Prisma.Decimal('115792089237316195423570985008687907853269984665640564039457584007913129639935'),
        gasLimit: 21_000,
        gasUsed: '21000',
        gasPrice: '25000000000',
        nonce: 5n,
        txType: 2,
        status: 1,
        input: '0xa9059cbb00',
        methodHash: '0xa9059cbb',
      },
    ]);
    await insertRows(db, 'Subnet', [
      {
        network: 'MAINNET',
        subnetId: 's1',
        createBlockTimestamp: 1n,
        createBlockIndex: 1n,
        ownerAddresses: ['avax1a', 'avax1b'],
        threshold: 2,
        locktime: 0n,
      },
    ]);
    await insertRows(db, 'Blockchain', [
      {
        network: 'MAINNET',
        blockchainId: 'b1',
        subnetId: 's1',
        createBlockTimestamp: 2n,
        createBlockNumber: 2n,
        vmId: 'vm',
        blockchainName: 'chain',
        genesisData: { config: { chainId: 7 }, alloc: {} },
      },
    ]);
    await insertRows(db, 'MetricRollup', [
      { scope: 'total', timeInterval: 'WEEK', bucket: 1_700_000_000n, avgGps: '12.5' },
    ]);

    const tx = toHexRow(
      await db.prisma.evmTransaction.findUniqueOrThrow({
        where: { chainId_txHash: { chainId: 43114n, txHash: hexToBytes('0x01') } },
      }),
    );
    expect(tx).toMatchObject({
      blockNumber: 9_007_199_254_740_993n,
      to: null,
      gasLimit: new Prisma.Decimal(21_000),
      nonce: 5n,
      methodHash: '0xa9059cbb',
    });
    expect(tx.value.toFixed()).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935');
    expect(tx.input).toBe('0xa9059cbb00');
    expect(await db.prisma.subnet.findFirstOrThrow()).toMatchObject({
      network: 'MAINNET',
      ownerAddresses: ['avax1a', 'avax1b'],
      isL1: false,
    });
    expect((await db.prisma.blockchain.findFirstOrThrow()).genesisData).toEqual({ config: { chainId: 7 }, alloc: {} });
    // Enum values are stored as the schema maps them: read back in SQL, not through Prisma.
    expect(
      await db.query(
        'SELECT time_interval::text AS t, network FROM metric_rollup, (SELECT network::text FROM subnet) s',
      ),
    ).toEqual([{ t: 'week', network: 'mainnet' }]);
  });

  test('fields left out take their column default, even next to rows that set them', async () => {
    await insertRows(db, 'EvmContract', [
      { chainId: 1n, address: '0xc1', name: 'Named', ercType: 'ERC20', tags: ['a'] },
      { chainId: 1n, address: '0xc2' },
    ]);
    const contracts = (
      await db.prisma.evmContract.findMany({ where: { chainId: 1n }, orderBy: { address: 'asc' } })
    ).map(toHexRow);
    expect(contracts.map((c) => [c.address, c.name, c.ercType, c.tags, c.resourceLinks])).toEqual([
      ['0xc1', 'Named', 'ERC20', ['a'], []],
      ['0xc2', '', 'UNKNOWN', [], []],
    ]);
  });

  test('skip (default): rows whose key exists are left as stored, the others are written', async () => {
    await insertRows(db, 'EvmMethodSignature', [signature('0x01', 'a()')]);
    await insertRows(db, 'EvmMethodSignature', [signature('0x01', 'changed()'), signature('0x02', 'b()')]);
    expect((await db.prisma.evmMethodSignature.findMany({ orderBy: { methodHash: 'asc' } })).map(toHexRow)).toEqual([
      signature('0x01', 'a()'),
      signature('0x02', 'b()'),
    ]);
  });

  test('update: rows whose key exists are overwritten, the last of a batch winning', async () => {
    await insertRows(
      db,
      'EvmMethodSignature',
      [signature('0x02', 'first()'), signature('0x03', 'c()'), signature('0x02', 'last()')],
      { onConflict: 'update' },
    );
    expect((await db.prisma.evmMethodSignature.findMany({ orderBy: { methodHash: 'asc' } })).map(toHexRow)).toEqual([
      signature('0x01', 'a()'),
      signature('0x02', 'last()'),
      signature('0x03', 'c()'),
    ]);
  });

  test('error: a stored key fails the insert', async () => {
    await expect(
      insertRows(db, 'EvmMethodSignature', [signature('0x01', 'again()')], { onConflict: 'error' }),
    ).rejects.toThrow(/duplicate key/);
  });

  test('chunks a large batch into several statements without losing rows', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) =>
      signature(`0x${(1000 + i).toString(16).padStart(4, '0')}`, `f${i}()`),
    );
    const statements: string[] = [];
    await insertRows(
      {
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      },
      'EvmMethodSignature',
      rows,
      { chunkBytes: 10_000 },
    );
    expect(statements.length).toBeGreaterThan(5);
    expect(await db.prisma.evmMethodSignature.count({ where: { methodName: { startsWith: 'f' } } })).toBe(2_500);
  });
});

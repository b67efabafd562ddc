// A block's rows and the chain's cursor commit together: all or nothing, and idempotent.
import { toHexRow } from '../../../prisma/hexBytes';
import type { Database } from '../../../prisma/database';
import {
  readSyncCursor,
  rewindChain,
  writeBlock,
  writeBlocks,
  type BeforeRows,
  type BlockWrite,
  type RowOf,
} from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';

const CHAIN = 'evm:99999';
const SUBNET = 'subnet-of-test';
let db: Database;

const hash = (height: number, branch = 'a') => `0x${branch.repeat(2)}${String(height).padStart(62, '0')}`;
const evmBlock = (height: number, branch = 'a'): RowOf<'EvmBlock'> => ({
  chainId: 99_999n,
  number: BigInt(height),
  hash: hash(height, branch),
  parentHash: hash(height - 1, branch),
  timestamp: BigInt(1_700_000_000 + height),
  gasLimit: '8000000',
  gasUsed: '21000',
  txCount: 1,
  miner: '0x0000000000000000000000000000000000000000',
});
const evmTx = (height: number, index: number, branch = 'a'): RowOf<'EvmTransaction'> => ({
  chainId: 99_999n,
  txHash: `0x${branch}${index}${String(height).padStart(62, '0')}`,
  blockNumber: BigInt(height),
  blockIndex: index,
  from: '0x1111111111111111111111111111111111111111',
  to: '0x2222222222222222222222222222222222222222',
  value: '1',
  gasLimit: '21000',
  gasUsed: '21000',
  gasPrice: '25000000000',
  nonce: BigInt(height),
  txType: 2,
  status: 1,
  input: '0x',
});
const validator = (weight: bigint): RowOf<'Validator'> => ({
  network: 'FUJI',
  txHash: 'v1',
  validationId: 'v1',
  nodeId: 'NodeID-1',
  subnetId: SUBNET,
  isL1Validator: true,
  amountStaked: weight.toString(),
  weight,
  startTimestamp: 1_700_000_000n,
  blockIndex: 1n,
});
const block = (height: number, extra: Partial<BlockWrite> = {}): BlockWrite => ({
  cursor: { chainKey: CHAIN, height: BigInt(height), blockHash: hash(height) },
  rows: { EvmBlock: [evmBlock(height)], EvmTransaction: [evmTx(height, 0)] },
  ...extra,
});

/** Every row of the tables a block touches, with each row version's xmin: a rewrite changes it. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of ['subnet', 'validator', 'evm_block', 'evm_transaction', 'sync_state']) {
    const rows = await db.query<{ r: string }>(
      `SELECT t::text || ' @' || t.xmin::text AS r FROM "${table}" t ORDER BY 1`,
    );
    parts.push(`${table}: ${rows.map((row) => row.r).join(' | ')}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

describe('writeBlock()', () => {
  test('writes the rows, parents first, and moves the cursor', async () => {
    const subnet: RowOf<'Subnet'> = {
      network: 'FUJI',
      subnetId: SUBNET,
      createBlockTimestamp: 1n,
      createBlockIndex: 1n,
      ownerAddresses: [],
      threshold: 1,
      locktime: 0n,
    };
    // The Validator references the Subnet: it is listed first on purpose.
    await writeBlock(
      db,
      block(1, {
        upserts: { Validator: [validator(100n)] },
        rows: { EvmBlock: [evmBlock(1)], EvmTransaction: [evmTx(1, 0)], Subnet: [subnet] },
      }),
    );
    expect(await readSyncCursor(db, CHAIN)).toEqual({ chainKey: CHAIN, height: 1n, blockHash: hash(1) });
    expect(await db.prisma.evmTransaction.count({ where: { chainId: 99_999n } })).toBe(1);
    expect((await db.prisma.validator.findFirstOrThrow({ where: { validationId: 'v1' } })).weight).toBe(100n);
  });

  test('behavior: writing the same block twice changes nothing, not even a row version', async () => {
    const before = await snapshot();
    await writeBlock(db, block(1, { upserts: { Validator: [validator(100n)] } }));
    expect(await snapshot()).toBe(before);
  });

  test('error: a failure in the middle leaves neither the rows nor the cursor changed', async () => {
    const before = await snapshot();
    // The block row goes in, then two transactions claim the same position in the block (a unique key).
    const broken = block(2, {
      rows: { EvmBlock: [evmBlock(2)], EvmTransaction: [evmTx(2, 0), { ...evmTx(2, 1), blockIndex: 0 }] },
      upserts: { Validator: [validator(250n)] },
    });
    await expect(writeBlock(db, broken)).rejects.toThrow(/unique|duplicate/i);
    expect(await snapshot()).toBe(before);
    expect(await readSyncCursor(db, CHAIN)).toEqual({ chainKey: CHAIN, height: 1n, blockHash: hash(1) });
  });

  test('upserts change mutable rows and the cursor advances', async () => {
    const [{ updated_at: first }] = (await db.query<{ updated_at: Date }>(
      'SELECT updated_at FROM sync_state WHERE chain_key = $1',
      [CHAIN],
    )) as [{ updated_at: Date }];
    await writeBlock(db, block(2, { upserts: { Validator: [validator(250n)] } }));
    expect((await db.prisma.validator.findFirstOrThrow({ where: { validationId: 'v1' } })).weight).toBe(250n);
    const state = await db.prisma.syncState.findUniqueOrThrow({ where: { chainKey: CHAIN } });
    expect(state).toMatchObject({ height: 2n, blockHash: hash(2) });
    expect(state.updatedAt.getTime()).toBeGreaterThanOrEqual(first.getTime());
  });
});

describe('rewindChain()', () => {
  test("deletes the chain's rows above the height and moves its cursor back, other chains untouched", async () => {
    await writeBlock(db, block(3));
    await writeBlock(db, {
      cursor: { chainKey: 'evm:88888', height: 5n, blockHash: '0x05' },
      rows: { EvmBlock: [{ ...evmBlock(5), chainId: 88_888n }] },
    });
    await rewindChain(db, { chainKey: CHAIN, height: 1n, blockHash: hash(1) }, [
      { model: 'EvmTransaction', chain: { chainId: 99_999n }, heightField: 'blockNumber' },
      { model: 'EvmBlock', chain: { chainId: 99_999n }, heightField: 'number' },
    ]);
    const heights = await db.query<{ chain_id: bigint; number: bigint }>(
      'SELECT chain_id, number FROM evm_block ORDER BY 1, 2',
    );
    expect(heights).toEqual([
      { chain_id: 88_888n, number: 5n },
      { chain_id: 99_999n, number: 1n },
    ]);
    expect(
      await db.prisma.evmTransaction.findMany({ where: { chainId: 99_999n }, select: { blockNumber: true } }),
    ).toEqual([{ blockNumber: 1n }]);
    expect(await readSyncCursor(db, CHAIN)).toEqual({ chainKey: CHAIN, height: 1n, blockHash: hash(1) });
    expect(await readSyncCursor(db, 'evm:88888')).toEqual({ chainKey: 'evm:88888', height: 5n, blockHash: '0x05' });
  });

  test('a rewound chain takes the other branch', async () => {
    await writeBlock(db, {
      cursor: { chainKey: CHAIN, height: 2n, blockHash: hash(2, 'b') },
      rows: { EvmBlock: [evmBlock(2, 'b')], EvmTransaction: [evmTx(2, 0, 'b')] },
    });
    expect(toHexRow(await db.prisma.evmBlock.findFirstOrThrow({ where: { chainId: 99_999n, number: 2n } })).hash).toBe(
      hash(2, 'b'),
    );
  });

  test('error: a target without a chain condition is refused', async () => {
    await expect(
      rewindChain(db, { chainKey: CHAIN, height: 0n, blockHash: hash(0) }, [
        { model: 'EvmBlock', chain: {}, heightField: 'number' },
      ]),
    ).rejects.toThrow('needs a chain condition');
    expect(await db.prisma.evmBlock.count()).toBe(3);
  });
});

describe('writeBlocks()', () => {
  test('writes consecutive blocks in one transaction and moves the cursor to the last', async () => {
    await writeBlocks(db, [block(3), block(4), block(5, { upserts: { Validator: [validator(300n)] } })]);
    expect(await readSyncCursor(db, CHAIN)).toEqual({ chainKey: CHAIN, height: 5n, blockHash: hash(5) });
    expect(await db.prisma.evmBlock.count({ where: { chainId: 99_999n, number: { in: [3n, 4n, 5n] } } })).toBe(3);
    expect((await db.prisma.validator.findFirstOrThrow({ where: { validationId: 'v1' } })).weight).toBe(300n);
  });

  test("upserts of one key in several blocks keep the later block's row", async () => {
    await writeBlocks(db, [
      block(6, { upserts: { Validator: [validator(600n)] } }),
      block(7, { upserts: { Validator: [validator(700n)] } }),
    ]);
    expect((await db.prisma.validator.findFirstOrThrow({ where: { validationId: 'v1' } })).weight).toBe(700n);
  });

  test('error: a failure in the last block leaves every block of the batch unwritten and the cursor where it was', async () => {
    const before = await snapshot();
    const broken = block(9, {
      rows: { EvmBlock: [evmBlock(9)], EvmTransaction: [evmTx(9, 0), { ...evmTx(9, 1), blockIndex: 0 }] },
    });
    await expect(writeBlocks(db, [block(8), broken])).rejects.toThrow(/unique|duplicate/i);
    expect(await snapshot()).toBe(before);
    expect(await readSyncCursor(db, CHAIN)).toEqual({ chainKey: CHAIN, height: 7n, blockHash: hash(7) });
  });
});

describe('writeBlocks() beforeRows hooks', () => {
  const stored = async (height: number) =>
    (await db.query('SELECT 1 FROM evm_block WHERE chain_id = 99999 AND number = $1', [height])).length === 1;

  test('several hooks run in order, each before the rows and its after-rows work after them, in the transaction', async () => {
    const seen: string[] = [];
    const hook = (name: string) => async (tx: Parameters<BeforeRows>[0], blocks: readonly BlockWrite[]) => {
      seen.push(`${name} before, stored ${await storedIn(tx, Number(blocks[0]!.cursor.height))}`);
      return async () =>
        void seen.push(`${name} after, stored ${await storedIn(tx, Number(blocks[0]!.cursor.height))}`);
    };
    await writeBlocks(db, [block(10)], { beforeRows: [hook('a'), hook('b')] });
    expect(seen).toEqual([
      'a before, stored false',
      'b before, stored false',
      'a after, stored true',
      'b after, stored true',
    ]);
    expect(await stored(10)).toBe(true);
  });

  test('error: a failing after-rows work rolls back the rows, the cursor and what the other hooks wrote', async () => {
    const before = await snapshot();
    const counts: BeforeRows = async (tx) => async () => {
      await tx.query(`UPDATE sync_state SET block_hash = 'changed' WHERE chain_key = $1`, [CHAIN]);
    };
    const fails: BeforeRows = async () => async () => {
      throw new Error('hook failed');
    };
    await expect(writeBlocks(db, [block(11)], { beforeRows: [counts, fails] })).rejects.toThrow('hook failed');
    expect(await snapshot()).toBe(before);
    expect(await stored(11)).toBe(false);
  });
});

async function storedIn(tx: Parameters<BeforeRows>[0], height: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM evm_block WHERE chain_id = 99999 AND number = $1', [height])).length === 1;
}

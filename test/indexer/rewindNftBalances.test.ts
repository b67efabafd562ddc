// A reorg's rollback of the holdings the NFT balance lists read: ERC-1155 current balances go back
// to the last change at or below the common ancestor (a holding first made above it goes), the
// history above it goes, and ERC-721 owners go back to the last transfer at or below it; other
// chains are untouched. Rows are written as the indexer writes them, by hand, without a node.
import { asText } from '../../prisma/hexBytes';
import type { Database } from '../../prisma/database';
import { rewindEvmChain } from '../../indexer/evm/follow/rewindEvmChain';
import { setupTestDatabase, teardown } from '../setup/database';

let db: Database;
const CHAIN = 31_337n;
const [A, B, C] = [
  '0x00000000000000000000000000000000000000a1',
  '0x00000000000000000000000000000000000000b2',
  '0x00000000000000000000000000000000000000c3',
];
const ITEMS = '0x0000000000000000000000000000000000001155';
const NFT = '0x0000000000000000000000000000000000000721';
const ZERO = '0x0000000000000000000000000000000000000000';

/** One ERC-1155 or ERC-721 transfer row with its balance effects, as the write path stores them. */
type Move = { block: number; from: string; to: string; id: number; value: number; kind: 'ERC-1155' | 'ERC-721' };

/**
 * Writes blocks 1..`last` and the moves in them: the transfers, each ERC-1155 holder's balance after
 * each block that changed it and the current balance (the latest change), and the ERC-721 owners.
 */
async function writeChain(chainId: bigint, moves: Move[], last: number): Promise<void> {
  for (let n = 1; n <= last; n++) {
    await db.query(
      `INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, tx_count, miner)
       VALUES ($1, $2, $3, $4, $5, 8000000, 0, 0, $6)`,
      [
        String(chainId),
        n,
        `0x${String(n).padStart(64, '0')}`,
        `0x${String(n - 1).padStart(64, '0')}`,
        1_700_000_000 + n,
        ZERO,
      ],
    );
  }
  const balances = new Map<string, bigint>();
  for (const [i, m] of moves.entries()) {
    const tx = `0x${(i + 1).toString(16).padStart(64, '0')}`;
    await db.query(
      `INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value, token_id)
       VALUES ($1, $2, 0, 0, $3, $4::erc_type, $5, $6, $7, $8, $9)`,
      [String(chainId), tx, m.block, m.kind, m.kind === 'ERC-1155' ? ITEMS : NFT, m.from, m.to, m.value, m.id],
    );
    if (m.kind === 'ERC-721') {
      await db.query(
        `INSERT INTO evm_nft_token (chain_id, address, token_id, erc_type, owner_address) VALUES ($1, $2, $3, 'ERC-721', $4)
         ON CONFLICT (chain_id, address, token_id) DO UPDATE SET owner_address = excluded.owner_address`,
        [String(chainId), NFT, m.id, m.to],
      );
      continue;
    }
    for (const [holder, delta] of [
      [m.from, -m.value],
      [m.to, m.value],
    ] as const) {
      if (holder === ZERO) continue;
      const key = `${holder}|${m.id}`;
      const balance = (balances.get(key) ?? 0n) + BigInt(delta);
      balances.set(key, balance);
      for (const table of ['erc1155_balance_change', 'erc1155_balance']) {
        await db.query(
          `INSERT INTO ${table} (chain_id, holder, token_address, token_id, block_number, balance) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT ON CONSTRAINT ${table}_pkey DO UPDATE SET block_number = excluded.block_number, balance = excluded.balance`,
          [String(chainId), holder, ITEMS, m.id, m.block, balance.toString()],
        );
      }
    }
  }
  await db.query(`INSERT INTO sync_state (chain_key, height, block_hash) VALUES ($1, $2, $3)`, [
    `evm:${chainId}`,
    last,
    asText(`0x${String(last).padStart(64, '0')}`),
  ]);
}

const current = (chainId: bigint) =>
  db.query<{ holder: string; token_id: string; block_number: string; balance: string }>(
    `SELECT holder, token_id::text, block_number::text, balance::text FROM erc1155_balance WHERE chain_id = $1 ORDER BY holder, token_id`,
    [String(chainId)],
  );

beforeAll(async () => {
  db = await setupTestDatabase();
  const moves: Move[] = [
    { block: 2, from: ZERO, to: A, id: 1, value: 10, kind: 'ERC-1155' },
    { block: 3, from: A, to: B, id: 1, value: 4, kind: 'ERC-1155' },
    { block: 3, from: ZERO, to: A, id: 7, kind: 'ERC-721', value: 1 },
    // Above the ancestor (5): A sends B everything, C gets its first token, the NFT moves to C.
    { block: 6, from: A, to: B, id: 1, value: 6, kind: 'ERC-1155' },
    { block: 7, from: B, to: C, id: 1, value: 1, kind: 'ERC-1155' },
    { block: 7, from: ZERO, to: C, id: 2, value: 5, kind: 'ERC-1155' },
    { block: 8, from: A, to: C, id: 7, kind: 'ERC-721', value: 1 },
  ];
  await writeChain(CHAIN, moves, 8);
  await writeChain(CHAIN + 1n, moves, 8);
}, 60_000);
afterAll(async () => {
  await teardown(db);
});

describe('rewindEvmChain() and the NFT holdings', () => {
  test('the head state before the rewind is the sum of every transfer', async () => {
    expect(await current(CHAIN)).toEqual([
      { holder: A, token_id: '1', block_number: '6', balance: '0' },
      { holder: B, token_id: '1', block_number: '7', balance: '9' },
      { holder: C, token_id: '1', block_number: '7', balance: '1' },
      { holder: C, token_id: '2', block_number: '7', balance: '5' },
    ]);
  });

  test('restores the ERC-1155 balances and the ERC-721 owner of the common ancestor', async () => {
    await rewindEvmChain(db, CHAIN, { chainKey: `evm:${CHAIN}`, height: 5n, blockHash: `0x${'5'.padStart(64, '0')}` });
    expect(await current(CHAIN)).toEqual([
      { holder: A, token_id: '1', block_number: '3', balance: '6' },
      { holder: B, token_id: '1', block_number: '3', balance: '4' },
    ]);
    const history = await db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM erc1155_balance_change WHERE chain_id = $1 AND block_number > 5',
      [String(CHAIN)],
    );
    expect(Number(history[0]!.n)).toBe(0);
    const [owner] = await db.query<{ owner_address: string }>(
      'SELECT owner_address FROM evm_nft_token WHERE chain_id = $1 AND address = $2 AND token_id = 7',
      [String(CHAIN), NFT],
    );
    expect(owner!.owner_address).toBe(A);
  });

  test('leaves other chains as they were', async () => {
    expect(await current(CHAIN + 1n)).toEqual([
      { holder: A, token_id: '1', block_number: '6', balance: '0' },
      { holder: B, token_id: '1', block_number: '7', balance: '9' },
      { holder: C, token_id: '1', block_number: '7', balance: '1' },
      { holder: C, token_id: '2', block_number: '7', balance: '5' },
    ]);
  });
});

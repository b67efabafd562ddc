// The one-time backfill of the L1 fee events, for P-Chain blocks indexed before the table existed:
// the stored L1 validator transactions replayed against the stored blocks' accrued-fees counters. A
// validation topped up while inactive pays from its block's counter, and stops at its
// EndAccumulatedFee in the first block whose counter reaches it, before that block's transactions.
// (primaryNetwork.test.ts checks that the replay of an indexed history gives the indexer's events.)
import { asText } from '../../prisma/hexBytes';
import { toHex } from '../../avalanche/bytes';
import { backfillL1FeeEvents } from '../../indexer/primary-network/backfillL1FeeEvents';
import type { Database } from '../../prisma/database';
import { createSettings } from '../../prisma/settings';
import { L1_VALIDATION_ID, NODE, P_CHAIN_ID, tx3, tx9 } from '../fixtures/avalanchego/fujiChains';
import { setupTestDatabase, teardown } from '../setup/database';

const AVAX = 1_000_000_000n;
/** tx9 tops the validation up by 0.5 AVAX; it is inactive, so it starts paying at block 2's counter. */
const TOP_UP = AVAX / 2n;
const START = 1_000_000n;
const END = START + TOP_UP;
/** The counter after each block 1..5: the top-up's block, then a nAVAX short of its end, exactly at it, past it. */
const COUNTERS = [0n, START, END - 1n, END, END + 5n];
const time = (height: number) => 1_740_000_000n + BigInt(height) * 60n;

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
  await db.query(
    `INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime, is_l1)
     VALUES ('fuji', $1, 0, 0, '{}', 1, 0, TRUE)`,
    [tx3.id],
  );
  // Ended before the blocks below (its balance ran out): the row as the indexer leaves it.
  await db.query(
    `INSERT INTO validator (network, tx_hash, validation_id, node_id, subnet_id, is_l1_validator, amount_staked, weight,
       start_timestamp, block_index, is_active, reward_addresses, l1_balance, l1_end_accumulated_fee)
     VALUES ('fuji', $1, $2, $3, $1, TRUE, 10, 10, 0, 0, FALSE, '{}', 0, 0)`,
    [tx3.id, L1_VALIDATION_ID, NODE.N2],
  );
  for (const [i, counter] of COUNTERS.entries()) {
    const height = i + 1;
    const txs = height === 2 ? [tx9.id] : [];
    await db.query(
      `INSERT INTO primary_network_block (network, blockchain_id, block_number, block_hash, parent_hash, block_type,
         block_timestamp, tx_count, transactions, block_size_bytes, l1_validators_accrued_fees, current_supply)
       VALUES ('fuji', $1, $2, $3, $4, 'BanffStandardBlock', $5, $6, $7, 100, $8, 0)`,
      [P_CHAIN_ID, height, `block-${height}`, `block-${height - 1}`, time(height), txs.length, txs, counter.toString()],
    );
  }
  await db.query(
    `INSERT INTO primary_network_transaction (network, tx_hash, blockchain_id, tx_type, block_number, block_timestamp, tx_bytes)
     VALUES ('fuji', $1, $2, 'IncreaseL1ValidatorBalanceTx', 2, $3, $4)`,
    // tx_bytes is text (hexBytes.ts).
    [tx9.id, P_CHAIN_ID, time(2), asText(`0x${toHex(tx9.bytes)}`)],
  );
});
afterAll(() => teardown(db));

const events = () =>
  db.query<Record<string, unknown>>(
    `SELECT validation_id, subnet_id, node_id, block_index, tx_order, kind::text AS kind, accrued_fees::text AS accrued, block_timestamp
       FROM l1_validator_fee_event ORDER BY block_index, tx_order`,
  );

describe('backfillL1FeeEvents()', () => {
  test('rule: without the marker the migration leaves, it does nothing', async () => {
    expect(await backfillL1FeeEvents(db)).toBe(0);
    expect(await events()).toEqual([]);
  });

  test('rule: a top-up of an inactive validation starts it at its block, and the first block whose counter reaches its end stops it there, order -1', async () => {
    await createSettings(db).set('l1FeeEventsBackfill', true);
    const lines: string[] = [];
    expect(await backfillL1FeeEvents(db, { log: (line) => lines.push(line) })).toBe(2);
    const named = { validation_id: L1_VALIDATION_ID, subnet_id: tx3.id, node_id: NODE.N2 };
    expect(await events()).toEqual([
      { ...named, block_index: 2n, tx_order: 0, kind: 'start', accrued: START.toString(), block_timestamp: time(2) },
      { ...named, block_index: 4n, tx_order: -1, kind: 'stop', accrued: END.toString(), block_timestamp: time(4) },
    ]);
    expect(lines.at(-1)).toBe('recorded 2 L1 fee events');
  });

  test('rule: the marker goes when it is done, and a second run writes nothing twice', async () => {
    expect(await createSettings(db).get('l1FeeEventsBackfill')).toBeNull();
    await createSettings(db).set('l1FeeEventsBackfill', true);
    expect(await backfillL1FeeEvents(db)).toBe(0);
    expect(await events()).toHaveLength(2);
  });
});

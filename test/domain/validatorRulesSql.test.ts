// The SQL forms of the validator rules give every row what the TypeScript rules give it: a table of
// validations on every boundary (start, end, removal, no end) asked at instants on and around them.
import { leavesSetAt, timeRemaining, validationStatusAt, validatorRulesSql, VALIDATION_STATUSES } from '../../domain';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';

const AVAX = 1_000_000_000n;
type Period = {
  key: string;
  startTimestamp: bigint;
  endTimestamp: bigint | null;
  removedTimestamp: bigint | null;
  capacity: bigint;
};

/** Validations around the instants 1000 (start), 2000 (end) and 1500 (removal). */
const periods: Period[] = [];
for (const end of [null, 1000n, 1500n, 2000n]) {
  for (const removed of [null, 999n, 1000n, 1500n, 2000n, 2500n]) {
    periods.push({
      key: `v${periods.length}`,
      startTimestamp: 1000n,
      endTimestamp: end,
      removedTimestamp: removed,
      capacity: BigInt(periods.length + 1) * AVAX,
    });
  }
}
const instants = [0n, 999n, 1000n, 1001n, 1499n, 1500n, 1501n, 1999n, 2000n, 2001n, 2500n, 9_000_000_000n];

let db: Database;

beforeAll(async () => {
  db = await setupTestDatabase();
  await db.query(`INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime)
    VALUES ('mainnet', 's', 0, 0, '{}', 1, 0)`);
  for (const p of periods) {
    await db.query(
      `INSERT INTO validator (network, tx_hash, validation_id, node_id, subnet_id, amount_staked, weight, start_timestamp, end_timestamp,
        block_index, removed_timestamp, delegation_capacity) VALUES ('mainnet', $1, $1, 'NodeID-x', 's', 1, 1, $2, $3, 1, $4, $5)`,
      [p.key, p.startTimestamp, p.endTimestamp, p.removedTimestamp, p.capacity.toString()],
    );
  }
});
afterAll(() => teardown(db));

describe('validatorRulesSql()', () => {
  test('status(s) selects exactly the rows validationStatusAt() gives status s, at every instant', async () => {
    for (const at of instants) {
      for (const status of VALIDATION_STATUSES) {
        const rules = validatorRulesSql({ at: '$1', alias: 'v' });
        const rows = await db.query<{ key: string }>(
          `SELECT v.validation_id AS key FROM validator v WHERE ${rules.status(status)} ORDER BY 1`,
          [at],
        );
        const expected = periods
          .filter((p) => validationStatusAt(p, at) === status)
          .map((p) => p.key)
          .sort();
        expect({ at, status, keys: rows.map((r) => r.key) }).toEqual({ at, status, keys: expected });
      }
    }
  });

  test('leavesSetAt, timeRemaining and delegationCapacity compute what the TypeScript rules compute', async () => {
    for (const at of instants) {
      // A literal instant, as queries built with Prisma.sql use it.
      const rules = validatorRulesSql({ at, alias: 'v' });
      const rows = await db.query<{
        key: string;
        leaves: bigint | null;
        remaining: bigint | null;
        capacity: string;
        inSet: boolean;
      }>(
        `SELECT v.validation_id AS key, ${rules.leavesSetAt} AS leaves, ${rules.timeRemaining} AS remaining,
          ${rules.delegationCapacity}::text AS capacity, ${rules.inSet} AS "inSet" FROM validator v`,
      );
      for (const row of rows) {
        const p = periods.find((candidate) => candidate.key === row.key)!;
        const status = validationStatusAt(p, at);
        // The stored capacity is what the validation accepts while active or pending; nothing otherwise.
        const inSet = status === 'active' || status === 'pending';
        expect({
          at,
          key: row.key,
          leaves: row.leaves,
          remaining: row.remaining === null ? null : Number(row.remaining),
          inSet: row.inSet,
          capacity: row.capacity,
        }).toEqual({
          at,
          key: row.key,
          leaves: leavesSetAt(p),
          remaining: timeRemaining(p, at),
          inSet,
          capacity: inSet ? p.capacity.toString() : '0',
        });
      }
    }
  });

  test('refuses placeholders, instants and aliases that are not plain', () => {
    expect(() => validatorRulesSql({ at: '1; DROP TABLE validator' })).toThrow(/placeholder/);
    expect(() => validatorRulesSql({ at: 1.5 })).toThrow(/instant/);
    expect(() => validatorRulesSql({ at: '$1', alias: 'v; --' })).toThrow(/alias/);
  });
});

describe('leavesSetAt() and timeRemaining()', () => {
  test('the earlier of end and removal; null without either', () => {
    expect(leavesSetAt({ startTimestamp: 1, endTimestamp: 500, removedTimestamp: 300 })).toBe(300n);
    expect(leavesSetAt({ startTimestamp: 1, endTimestamp: 500, removedTimestamp: 700 })).toBe(500n);
    expect(leavesSetAt({ startTimestamp: 1, endTimestamp: null, removedTimestamp: 700 })).toBe(700n);
    expect(leavesSetAt({ startTimestamp: 1, endTimestamp: null })).toBeNull();
  });

  test('time remaining is end − now while in the set, 0 after, null without end', () => {
    expect(timeRemaining({ startTimestamp: 100, endTimestamp: 500 }, 200)).toBe(300);
    expect(timeRemaining({ startTimestamp: 100, endTimestamp: 500 }, 50)).toBe(450);
    expect(timeRemaining({ startTimestamp: 100, endTimestamp: 500 }, 500)).toBe(0);
    expect(timeRemaining({ startTimestamp: 100, endTimestamp: 500, removedTimestamp: 150 }, 200)).toBe(0);
    expect(timeRemaining({ startTimestamp: 100, endTimestamp: null }, 200)).toBeNull();
  });

  test('a validation is active or pending exactly while now < leavesSetAt', () => {
    for (const p of periods) {
      for (const at of instants) {
        const leaves = leavesSetAt(p);
        const inSet = ['active', 'pending'].includes(validationStatusAt(p, at));
        expect({ key: p.key, at, inSet }).toEqual({ key: p.key, at, inSet: leaves === null || at < leaves });
      }
    }
  });
});

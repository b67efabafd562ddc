// The SQL forms of the status rule select exactly the rows the TypeScript rule gives that status,
// on the demo data, at instants around DEMO_NOW and on the data's own boundaries.
import {
  delegationStatusWhere,
  validationStatusAt,
  validationStatusWhere,
  VALIDATION_STATUSES,
  type ValidationStatus,
} from '../../domain';
import type { Database } from '../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';

const DEMO_NOW = 1_793_491_200;
const DAY = 86_400;
type Period = {
  network: string;
  key: string;
  startTimestamp: bigint;
  endTimestamp: bigint | null;
  removedTimestamp: bigint | null;
};

let db: Database;
let validators: Period[];
let delegations: Period[];
let instants: bigint[];

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  validators =
    await db.query<Period>(`SELECT network::text AS network, validation_id AS key, start_timestamp AS "startTimestamp",
    end_timestamp AS "endTimestamp", removed_timestamp AS "removedTimestamp" FROM validator`);
  delegations =
    await db.query<Period>(`SELECT network::text AS network, tx_hash AS key, start_timestamp AS "startTimestamp",
    end_timestamp AS "endTimestamp", NULL::bigint AS "removedTimestamp" FROM delegation`);
  // Instants of the question: around DEMO_NOW, far before and after, and exact boundaries of the data.
  const [bounds] = await db.query<Record<string, bigint>>(`SELECT
    (SELECT min(removed_timestamp) FROM validator) AS removed,
    (SELECT min(start_timestamp) FROM validator WHERE start_timestamp > ${DEMO_NOW}) AS "pendingStart",
    (SELECT max(end_timestamp) FROM validator WHERE end_timestamp <= ${DEMO_NOW}) AS "lastEnd",
    (SELECT min(end_timestamp) FROM delegation WHERE end_timestamp > ${DEMO_NOW}) AS "delegationEnd"`);
  instants = [
    ...[DEMO_NOW, DEMO_NOW - 200 * DAY, DEMO_NOW + 3 * DAY, DEMO_NOW + 400 * DAY, 1_600_000_000].map(BigInt),
    ...Object.values(bounds!).flatMap((t) => [t - 1n, t]),
  ];
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => teardownSeeded(db));

const keysWith = (rows: Period[], status: ValidationStatus, now: bigint) =>
  rows
    .filter((row) => validationStatusAt(row, now) === status)
    .map((row) => `${row.network}/${row.key}`)
    .sort();

describe('validationStatusWhere()', () => {
  test('selects exactly the validators validationStatusAt() gives each status, at every instant', async () => {
    const seen = new Set<ValidationStatus>();
    for (const now of instants) {
      for (const status of VALIDATION_STATUSES) {
        const rows = await db.prisma.validator.findMany({
          where: validationStatusWhere(status, now),
          select: { network: true, validationId: true },
        });
        const selected = rows.map((r) => `${r.network.toLowerCase()}/${r.validationId}`).sort();
        expect({ now, status, selected }).toEqual({ now, status, selected: keysWith(validators, status, now) });
        if (selected.length > 0 && now === BigInt(DEMO_NOW)) seen.add(status);
      }
    }
    // Not vacuous: at DEMO_NOW the demo data has validators in every status.
    expect([...seen].sort()).toEqual(['active', 'completed', 'pending', 'removed']);
  });

  test('the four filters partition the validators at every instant', async () => {
    for (const now of instants) {
      let total = 0;
      for (const status of VALIDATION_STATUSES)
        total += await db.prisma.validator.count({ where: validationStatusWhere(status, now) });
      expect({ now, total }).toEqual({ now, total: validators.length });
    }
  });
});

describe('delegationStatusWhere()', () => {
  test('selects exactly the delegations validationStatusAt() gives each status, at every instant', async () => {
    for (const now of instants) {
      for (const status of VALIDATION_STATUSES) {
        const rows = await db.prisma.delegation.findMany({
          where: delegationStatusWhere(status, now),
          select: { network: true, txHash: true },
        });
        const selected = rows.map((r) => `${r.network.toLowerCase()}/${r.txHash}`).sort();
        expect({ now, status, selected }).toEqual({ now, status, selected: keysWith(delegations, status, now) });
      }
    }
    expect(keysWith(delegations, 'pending', BigInt(DEMO_NOW)).length).toBeGreaterThan(0);
  });
});

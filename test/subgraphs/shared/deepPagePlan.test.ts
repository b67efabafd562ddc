// A page deep into a long list must cost what the first page costs: the keyset condition has to
// be one index range. Checked on the plans PostgreSQL (and PGlite, the same planner) chooses for
// the statements the paging helpers actually send, 200,000 rows in, near the end of the list.
import type { Subnet } from '../../../prisma/generated/client';
import { Prisma } from '../../../prisma/generated/client';
import type { Database } from '../../../prisma/database';
import { bigintKey, stringKey } from '../../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken } from '../../../subgraphs/shared/paging/pageToken';
import { paginate } from '../../../subgraphs/shared/paging/paginate';
import { paginateSql } from '../../../subgraphs/shared/paging/paginateSql';
import { sortKey } from '../../../subgraphs/shared/paging/sortKey';
import { tokenScope } from '../../../subgraphs/shared/paging/tokenScope';
import { setupTestDatabase, teardown } from '../../setup/database';

const rows = 200_000;
const position = 170_000;
let db: Database;
let last: { sql: string; params: readonly unknown[] } | undefined;
const signer = { secret: 'plan-test' };
const keys = [sortKey<Subnet>('createBlockTimestamp', bigintKey), sortKey<Subnet>('subnetId', stringKey)];

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql, params) => (last = { sql, params }) });
  // Ten subnets per creation time: a cursor lands inside a run of ties, as real lists do.
  await db.query(`INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime)
    SELECT 'mainnet', 'subnet' || lpad(i::text, 7, '0'), 1700000000 + i / 10, i, '{}', 1, 0 FROM generate_series(1, ${rows}) AS i`);
  await db.query('ANALYZE subnet');
}, 120_000);
afterAll(() => teardown(db));

/** Sums a number over every node of an EXPLAIN (FORMAT JSON) plan. */
function total(plan: Record<string, unknown>, field: string): number {
  const own = typeof plan[field] === 'number' ? (plan[field] as number) : 0;
  return (
    own +
    ((plan.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + total(child, field), 0)
  );
}

function nodeTypes(plan: Record<string, unknown>): string[] {
  return [
    String(plan['Node Type']),
    ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(nodeTypes),
  ];
}

async function explain(sql: string, params: readonly unknown[]) {
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    [...params],
  );
  return row!['QUERY PLAN'][0].Plan;
}

/** A token for the position after the `position`-th row, newest first: what a client holds deep in the list. */
async function deepToken(args: object) {
  const [row] = await db.query<{ create_block_timestamp: bigint; subnet_id: string }>(
    `SELECT create_block_timestamp, subnet_id FROM subnet ORDER BY create_block_timestamp DESC, subnet_id DESC OFFSET ${position} LIMIT 1`,
  );
  return encodePageToken(
    signer,
    tokenScope('subnets', args),
    [bigintKey, stringKey],
    [row!.create_block_timestamp, row!.subnet_id],
  );
}

describe('a deep page (position 170,000 of 200,000)', () => {
  it('is one index range with paginate: no scan of the rows before the cursor', async () => {
    const args = { network: 'mainnet' };
    const pageToken = await deepToken(args);
    last = undefined;
    const page = await paginate(
      { list: 'subnets', args: { ...args, pageToken, pageSize: 10 }, signer, order: 'desc', keys },
      { network: 'MAINNET' as const },
      (query) => db.prisma.subnet.findMany(query),
    );
    expect(page.items).toHaveLength(10);
    const plan = await explain(last!.sql, last!.params);
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    expect(nodeTypes(plan).some((type) => type.startsWith('Index'))).toBe(true);
    // Only the ties of the cursor's timestamp may be read and discarded, never the 170,000 rows before it.
    expect(total(plan, 'Rows Removed by Filter')).toBeLessThan(20);
    expect(total(plan, 'Actual Rows')).toBeLessThan(100);
  });

  it('is one index range with paginateSql (row-value comparison)', async () => {
    const args = { network: 'mainnet' };
    const pageToken = await deepToken(args);
    let statement: Prisma.Sql | undefined;
    const page = await paginateSql(
      { list: 'subnets', args: { ...args, pageToken, pageSize: 10 }, signer, order: 'desc', keys },
      (k) =>
        (statement = Prisma.sql`SELECT subnet_id AS "subnetId", create_block_timestamp AS "createBlockTimestamp" FROM subnet s
        WHERE network = 'mainnet' ${k.after('s')} ORDER BY ${k.orderBy('s')} LIMIT ${k.limit}`),
      (sql) => db.prisma.$queryRaw<Subnet[]>(sql),
    );
    expect(page.items).toHaveLength(10);
    const plan = await explain(statement!.text, statement!.values);
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    expect(total(plan, 'Rows Removed by Filter')).toBe(0);
    expect(total(plan, 'Actual Rows')).toBeLessThan(100);
  });
});

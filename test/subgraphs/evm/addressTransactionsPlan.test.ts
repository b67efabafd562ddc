// A deep page of an address's transactions costs what the first page costs: each side is an index
// range (or a walk down an index) that starts at the cursor, whatever the address's history. Checked
// on the plan PostgreSQL (and PGlite, the same planner) chooses for the statement the endpoint sends,
// for an address with 300,000 rows across its sides.
import type { EvmChain } from '../../../prisma/generated/client';
import type { Database } from '../../../prisma/database';
import { createEvmContext, type EvmContext } from '../../../subgraphs/evm/context';
import { addressTransactionsPaging } from '../../../subgraphs/evm/queries/listAddressTransactions';
import { listTransactions } from '../../../subgraphs/evm/queries/listAddressTransactions';
import { bigintKey, intKey } from '../../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken } from '../../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../../subgraphs/shared/paging/tokenScope';
import { setupTestDatabase, teardown } from '../../setup/database';

const blocks = 100_000;
const A = `0x${'a'.repeat(40)}`;
let db: Database;
let context: EvmContext;
let statements: { sql: string; params: readonly unknown[] }[] = [];
const signer = { secret: 'plan-test' };
const chain = { chainId: 1n, nativePriceKey: null, nativeTokenDecimals: 18 } as EvmChain;
const hash = (i: string) => `decode(lpad(to_hex(${i}), 64, '0'), 'hex')`;

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql, params) => statements.push({ sql, params }) });
  await db.query(`INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, tx_count, miner)
    SELECT 1, i, decode(lpad(to_hex(i), 64, '0'), 'hex'), decode(lpad(to_hex(i - 1), 64, '0'), 'hex'), 1700000000 + i, 15000000, 0, 3, decode(repeat('0', 40), 'hex')
    FROM generate_series(0, ${blocks}) AS i`);
  // Three transactions per block (hash 3i + position): A sends the first of every other block; the
  // second moves a token to A (a router's call); the third pays A from inside a call every third block.
  await db.query(`INSERT INTO evm_transaction (chain_id, tx_hash, block_number, block_index, from_address, to_address, value, gas_limit, gas_used, gas_price, nonce, tx_type, status, input)
    SELECT 1, ${hash('3 * i + p')}, i, p, CASE WHEN p = 0 AND i % 2 = 0 THEN decode('${A.slice(2)}', 'hex') ELSE decode(lpad(to_hex(i % 997 + 1), 40, 'b'), 'hex') END,
      decode(repeat('c', 40), 'hex'), 0, 21000, 21000, 1, i, 2, 1, ''::bytea
    FROM generate_series(1, ${blocks}) AS i, generate_series(0, 2) AS p`);
  // Two ERC-20 transfers to A in each second transaction (one transaction, two rows), among transfers of others.
  await db.query(`INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value)
    SELECT 1, ${hash('3 * i + 1')}, l, 0, i, 'ERC-20', decode(repeat('7', 40), 'hex'), decode(repeat('c', 40), 'hex'),
      CASE WHEN l < 2 THEN decode('${A.slice(2)}', 'hex') ELSE decode(repeat('d', 40), 'hex') END, 1
    FROM generate_series(1, ${blocks}) AS i, generate_series(0, 2) AS l`);
  await db.query(`INSERT INTO evm_internal_transaction (chain_id, tx_hash, trace_index, block_number, from_address, to_address, internal_tx_type, value, gas_used, gas_limit, is_reverted)
    SELECT 1, ${hash('3 * i + 2')}, 1, i, decode(repeat('c', 40), 'hex'), decode('${A.slice(2)}', 'hex'), 'CALL', 5, 0, 0, false
    FROM generate_series(3, ${blocks}, 3) AS i`);
  for (const table of ['evm_block', 'evm_transaction', 'evm_token_transfer', 'evm_internal_transaction'])
    await db.query(`ANALYZE ${table}`);
  context = createEvmContext({ prisma: db.prisma, read: db.read, pageTokens: signer, clock: () => 1_800_000_000 });
}, 600_000);
afterAll(() => teardown(db));

type Plan = Record<string, unknown>;
const children = (plan: Plan) => (plan.Plans as Plan[] | undefined) ?? [];
const nodes = (plan: Plan): Plan[] => [plan, ...children(plan).flatMap(nodes)];
/** Rows a node handed up over all its loops. */
const rowsOf = (node: Plan) => (node['Actual Rows'] as number) * (node['Actual Loops'] as number);

describe("an address's transactions deep in a 300,000-row history", () => {
  it.each(['desc', 'asc'] as const)(
    'listTransactions (%s): a page at the middle reads about a page per side, sorts no more, and equals the raw tables',
    async (order) => {
      const request = { chain, address: A, pageSize: 10 };
      const middle = BigInt(blocks / 2);
      const paging = addressTransactionsPaging(signer, {
        ...request,
        order,
        sides: 'all',
        filterSpamTokens: false,
      });
      const pageToken = encodePageToken(
        signer,
        tokenScope('addressTransactions', paging.args),
        [bigintKey, intKey],
        [middle, 1],
      );
      statements = [];
      const page = await listTransactions(context, { ...request, pageToken }, { sortOrder: order });
      const [op, dir] = order === 'desc' ? ['<', 'DESC'] : ['>', 'ASC'];
      const expected = await db.query<{ tx_hash: string }>(
        `SELECT x.tx_hash FROM evm_transaction x WHERE x.chain_id = 1 AND (x.block_number, x.block_index) ${op} (${middle}, 1)
           AND (x.from_address = $1 OR x.to_address = $1
             OR EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = 1 AND t.tx_hash = x.tx_hash AND $1 IN (t.from_address, t.to_address))
             OR EXISTS (SELECT 1 FROM evm_internal_transaction f WHERE f.chain_id = 1 AND f.tx_hash = x.tx_hash AND $1 IN (f.from_address, f.to_address)))
         ORDER BY x.block_number ${dir}, x.block_index ${dir} LIMIT 10`,
        [A],
      );
      expect(page.transactions.map((t) => t.nativeTransaction.txHash)).toEqual(expected.map((row) => row.tx_hash));
      expect(page.transactions.every((t) => t.erc20Transfers.length === 0 || t.erc20Transfers.length === 2)).toBe(true);
      expect(statements).toHaveLength(1);
      const statement = statements[0]!;
      const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
        [...statement.params],
      );
      const plan = nodes(row!['QUERY PLAN'][0].Plan);
      expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      // Every scan of the address's sides reads about a page (11 transactions, two transfer rows
      // each) from the cursor on, never the 150,000 rows on the other side of it.
      const sideScans = plan.filter((node) =>
        /^evm_(token_transfer|internal_transaction|transaction)_chain_id_(from|to)_address/.test(
          String(node['Index Name'] ?? ''),
        ),
      );
      expect(sideScans.length).toBeGreaterThanOrEqual(10);
      for (const scan of sideScans)
        expect(rowsOf(scan) + ((scan['Rows Removed by Filter'] as number) ?? 0)).toBeLessThan(60);
      // Sorts see the page's rows, not the history.
      for (const sort of plan.filter((node) => String(node['Node Type']).includes('Sort')))
        expect(rowsOf(sort)).toBeLessThan(200);
    },
    120_000,
  );
});

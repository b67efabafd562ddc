// A deep page of the EVM address lists costs what the first page costs: each side of the
// sender-OR-receiver UNION is one index range that starts at the cursor, a historical balance is
// one index lookup per token, and the latest balances one index range. Checked on the plans PostgreSQL (and PGlite, the same planner)
// chooses for the statements the endpoints send, deep into 200,000-row histories.
import type { EvmChain } from '../../../prisma/generated/client';
import type { Database } from '../../../prisma/database';
import { createEvmContext, type EvmContext } from '../../../subgraphs/evm/context';
import { pageArgs } from '../../../subgraphs/evm/queries/accountRange';
import { listErc20Balances } from '../../../subgraphs/evm/queries/listErc20Balances';
import { listInternalTransactions } from '../../../subgraphs/evm/queries/listInternalTransactions';
import { listErc20Transactions } from '../../../subgraphs/evm/queries/listErc20Transactions';
import { listErc721Transactions } from '../../../subgraphs/evm/queries/listErc721Transactions';
import { CurrencyCode } from '../../../subgraphs/evm/types/evmEnums';
import { bigintKey, intKey, stringKey } from '../../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken } from '../../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../../subgraphs/shared/paging/tokenScope';
import { setupTestDatabase, teardown } from '../../setup/database';

const rows = 200_000;
const position = 170_000;
const A = `0x${'a'.repeat(40)}`;
let db: Database;
let context: EvmContext;
let statements: { sql: string; params: readonly unknown[] }[] = [];
const signer = { secret: 'plan-test' };
const chain = { chainId: 1n, nativePriceKey: null, nativeTokenDecimals: 18 } as EvmChain;

beforeAll(async () => {
  db = await setupTestDatabase({ onQuery: (sql, params) => statements.push({ sql, params }) });
  await db.query(`INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, tx_count, miner)
    SELECT 1, i, decode(lpad(to_hex(i), 64, '0'), 'hex'), decode(lpad(to_hex(i - 1), 64, '0'), 'hex'), 1700000000 + i, 15000000, 0, 0, decode(repeat('0', 40), 'hex')
    FROM generate_series(0, ${rows}) AS i`);
  // Two transfers per block; the address sends a third and receives a third of them, among
  // transfers of other addresses, and sends one to itself every 1,000.
  await db.query(`INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value)
    SELECT 1, decode(lpad(to_hex(i), 64, '0'), 'hex'), i % 2, 0, i / 2, 'ERC-20', decode(lpad(to_hex(i % 50), 40, '0'), 'hex'),
      CASE WHEN i % 3 = 0 OR i % 1000 = 1 THEN decode('${A.slice(2)}', 'hex') ELSE decode(lpad(to_hex(i % 997 + 1), 40, 'b'), 'hex') END,
      CASE WHEN i % 3 = 1 THEN decode('${A.slice(2)}', 'hex') ELSE decode(lpad(to_hex(i % 991 + 1), 40, 'c'), 'hex') END, 1
    FROM generate_series(1, ${rows * 2}) AS i`);
  // ERC-721: the address receives NFTs of one collection in every block, a third of them stored
  // with metadata, among NFTs of other addresses.
  await db.query(`INSERT INTO evm_token_transfer (chain_id, tx_hash, log_index, batch_index, block_number, erc_type, token_address, from_address, to_address, value, token_id)
    SELECT 1, decode('e' || lpad(to_hex(i), 63, '0'), 'hex'), 2, 0, i, 'ERC-721', decode(repeat('7', 40), 'hex'), decode(repeat('0', 40), 'hex'),
      CASE WHEN i % 2 = 0 THEN decode('${A.slice(2)}', 'hex') ELSE decode(lpad(to_hex(i % 997 + 1), 40, 'c'), 'hex') END, 1, i
    FROM generate_series(1, ${rows}) AS i`);
  await db.query(`INSERT INTO evm_nft_token (chain_id, address, token_id, erc_type, token_uri, index_status, metadata_name)
    SELECT 1, decode(repeat('7', 40), 'hex'), i, 'ERC-721', 'ipfs://' || i, 'INDEXED', 'NFT ' || i FROM generate_series(3, ${rows}, 3) AS i`);
  // Frames: half of the address's are zero-value CALLs, which the list leaves out.
  await db.query(`INSERT INTO evm_internal_transaction (chain_id, tx_hash, trace_index, block_number, from_address, to_address, internal_tx_type, value, gas_used, gas_limit, is_reverted)
    SELECT 1, decode(lpad(to_hex(i), 64, '0'), 'hex'), 0, i / 2, CASE WHEN i % 2 = 0 THEN decode('${A.slice(2)}', 'hex') ELSE decode(repeat('d', 40), 'hex') END,
      CASE WHEN i % 2 = 1 THEN decode('${A.slice(2)}', 'hex') ELSE decode(repeat('e', 40), 'hex') END, 'CALL', CASE WHEN i % 4 < 2 THEN 0 ELSE 5 END, 0, 0, false
    FROM generate_series(1, ${rows}) AS i`);
  // Balance history: 50 tokens, 4,000 changes each.
  await db.query(`INSERT INTO erc20_balance_change (chain_id, token_address, holder, block_number, block_timestamp, balance)
    SELECT 1, decode(lpad(to_hex(t), 40, '0'), 'hex'), decode('${A.slice(2)}', 'hex'), b, 1700000000 + b, b FROM generate_series(1, 50) AS t, generate_series(1, ${rows}, 50) AS b`);
  // The holder's current balances (each token's latest change), among 1,000 other holders' of the same tokens.
  await db.query(`INSERT INTO erc20_balance (chain_id, holder, token_address, block_number, balance)
    SELECT DISTINCT ON (token_address) chain_id, holder, token_address, block_number, balance FROM erc20_balance_change ORDER BY token_address, block_number DESC`);
  await db.query(`INSERT INTO erc20_balance (chain_id, holder, token_address, block_number, balance)
    SELECT 1, decode(lpad(h::text, 40, 'c'), 'hex'), decode(lpad(to_hex(t), 40, '0'), 'hex'), 1, 1 FROM generate_series(1, 1000) AS h, generate_series(1, 50) AS t`);
  for (const table of [
    'evm_block',
    'evm_token_transfer',
    'evm_nft_token',
    'evm_internal_transaction',
    'erc20_balance_change',
    'erc20_balance',
  ])
    await db.query(`ANALYZE ${table}`);
  context = createEvmContext({ prisma: db.prisma, read: db.read, pageTokens: signer, clock: () => 1_800_000_000 });
}, 300_000);
afterAll(() => teardown(db));

type Plan = Record<string, unknown>;
const children = (plan: Plan) => (plan.Plans as Plan[] | undefined) ?? [];
const total = (plan: Plan, field: string): number =>
  (typeof plan[field] === 'number' ? (plan[field] as number) : 0) +
  children(plan).reduce((sum, child) => sum + total(child, field), 0);
const nodeTypes = (plan: Plan): string[] => [String(plan['Node Type']), ...children(plan).flatMap(nodeTypes)];
const nodes = (plan: Plan): Plan[] => [plan, ...children(plan).flatMap(nodes)];

/**
 * The scans of `table`'s rows: each must be an index range that starts at the cursor (the keyset's
 * row comparison in its index condition), under a LIMIT. Which index the planner takes depends on
 * how common the address is (per-address index, or block order filtered by address); both read
 * about a page from the cursor on.
 */
function keysetScans(plan: Plan, table: string): Plan[] {
  const scans = nodes(plan).filter(
    (node) =>
      String(node['Node Type']).includes('Scan') &&
      String(node['Index Name'] ?? node['Relation Name'] ?? '').startsWith(table),
  );
  for (const scan of scans) {
    expect(scan['Node Type']).toBe('Index Scan');
    expect(String(scan['Index Cond'])).toMatch(/ROW\(block_number, /);
  }
  return scans;
}

/** Rows a scan touched: returned plus discarded by its filter. */
const touched = (scans: Plan[]) =>
  scans.reduce(
    (sum, scan) =>
      sum +
      (scan['Actual Rows'] as number) * (scan['Actual Loops'] as number) +
      ((scan['Rows Removed by Filter'] as number) ?? 0),
    0,
  );

/** EXPLAIN ANALYZE of the last statement the endpoint sent that reads `table`. */
async function planOf(table: string): Promise<Plan> {
  const statement = [...statements].reverse().find((s) => s.sql.includes(table))!;
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [
    ...statement.params,
  ]);
  return row!['QUERY PLAN'][0].Plan;
}

describe('EVM address lists deep in a 200,000-row history', () => {
  it('4.10: a page after position 170,000 reads two index ranges from the cursor, not the rows before it', async () => {
    const request = { chain, address: A, pageSize: 10 };
    const [deep] = await db.query<{ block_number: bigint; log_index: number; batch_index: number }>(
      `SELECT block_number, log_index, batch_index FROM evm_token_transfer WHERE chain_id = 1 AND (from_address = $1 OR to_address = $1) AND erc_type = 'ERC-20'
       ORDER BY block_number DESC, log_index DESC, batch_index DESC OFFSET ${position} LIMIT 1`,
      [A],
    );
    const pageToken = encodePageToken(
      signer,
      tokenScope('transfers', pageArgs(request, 'ERC-20')),
      [bigintKey, intKey, intKey],
      [deep!.block_number, deep!.log_index, deep!.batch_index],
    );
    statements = [];
    const page = await listErc20Transactions(context, { ...request, pageToken });
    expect(page.transactions).toHaveLength(10);
    expect(BigInt(page.transactions[0]!.blockNumber)).toBeLessThanOrEqual(deep!.block_number);
    const plan = await planOf('evm_token_transfer');
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    // One range per side of the UNION, each stopping after its LIMIT: about a page each, never the 170,000 rows before the cursor.
    const scans = keysetScans(plan, 'evm_token_transfer');
    expect(scans).toHaveLength(2);
    expect(touched(scans)).toBeLessThan(100);
  });

  it('4.8: a deep page of NFT transfers is two index ranges too, and each NFT one lookup by key', async () => {
    const request = { chain, address: A, pageSize: 10 };
    const deepBlock = BigInt(rows - 2 * 85_000);
    const pageToken = encodePageToken(
      signer,
      tokenScope('transfers', pageArgs(request, 'ERC-721')),
      [bigintKey, intKey, intKey],
      [deepBlock, 2, 0],
    );
    statements = [];
    const page = await listErc721Transactions(context, { ...request, pageToken });
    // Blocks deepBlock - 2, - 4, …: the address receives in even blocks; token i moved in block i.
    const expected = Array.from({ length: 10 }, (_, i) => deepBlock - 2n * BigInt(i + 1));
    expect(page.transactions.map((t) => BigInt(t.blockNumber))).toEqual(expected);
    expect(page.transactions.map((t) => t.erc721Token.metadata.name)).toEqual(
      expected.map((b) => (b % 3n === 0n ? `NFT ${b}` : undefined)),
    );
    const plan = await planOf('evm_token_transfer');
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    expect(touched(keysetScans(plan, 'evm_token_transfer'))).toBeLessThan(100);
    // The page's 11 NFTs, one probe of the key each, whether stored or not.
    const lookups = nodes(plan).filter((node) => String(node['Relation Name'] ?? '') === 'evm_nft_token');
    expect(lookups.map((node) => node['Node Type'])).toEqual(['Index Scan']);
    expect(lookups[0]!['Actual Loops']).toBe(11);
  });

  it('4.11: a deep page of internal transactions is index ranges too; the frames left out are filtered inside them', async () => {
    const request = { chain, address: A, pageSize: 10 };
    const [deep] = await db.query<{ block_number: bigint; tx_hash: string; trace_index: number }>(
      `SELECT block_number, tx_hash, trace_index FROM evm_internal_transaction WHERE chain_id = 1 AND (from_address = $1 OR to_address = $1) AND value > 0
       ORDER BY block_number DESC, tx_hash DESC, trace_index DESC OFFSET ${position / 2} LIMIT 1`,
      [A],
    );
    const pageToken = encodePageToken(
      signer,
      tokenScope('transfers', pageArgs(request, 'internal')),
      [bigintKey, stringKey, intKey],
      [deep!.block_number, deep!.tx_hash, deep!.trace_index],
    );
    statements = [];
    const page = await listInternalTransactions(context, { ...request, pageToken });
    expect(page.transactions).toHaveLength(10);
    const plan = await planOf('evm_internal_transaction');
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    // Zero-value calls are half of the range: about one filtered row per listed one, never the 85,000 before the cursor.
    const scans = keysetScans(plan, 'evm_internal_transaction');
    expect(scans).toHaveLength(2);
    expect(touched(scans)).toBeLessThan(100);
  });

  it('4.12: a historical balance is one index lookup per token, not a scan of the 200,000 balance changes', async () => {
    statements = [];
    const page = await listErc20Balances(context, {
      chain,
      address: A,
      blockNumber: 100_000n,
      filterSpamTokens: true,
      currency: CurrencyCode.usd,
      pageSize: 500,
    });
    expect(page.erc20TokenBalances).toHaveLength(50);
    expect(page.erc20TokenBalances.every((b) => b.balance === '99951')).toBe(true);
    const plan = await planOf('erc20_balance_change');
    expect(nodeTypes(plan)).not.toContain('Seq Scan');
    // 50 tokens: a skip-scan step and a backward lookup each.
    expect(total(plan, 'Actual Rows')).toBeLessThan(1_000);
  });

  // Token i is 0x…i in hex.
  const token = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

  it("4.12: a historical page walks the holder's tokens only as far as the page (and the one after it), in order, without a sort", async () => {
    statements = [];
    const request = {
      chain,
      address: A,
      blockNumber: 150_000n,
      filterSpamTokens: true,
      currency: CurrencyCode.usd,
      pageSize: 10,
    };
    const first = await listErc20Balances(context, request);
    const plan = await planOf('erc20_balance_change');
    // The page's LIMIT reads the walk unsorted (the aggregate above it may sort the page's 11 rows).
    const pageLimit = nodes(plan).find(
      (node) => node['Node Type'] === 'Limit' && nodes(node).some((child) => child['CTE Name'] === 'tokens'),
    )!;
    expect(nodeTypes(pageLimit)).not.toContain('Sort');
    const walk = nodes(plan).find((node) => node['Node Type'] === 'CTE Scan' && node['CTE Name'] === 'tokens')!;
    expect(walk['Actual Rows']).toBe(11);
    // The first page is tokens 1-10, the next starts at 11.
    expect(first.erc20TokenBalances.map((b) => b.address)).toEqual(Array.from({ length: 10 }, (_, i) => token(i + 1)));
    const second = await listErc20Balances(context, { ...request, pageToken: first.nextPageToken });
    expect(second.erc20TokenBalances.map((b) => b.address)).toEqual(
      Array.from({ length: 10 }, (_, i) => token(i + 11)),
    );
  });

  it("4.12: the latest balances' page is one index range of the holder's current balances, read only as far as the page, without a sort", async () => {
    statements = [];
    const request = { chain, address: A, filterSpamTokens: true, currency: CurrencyCode.usd, pageSize: 10 };
    const first = await listErc20Balances(context, request);
    const plan = await planOf('erc20_balance');
    // The page's LIMIT reads the range in index order (the aggregate above it may sort the page's 11 rows).
    const pageLimit = nodes(plan).find(
      (node) =>
        node['Node Type'] === 'Limit' && nodes(node).some((child) => child['Relation Name'] === 'erc20_balance'),
    )!;
    expect(nodeTypes(pageLimit)).not.toContain('Sort');
    const scans = nodes(plan).filter(
      (node) => node['Relation Name'] === 'erc20_balance' || node['Relation Name'] === 'erc20_balance_change',
    );
    expect(scans.map((node) => [node['Relation Name'], node['Node Type'], node['Actual Rows']])).toEqual([
      ['erc20_balance', 'Index Scan', 11],
    ]);
    expect(first.erc20TokenBalances.map((b) => [b.address, b.balance])).toEqual(
      Array.from({ length: 10 }, (_, i) => [token(i + 1), '199951']),
    );
    const second = await listErc20Balances(context, { ...request, pageToken: first.nextPageToken });
    expect(second.erc20TokenBalances.map((b) => b.address)).toEqual(
      Array.from({ length: 10 }, (_, i) => token(i + 11)),
    );
  });
});

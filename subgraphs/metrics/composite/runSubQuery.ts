// One subquery of a composite query, run to its whole address set. A token's latest balance is one
// index range of the current balances (erc20_balance by token and balance). The others read the
// balance history of their source (native_balance_change of the chain, erc20_balance_change of the
// token, the collection's transfers summed per holder and block) up to the window's end, each
// address decided by its balance when the window opens (its last change before) and the changes
// inside. The rows a subquery reads are first counted with a LIMIT: more than MAX_SUBQUERY_ROWS is
// a 400 instead of a scan whose cost no one bounded.
import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { BadRequestError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { SubQueryPlan } from './parseSubQueries';

/** The most balance rows (history or current) one subquery reads. */
export const MAX_SUBQUERY_ROWS = 250_000;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const int8Max = 2n ** 63n - 1n;

/** The history of a source: (holder, b, balance after block b), up to block `end`. */
function historySql(plan: SubQueryPlan, end: bigint): Prisma.Sql {
  const chain = plan.chainId;
  if (plan.source === 'native')
    return Prisma.sql`SELECT address AS holder, block_number AS b, balance FROM native_balance_change
      WHERE chain_id = ${chain} AND block_number <= ${end} AND address <> ${ZERO_ADDRESS}`;
  if (plan.source === 'erc20')
    return Prisma.sql`SELECT holder, block_number AS b, balance FROM erc20_balance_change
      WHERE chain_id = ${chain} AND token_address = ${plan.contract} AND block_number <= ${end}`;
  // A holder's count of the collection's NFTs after each block that moved one (ERC-721 transfers move 1).
  // Each transfer is read once and counted for both sides: the rows are scattered over the heap, and
  // reading them is the cost.
  return Prisma.sql`SELECT holder, b, sum(moved) OVER (PARTITION BY holder ORDER BY b) AS balance FROM (
      SELECT side.holder, t.block_number AS b, sum(side.delta) AS moved FROM evm_token_transfer t
        CROSS JOIN LATERAL (VALUES (t.to_address, t.value), (t.from_address, -t.value)) side(holder, delta)
        WHERE t.chain_id = ${chain} AND t.token_address = ${plan.contract} AND t.block_number <= ${end}
          AND side.holder <> ${ZERO_ADDRESS}
        GROUP BY side.holder, t.block_number) per_block`;
}

/** The holders of a token whose current balance is at least the minimum (one index range). */
function currentHoldersSql(plan: SubQueryPlan): Prisma.Sql {
  return Prisma.sql`SELECT holder FROM erc20_balance
    WHERE chain_id = ${plan.chainId} AND token_address = ${plan.contract} AND balance >= ${plan.min.toString()}::numeric`;
}

/** Whether a subquery reads the token's current balances rather than its history. */
function readsCurrentBalances(plan: SubQueryPlan): boolean {
  return plan.mode === 'latest' && plan.source === 'erc20';
}

/** The rows a subquery reads, counted up to one past the bound (an index range with a LIMIT). */
function sizeSql(plan: SubQueryPlan): Prisma.Sql {
  const chain = plan.chainId;
  const rows = readsCurrentBalances(plan)
    ? currentHoldersSql(plan)
    : plan.source === 'native'
      ? Prisma.sql`SELECT 1 FROM native_balance_change WHERE chain_id = ${chain}`
      : plan.source === 'erc20'
        ? Prisma.sql`SELECT 1 FROM erc20_balance_change WHERE chain_id = ${chain} AND token_address = ${plan.contract}`
        : Prisma.sql`SELECT 1 FROM evm_token_transfer WHERE chain_id = ${chain} AND token_address = ${plan.contract}`;
  return Prisma.sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${MAX_SUBQUERY_ROWS + 1}) r`;
}

/**
 * The blocks that bound a window: the last block before it (the opening balance is the last change
 * at or below it) and its last block; a latest balance reads every block.
 */
async function windowBlocks(context: SubgraphDeps, plan: SubQueryPlan): Promise<{ open: bigint; end: bigint }> {
  if (plan.mode === 'latest') return { open: int8Max, end: int8Max };
  const [row] = await readSql<{ open: bigint | null; end: bigint | null }>(
    context.read,
    Prisma.sql`SELECT (SELECT max(number) FROM evm_block WHERE chain_id = ${plan.chainId} AND timestamp < ${plan.start}) AS open,
      (SELECT max(number) FROM evm_block WHERE chain_id = ${plan.chainId} AND timestamp <= ${plan.end}) AS end`,
  );
  return { open: row?.open ?? -1n, end: row?.end ?? -1n };
}

/**
 * The addresses one subquery selects, in no particular order.
 * @param context the request's context
 * @param plan the subquery (its chain is indexed)
 * @param index its position in the body, for messages
 * @returns the addresses, lower case
 * @throws BadRequestError when it would read more than {@link MAX_SUBQUERY_ROWS} rows
 * @example const addresses = await runSubQuery(context, plan, 0)
 */
export async function runSubQuery(context: SubgraphDeps, plan: SubQueryPlan, index: number): Promise<string[]> {
  const [size] = await readSql<{ n: number }>(context.read, sizeSql(plan));
  if ((size?.n ?? 0) > MAX_SUBQUERY_ROWS)
    throw new BadRequestError(
      readsCurrentBalances(plan)
        ? `body field queries[${index}] would read more than ${MAX_SUBQUERY_ROWS} holders of its token; this service answers composite queries over smaller sets`
        : `body field queries[${index}] would read more than ${MAX_SUBQUERY_ROWS} balance changes of its ${plan.source === 'native' ? 'chain' : 'token'}; this service answers composite queries over smaller histories`,
    );
  if (readsCurrentBalances(plan)) {
    const holders = await readSql<{ holder: string }>(context.read, currentHoldersSql(plan));
    return holders.map((row) => row.holder);
  }
  const { open, end } = await windowBlocks(context, plan);
  const min = Prisma.sql`${plan.min.toString()}::numeric`;
  const qualifies =
    plan.mode === 'allTime'
      ? Prisma.sql`coalesce(o.balance, 0) >= ${min} AND coalesce(i.all_ok, true)`
      : Prisma.sql`coalesce(o.balance >= ${min}, false) OR coalesce(i.any_ok, false)`;
  const rows = await readSql<{ address: string }>(
    context.read,
    Prisma.sql`WITH h AS MATERIALIZED (${historySql(plan, end)}),
      opening AS (SELECT DISTINCT ON (holder) holder, balance FROM h WHERE b <= ${open} ORDER BY holder, b DESC),
      inside AS (SELECT holder, bool_or(balance >= ${min}) AS any_ok, bool_and(balance >= ${min}) AS all_ok
                 FROM h WHERE b > ${open} GROUP BY holder)
      SELECT holder AS address FROM opening o FULL JOIN inside i USING (holder) WHERE ${qualifies}`,
  );
  return rows.map((row) => row.address);
}

import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { L1_VALIDATOR_FEES } from '../../../domain';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { readSql } from '../../../prisma/read/readSql';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { MetricsResponse } from '../types/metric.type';
import { DAY, dailyPointRange, floorDay } from './dailyPoints';

type PointRow = { timestamp: bigint; value: number };

/** The fee events a series reads: one validation's, a node's, an L1's, or the whole network's. */
export type L1FeeSelection = { by: 'validation_id' | 'node_id' | 'subnet_id'; id: string } | { by: 'network' };

/** What {@link listL1FeePoints} lists. */
export type L1FeeSeriesRequest = {
  network: DbNetwork;
  selection: L1FeeSelection;
  /** The fees of each day, their running total, or the validations that paid a fee that day. */
  value: 'fees' | 'cumulativeFees' | 'payingValidations';
  startTimestamp?: number;
  endTimestamp?: number;
  /** "Now", Unix seconds: the last point is its day. */
  now: number;
};

/**
 * The L1 validator fee metrics: a selection's daily points, newest first, from its first paying
 * day to today (the clock's day), within `startTimestamp <= timestamp <= endTimestamp`.
 *
 * A validation active from the P-Chain's accrued-fees counter a to b pays b − a, so what it pays
 * on day D is the overlap of its periods (l1_validator_fee_event: starts paired with the next stop)
 * with [A(D−1), A(D)), A(D) being the counter after the last P-Chain block at or before D's last
 * second (0 before the first block): one index probe per day. A day's paying validations are those
 * whose overlap is positive. The whole network's fees are the differences of the blocks' running
 * fees total (l1_validator_fees_total), its cumulative fees that total itself; its days start at
 * the fee's activation (Etna), a selection's the day before its first event.
 * @param context the request's context
 * @param request network, selection, value, range and "now"
 * @returns every point of the range (no paging)
 * @example await listL1FeePoints(context, { network: 'MAINNET', selection: { by: 'network' }, value: 'fees', now })
 */
export async function listL1FeePoints(context: SubgraphDeps, request: L1FeeSeriesRequest): Promise<MetricsResponse> {
  const network = request.network.toLowerCase();
  const { selection } = request;
  const { from, to } = dailyPointRange(request, request.now);
  const selected =
    selection.by === 'network' ? Prisma.sql`TRUE` : Prisma.sql`e.${Prisma.raw(selection.by)} = ${selection.id}`;
  const firstDay =
    selection.by === 'network'
      ? Prisma.sql`SELECT ${floorDay(L1_VALIDATOR_FEES[network as 'mainnet' | 'fuji'].activation) - DAY}::bigint AS day`
      : Prisma.sql`SELECT e.block_timestamp - e.block_timestamp % ${DAY} - ${DAY} AS day FROM l1_validator_fee_event e
          WHERE e.network = ${network}::network AND ${selected} ORDER BY e.block_index, e.tx_order LIMIT 1`;
  const totals = selection.by === 'network' && request.value !== 'payingValidations';
  const dayFees = totals ? Prisma.sql`d.total - d.prev_total` : Prisma.sql`coalesce(f.fees, 0)`;
  const paying = totals ? Prisma.sql`d.total > d.prev_total` : Prisma.sql`f.fees > 0`;
  // The network's fees come from the blocks' totals: its periods are read for the paying count only.
  const dayPaid = totals
    ? Prisma.sql`SELECT NULL::bigint AS day, 0::numeric AS fees, 0::bigint AS paying WHERE FALSE`
    : Prisma.sql`SELECT day, sum(fee) AS fees, count(*) AS paying FROM paid GROUP BY day`;
  const value = {
    fees: Prisma.sql`s.fees`,
    cumulativeFees: totals ? Prisma.sql`s.total` : Prisma.sql`sum(s.fees) OVER (ORDER BY s.day)`,
    payingValidations: Prisma.sql`s.paying`,
  }[request.value];
  const rows = await readSql<PointRow>(
    context.read,
    Prisma.sql`
      WITH lo AS (${firstDay}),
      days AS (
        SELECT g.day, coalesce(b.acc, 0) AS acc, coalesce(b.total, 0) AS total
        FROM lo CROSS JOIN LATERAL generate_series(lo.day, ${to}::bigint, ${DAY}::bigint) g (day)
        LEFT JOIN LATERAL (
          SELECT p.l1_validators_accrued_fees AS acc, p.l1_validator_fees_total AS total FROM primary_network_block p
          WHERE p.network = ${network}::network AND p.blockchain_id = ${PRIMARY_NETWORK_ID} AND p.block_timestamp < g.day + ${DAY}
          ORDER BY p.block_timestamp DESC, p.block_number DESC LIMIT 1) b ON TRUE),
      d AS (SELECT day, acc, total, lag(acc) OVER w AS prev, lag(total) OVER w AS prev_total FROM days WINDOW w AS (ORDER BY day)),
      periods AS (
        SELECT x.validation_id, x.accrued_fees AS a, x.next_fees AS b FROM (
          SELECT e.validation_id, e.kind, e.accrued_fees,
            lead(e.accrued_fees) OVER (PARTITION BY e.validation_id ORDER BY e.block_index, e.tx_order) AS next_fees
          FROM l1_validator_fee_event e WHERE e.network = ${network}::network AND ${selected}) x
        WHERE x.kind = 'start'),
      paid AS (
        SELECT d.day, p.validation_id, sum(least(coalesce(p.b, d.acc), d.acc) - greatest(p.a, d.prev)) AS fee
        FROM d JOIN periods p ON least(coalesce(p.b, d.acc), d.acc) > greatest(p.a, d.prev)
        GROUP BY d.day, p.validation_id),
      f AS (${dayPaid}),
      s AS (
        SELECT d.day, ${dayFees} AS fees, coalesce(f.paying, 0) AS paying, d.total, ${paying} AS pays
        FROM d LEFT JOIN f ON f.day = d.day WHERE d.prev IS NOT NULL),
      p AS (
        SELECT s.day AS "timestamp", (${value})::float8 AS value FROM s
        WHERE s.day >= (SELECT min(day) FROM s WHERE s.pays))
      SELECT p."timestamp", p.value FROM p WHERE p."timestamp" >= ${from}::bigint ORDER BY p."timestamp" DESC`,
  );
  return { results: rows.map((row) => ({ value: row.value, timestamp: Number(row.timestamp) })) };
}

// Statement 1 of a metrics delta: the additive counters, maxima and rate spans of a chain's block
// range, added to the chain's rollup rows and to its scopes' rows. Parameters: $1 chain ID, $2 and
// $3 the block range (inclusive), $4 the other scopes (text[]), $5 the chain's scope (NULL: leave
// the chain's own rows alone, as a rewind recounting other chains does), $6 the intervals.
//
// Every column merges associatively (sums, GREATEST, the span of the lowest first block), so
// applying ranges in any order and any split gives the rows a single pass over all blocks gives.
// The average rates are not additive per chain (a day's span grows with its last block): the chain
// row recomputes its own from the merged columns, and a scope row receives the change of the
// chain's value (new − old), so it always holds the sum over its chains.
//
// The per-block aggregates are computed once (`tx`, `frames`: MATERIALIZED). During a backfill the
// statistics lag the tables, and an inlined aggregate would run again for every block of the range.
import { anyBucketSql } from './buckets';

/** `CASE WHEN last > start THEN round(x / (last − start), 18) ELSE 0 END` */
const rate = (x: string, last: string, start: string) =>
  `CASE WHEN ${last} > ${start} THEN round((${x})::numeric(78,18) / ((${last}) - (${start})), 18) ELSE 0 END`;
const defined = (last: string, start: string) => `CASE WHEN ${last} > ${start} THEN 1 ELSE 0 END`;

const CREATION_TYPES = `('CREATE', 'CREATE2', 'CREATE3')`;

/** The block range's per-period aggregates (`agg`), shared by both inserts. */
const AGGREGATES = `
blk AS (
  SELECT b.number, b.timestamp AS ts, b.gas_used AS block_gas, b.tx_count AS block_txs, p.timestamp AS prev_ts
  FROM evm_block b LEFT JOIN evm_block p ON p.chain_id = b.chain_id AND p.number = b.number - 1
  WHERE b.chain_id = $1 AND b.number BETWEEN $2 AND $3),
tx AS MATERIALIZED (
  SELECT block_number AS number, count(*) AS n, sum(gas_used) AS gas, sum(gas_used * gas_price) AS fees, sum(gas_price) AS price_sum,
    max(gas_price) AS max_price, count(*) FILTER (WHERE contract_address IS NOT NULL AND status = 1) AS created
  FROM evm_transaction WHERE chain_id = $1 AND block_number BETWEEN $2 AND $3 GROUP BY 1),
frames AS MATERIALIZED (
  SELECT t.block_number AS number, count(*) AS created
  FROM evm_transaction t JOIN evm_internal_transaction i ON i.chain_id = t.chain_id AND i.tx_hash = t.tx_hash
  WHERE t.chain_id = $1 AND t.block_number BETWEEN $2 AND $3 AND i.internal_tx_type IN ${CREATION_TYPES} AND NOT i.is_reverted
  GROUP BY 1),
per_block AS (
  SELECT blk.number, blk.ts, coalesce(blk.prev_ts, blk.ts) AS span_start, coalesce(tx.n, 0) AS n, coalesce(tx.gas, 0) AS gas,
    coalesce(tx.fees, 0) AS fees, coalesce(tx.price_sum, 0) AS price_sum, tx.max_price, coalesce(tx.created, 0) + coalesce(frames.created, 0) AS created,
    CASE WHEN blk.ts > blk.prev_ts THEN round(blk.block_gas::numeric(78,18) / (blk.ts - blk.prev_ts), 18) END AS gps,
    CASE WHEN blk.ts > blk.prev_ts THEN round(blk.block_txs::numeric(78,18) / (blk.ts - blk.prev_ts), 18) END AS tps
  FROM blk LEFT JOIN tx USING (number) LEFT JOIN frames USING (number)),
agg AS (
  SELECT i.time_interval, ${anyBucketSql('i.time_interval', 'p.ts')} AS bucket, count(*) AS blocks, sum(p.n) AS n, sum(p.gas) AS gas,
    sum(p.fees) AS fees, sum(p.price_sum) AS price_sum, max(p.max_price) AS max_price, max(p.gps) AS gps, max(p.tps) AS tps,
    sum(p.created) AS created, min(p.number) AS first_number, (array_agg(p.span_start ORDER BY p.number))[1] AS span_start, max(p.ts) AS last_ts
  FROM per_block p CROSS JOIN unnest($6::text[]::time_interval[]) i (time_interval)
  GROUP BY 1, 2)`;

const ADDITIVE = ['block_count', 'tx_count', 'gas_used', 'fees', 'gas_price_sum', 'contracts'];
const MAXIMA = ['max_gas_price', 'max_gps', 'max_tps'];
const merge = (columns: string[], how: (c: string) => string) => columns.map((c) => `${c} = ${how(c)}`).join(', ');

// The chain row's span after the merge, from the stored row (r) and the range's (excluded).
const SPAN_START = 'CASE WHEN excluded.first_number < r.first_number THEN excluded.span_start ELSE r.span_start END';
const LAST = 'GREATEST(r.last_timestamp, excluded.last_timestamp)';

/**
 * The SQL of statement 1 (see the file header for its parameters).
 * @returns the statement
 * @example await tx.query(rollupCountersSql(), [chainId, from, to, ['mainnet', 'total'], '43114', ['hour', 'day', 'week', 'month']])
 */
export function rollupCountersSql(): string {
  return `WITH ${AGGREGATES},
old AS (
  SELECT r.time_interval, r.bucket, r.avg_gps, r.avg_tps, r.avg_chains
  FROM metric_rollup r JOIN agg a ON r.scope = $5::varchar AND r.time_interval = a.time_interval AND r.bucket = a.bucket),
chain_row AS (
  INSERT INTO metric_rollup AS r (scope, time_interval, bucket, block_count, tx_count, gas_used, fees, gas_price_sum, max_gas_price, max_gps, max_tps,
    contracts, first_number, span_start, last_timestamp, avg_gps, avg_tps, avg_chains)
  SELECT $5::varchar, time_interval, bucket, blocks, n, gas, fees, price_sum, max_price, gps, tps, created, first_number, span_start, last_ts,
    ${rate('gas', 'last_ts', 'span_start')}, ${rate('n', 'last_ts', 'span_start')}, ${defined('last_ts', 'span_start')}
  FROM agg WHERE $5::varchar IS NOT NULL
  ON CONFLICT (scope, time_interval, bucket) DO UPDATE SET
    ${merge(ADDITIVE, (c) => `r.${c} + excluded.${c}`)}, ${merge(MAXIMA, (c) => `GREATEST(r.${c}, excluded.${c})`)},
    first_number = LEAST(r.first_number, excluded.first_number), span_start = ${SPAN_START}, last_timestamp = ${LAST},
    avg_gps = ${rate('r.gas_used + excluded.gas_used', LAST, SPAN_START)},
    avg_tps = ${rate('r.tx_count + excluded.tx_count', LAST, SPAN_START)},
    avg_chains = ${defined(LAST, SPAN_START)}
  RETURNING time_interval, bucket, avg_gps, avg_tps, avg_chains)
INSERT INTO metric_rollup AS r (scope, time_interval, bucket, block_count, tx_count, gas_used, fees, gas_price_sum, max_gas_price, max_gps, max_tps,
  contracts, avg_gps, avg_tps, avg_chains)
SELECT s.scope, a.time_interval, a.bucket, a.blocks, a.n, a.gas, a.fees, a.price_sum, a.max_price, a.gps, a.tps, a.created,
  coalesce(c.avg_gps, 0) - coalesce(o.avg_gps, 0), coalesce(c.avg_tps, 0) - coalesce(o.avg_tps, 0), coalesce(c.avg_chains, 0) - coalesce(o.avg_chains, 0)
FROM agg a LEFT JOIN chain_row c USING (time_interval, bucket) LEFT JOIN old o USING (time_interval, bucket) CROSS JOIN unnest($4::text[]) s (scope)
ON CONFLICT (scope, time_interval, bucket) DO UPDATE SET
  ${merge(ADDITIVE, (c) => `r.${c} + excluded.${c}`)}, ${merge(MAXIMA, (c) => `GREATEST(r.${c}, excluded.${c})`)},
  avg_gps = r.avg_gps + excluded.avg_gps, avg_tps = r.avg_tps + excluded.avg_tps, avg_chains = r.avg_chains + excluded.avg_chains`;
}

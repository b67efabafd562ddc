// Statement 2 of a metrics delta: the exact distinct counts. The range's active addresses (from / to
// of transactions and token transfers, the zero address excepted) are numbered (metric_address,
// new ones added) and go into each scope's per-period bitmaps (metric_active_address, 64 numbers a
// row) with ON CONFLICT, so only addresses new to a period count, whatever chain of the scope saw
// them before; addresses new to a scope's day are checked against its first-seen table, whose
// per-day counts the cumulative metrics add up. Parameters: $1 chain ID, $2 and $3 the block range
// (inclusive), $4 the scopes (text[]), $5 the intervals (first-seen rows: with `day`).
//
// Writers take turns (lockMetrics.ts, held by the caller's transaction), so what the statement
// reads is what it merges into: a bitmap's new bits are the range's bits not in the stored row. A
// first-seen day only moves earlier (a chain's older blocks may be written after another chain's
// newer ones): the row's former day goes to `previous_day`, and that day's count goes down by one.
// All counts land in one final upsert of the rollup rows (a statement may change a row only once).
//
// The range's rows are read once (`ev`, `creators`: MATERIALIZED). During a backfill the statistics
// lag the tables, the planner expects one row per range, and an inlined scan would run again for
// every block of the range in a nested loop.
import { byteaLiteral } from '../prisma/hexBytes';
import { anyBucketSql } from './buckets';

const ZERO_ADDRESS = byteaLiteral('0x0000000000000000000000000000000000000000');
const RANGE = 'chain_id = $1 AND block_number BETWEEN $2 AND $3';

const SETS = `
blk AS (SELECT number, timestamp AS ts FROM evm_block WHERE chain_id = $1 AND number BETWEEN $2 AND $3),
ev AS MATERIALIZED (
  SELECT block_number AS number, from_address AS address, true AS sender FROM evm_transaction WHERE ${RANGE}
  UNION ALL SELECT block_number, to_address, false FROM evm_transaction WHERE ${RANGE} AND to_address IS NOT NULL
  UNION ALL SELECT block_number, from_address, true FROM evm_token_transfer WHERE ${RANGE}
  UNION ALL SELECT block_number, to_address, false FROM evm_token_transfer WHERE ${RANGE}),
hourly AS (
  SELECT b.ts - b.ts % 3600 AS hour, e.address, bool_or(e.sender) AS sender
  FROM ev e JOIN blk b USING (number) WHERE e.address <> ${ZERO_ADDRESS} GROUP BY 1, 2),
seen_here AS (SELECT DISTINCT address FROM hourly),
known AS (SELECT m.id, m.address FROM metric_address m JOIN seen_here USING (address)),
numbered AS (
  INSERT INTO metric_address (address)
  SELECT address FROM seen_here s WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.address = s.address) ORDER BY address
  RETURNING id, address),
ids AS (SELECT id, address FROM known UNION ALL SELECT id, address FROM numbered),
act AS (
  SELECT i.time_interval, ${anyBucketSql('i.time_interval', 'h.hour')} AS bucket, d.id, bool_or(h.sender) AS sender
  FROM hourly h JOIN ids d USING (address) CROSS JOIN unnest($5::text[]::time_interval[]) i (time_interval) GROUP BY 1, 2, 3),
bits AS (
  SELECT s.scope, a.time_interval, a.bucket, a.id >> 6 AS chunk, bit_or(1::int8 << (a.id & 63)) AS members,
    bit_or(CASE WHEN a.sender THEN 1::int8 << (a.id & 63) ELSE 0::int8 END) AS senders
  FROM act a CROSS JOIN unnest($4::text[]) s (scope) GROUP BY 1, 2, 3, 4),
added AS (
  SELECT b.scope, b.time_interval, b.bucket, b.chunk, b.members & ~coalesce(m.members, 0) AS members,
    b.senders & ~coalesce(m.senders, 0) AS senders
  FROM bits b LEFT JOIN metric_active_address m USING (scope, time_interval, bucket, chunk)),
ins AS (
  INSERT INTO metric_active_address AS m (scope, time_interval, bucket, chunk, members, senders)
  SELECT scope, time_interval, bucket, chunk, members, senders FROM bits
  ON CONFLICT (scope, time_interval, bucket, chunk) DO UPDATE SET members = m.members | excluded.members, senders = m.senders | excluded.senders
  WHERE (excluded.members & ~m.members) <> 0 OR (excluded.senders & ~m.senders) <> 0),
new_in_day AS (
  SELECT a.scope, a.bucket, a.chunk * 64 + g.bit AS id FROM added a CROSS JOIN generate_series(0, 63) g (bit)
  WHERE a.time_interval = 'day' AND ((a.members >> g.bit) & 1) = 1),
creators AS MATERIALIZED (
  SELECT block_number AS number, from_address AS address FROM evm_transaction WHERE ${RANGE} AND contract_address IS NOT NULL AND status = 1
  UNION ALL
  SELECT t.block_number, i.from_address FROM evm_transaction t JOIN evm_internal_transaction i ON i.chain_id = t.chain_id AND i.tx_hash = t.tx_hash
  WHERE t.chain_id = $1 AND t.block_number BETWEEN $2 AND $3 AND i.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3') AND NOT i.is_reverted),
dep AS (SELECT DISTINCT b.ts - b.ts % 86400 AS bucket, c.address FROM creators c JOIN blk b USING (number) WHERE 'day' = ANY ($5::text[])),
dep_ins AS (
  INSERT INTO metric_deployer (scope, bucket, address) SELECT s.scope, d.bucket, d.address FROM dep d CROSS JOIN unnest($4::text[]) s (scope)
  ON CONFLICT DO NOTHING RETURNING scope, bucket, address),
seen AS (
  SELECT n.scope, 'address'::metric_first_seen_kind AS kind, d.address, min(n.bucket) AS day FROM new_in_day n JOIN ids d USING (id) GROUP BY 1, 3
  UNION ALL
  SELECT scope, 'deployer'::metric_first_seen_kind, address, min(bucket) FROM dep_ins GROUP BY 1, 3),
seen_ins AS (
  INSERT INTO metric_first_seen AS f (scope, kind, address, first_day, previous_day)
  SELECT scope, kind, address, day, NULL FROM seen
  ON CONFLICT (scope, kind, address) DO UPDATE SET previous_day = f.first_day, first_day = excluded.first_day WHERE excluded.first_day < f.first_day
  RETURNING scope, kind, first_day, previous_day)`;

/**
 * The SQL of statement 2 (see the file header for its parameters).
 * @returns the statement
 * @example await tx.query(distinctSetsSql(), [chainId, from, to, ['43114', 'mainnet', 'total'], ['hour', 'day', 'week', 'month']])
 */
export function distinctSetsSql(): string {
  return `WITH ${SETS},
deltas AS (
  SELECT scope, time_interval, bucket, sum(bit_count(members::bit(64)))::bigint AS addresses,
    sum(bit_count(senders::bit(64)))::bigint AS senders, 0::bigint AS deployers, 0::bigint AS new_addresses, 0::bigint AS new_deployers
  FROM added GROUP BY 1, 2, 3
  UNION ALL SELECT scope, 'day'::time_interval, bucket, 0, 0, count(*), 0, 0 FROM dep_ins GROUP BY 1, 3
  UNION ALL SELECT scope, 'day'::time_interval, first_day, 0, 0, 0, count(*) FILTER (WHERE kind = 'address'), count(*) FILTER (WHERE kind = 'deployer')
    FROM seen_ins GROUP BY 1, 3
  UNION ALL SELECT scope, 'day'::time_interval, previous_day, 0, 0, 0, -count(*) FILTER (WHERE kind = 'address'), -count(*) FILTER (WHERE kind = 'deployer')
    FROM seen_ins WHERE previous_day IS NOT NULL GROUP BY 1, 3)
INSERT INTO metric_rollup AS r (scope, time_interval, bucket, active_addresses, active_senders, deployers, new_addresses, new_deployers)
SELECT scope, time_interval, bucket, sum(addresses), sum(senders), sum(deployers), sum(new_addresses), sum(new_deployers) FROM deltas GROUP BY 1, 2, 3
ON CONFLICT (scope, time_interval, bucket) DO UPDATE SET
  active_addresses = r.active_addresses + excluded.active_addresses, active_senders = r.active_senders + excluded.active_senders,
  deployers = r.deployers + excluded.deployers, new_addresses = r.new_addresses + excluded.new_addresses, new_deployers = r.new_deployers + excluded.new_deployers`;
}

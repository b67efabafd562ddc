// The rebuild's statements: every rollup, set and first-seen row computed in bulk from the raw rows
// of every chain with an EvmChain row, into empty tables. The definitions are the per-block delta's
// (rollupCountersSql.ts, distinctSetsSql.ts), written set-wise: address numbers, sets and chain rows first, then
// scope rows from chain rows and every count from the sets. test/metrics/rebuildMetrics.test.ts
// shows both give the same rows; this form only loads faster (no conflict checks, no RETURNING).
import { byteaLiteral } from '../prisma/hexBytes';
import { ACTIVE_ADDRESS_ROWS_SQL } from './activeAddressRows';
import { REBUILD_BTCB_BRIDGED_SQL } from './btcbBridged';
import { anyBucketSql, METRIC_INTERVALS } from './buckets';
import { mergeStakingDeltaSql } from './staking/stakingDeltaSql';

const ZERO_ADDRESS = byteaLiteral('0x0000000000000000000000000000000000000000');
const INTERVALS = `(VALUES ${METRIC_INTERVALS.map((i) => `('${i}'::time_interval)`).join(', ')}) i (time_interval)`;
const SCOPES = `(SELECT chain_id, chain_id::text AS scope, true AS own FROM evm_chain
  UNION ALL SELECT chain_id, CASE WHEN network = 'mainnet' THEN 'mainnet' ELSE 'testnet' END, false FROM evm_chain
  UNION ALL SELECT chain_id, 'total', false FROM evm_chain)`;
const COUNTED = 'chain_id IN (SELECT chain_id FROM evm_chain)';
const rate = (x: string, last: string, start: string) =>
  `CASE WHEN ${last} > ${start} THEN round((${x})::numeric(78,18) / ((${last}) - (${start})), 18) ELSE 0 END`;

const EVENTS = `ev AS (
  SELECT chain_id, block_number AS number, from_address AS address, true AS sender FROM evm_transaction WHERE ${COUNTED}
  UNION ALL SELECT chain_id, block_number, to_address, false FROM evm_transaction WHERE ${COUNTED} AND to_address IS NOT NULL
  UNION ALL SELECT chain_id, block_number, from_address, true FROM evm_token_transfer WHERE ${COUNTED}
  UNION ALL SELECT chain_id, block_number, to_address, false FROM evm_token_transfer WHERE ${COUNTED})`;

const CREATORS = `
  SELECT chain_id, block_number AS number, from_address AS address FROM evm_transaction WHERE ${COUNTED} AND contract_address IS NOT NULL AND status = 1
  UNION ALL
  SELECT t.chain_id, t.block_number, i.from_address FROM evm_transaction t JOIN evm_internal_transaction i ON i.chain_id = t.chain_id AND i.tx_hash = t.tx_hash
  WHERE t.${COUNTED} AND i.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3') AND NOT i.is_reverted`;

/** The statements, in order (after TRUNCATE of the metric tables). */
export const REBUILD_STATEMENTS: readonly { label: string; sql: string }[] = [
  // Every address of the raw rows numbered (metric_address keeps the numbers it has; new ones in
  // the order of their first hour), then the bitmaps built from the numbers.
  {
    label: 'address numbers',
    sql: `INSERT INTO metric_address (address)
WITH ${EVENTS}
SELECT e.address FROM ev e JOIN evm_block b ON b.chain_id = e.chain_id AND b.number = e.number
WHERE e.address <> ${ZERO_ADDRESS} AND NOT EXISTS (SELECT 1 FROM metric_address m WHERE m.address = e.address)
GROUP BY e.address ORDER BY min(b.timestamp - b.timestamp % 3600), e.address`,
  },
  {
    label: 'active address sets',
    sql: `INSERT INTO metric_active_address (scope, time_interval, bucket, chunk, members, senders)
WITH ${EVENTS},
hourly AS (
  SELECT e.chain_id, b.timestamp - b.timestamp % 3600 AS hour, e.address, bool_or(e.sender) AS sender
  FROM ev e JOIN evm_block b ON b.chain_id = e.chain_id AND b.number = e.number WHERE e.address <> ${ZERO_ADDRESS} GROUP BY 1, 2, 3),
-- Each hour's periods, computed once per hour rather than once per address.
periods AS MATERIALIZED (SELECT h.hour, i.time_interval, ${anyBucketSql('i.time_interval', 'h.hour')} AS bucket FROM (SELECT DISTINCT hour FROM hourly) h CROSS JOIN ${INTERVALS}),
act AS (
  SELECT s.scope, p.time_interval, p.bucket, m.id, bool_or(h.sender) AS sender
  FROM hourly h JOIN periods p USING (hour) JOIN ${SCOPES} s USING (chain_id) JOIN metric_address m USING (address)
  GROUP BY 1, 2, 3, 4)
SELECT scope, time_interval, bucket, id >> 6, bit_or(1::int8 << (id & 63)), bit_or(CASE WHEN sender THEN 1::int8 << (id & 63) ELSE 0::int8 END)
FROM act GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
  {
    label: 'deployer sets',
    sql: `INSERT INTO metric_deployer (scope, bucket, address)
SELECT DISTINCT s.scope, b.timestamp - b.timestamp % 86400, c.address
FROM (${CREATORS}) c JOIN evm_block b ON b.chain_id = c.chain_id AND b.number = c.number JOIN ${SCOPES} s ON s.chain_id = c.chain_id
ORDER BY 1, 2, 3`,
  },
  {
    label: 'first-seen days',
    sql: `INSERT INTO metric_first_seen (scope, kind, address, first_day)
SELECT scope, 'address'::metric_first_seen_kind, address, min(bucket) FROM (${ACTIVE_ADDRESS_ROWS_SQL}) a WHERE time_interval = 'day' GROUP BY scope, address
UNION ALL SELECT scope, 'deployer'::metric_first_seen_kind, address, min(bucket) FROM metric_deployer GROUP BY scope, address
ORDER BY 1, 2, 3`,
  },
  {
    label: 'chain rollups',
    sql: `INSERT INTO metric_rollup (scope, time_interval, bucket, block_count, tx_count, gas_used, fees, gas_price_sum, max_gas_price, max_gps, max_tps,
  contracts, first_number, span_start, last_timestamp, avg_gps, avg_tps, avg_chains)
WITH tx AS (
  SELECT chain_id, block_number AS number, count(*) AS n, sum(gas_used) AS gas, sum(gas_used * gas_price) AS fees, sum(gas_price) AS price_sum,
    max(gas_price) AS max_price FROM evm_transaction WHERE ${COUNTED} GROUP BY 1, 2),
created AS (SELECT chain_id, number, count(*) AS n FROM (${CREATORS}) c GROUP BY 1, 2),
per_block AS (
  SELECT b.chain_id, b.number, b.timestamp AS ts, coalesce(p.timestamp, b.timestamp) AS span_start, coalesce(tx.n, 0) AS n, coalesce(tx.gas, 0) AS gas,
    coalesce(tx.fees, 0) AS fees, coalesce(tx.price_sum, 0) AS price_sum, tx.max_price, coalesce(created.n, 0) AS created,
    CASE WHEN b.timestamp > p.timestamp THEN round(b.gas_used::numeric(78,18) / (b.timestamp - p.timestamp), 18) END AS gps,
    CASE WHEN b.timestamp > p.timestamp THEN round(b.tx_count::numeric(78,18) / (b.timestamp - p.timestamp), 18) END AS tps
  FROM evm_block b LEFT JOIN evm_block p ON p.chain_id = b.chain_id AND p.number = b.number - 1
  LEFT JOIN tx ON tx.chain_id = b.chain_id AND tx.number = b.number LEFT JOIN created ON created.chain_id = b.chain_id AND created.number = b.number
  WHERE b.${COUNTED}),
agg AS (
  SELECT p.chain_id, i.time_interval, ${anyBucketSql('i.time_interval', 'p.ts')} AS bucket, count(*) AS blocks, sum(p.n) AS n, sum(p.gas) AS gas,
    sum(p.fees) AS fees, sum(p.price_sum) AS price_sum, max(p.max_price) AS max_price, max(p.gps) AS gps, max(p.tps) AS tps, sum(p.created) AS created,
    min(p.number) AS first_number, (array_agg(p.span_start ORDER BY p.number))[1] AS span_start, max(p.ts) AS last_ts
  FROM per_block p CROSS JOIN ${INTERVALS} GROUP BY 1, 2, 3)
SELECT chain_id::text, time_interval, bucket, blocks, n, gas, fees, price_sum, max_price, gps, tps, created, first_number, span_start, last_ts,
  ${rate('gas', 'last_ts', 'span_start')}, ${rate('n', 'last_ts', 'span_start')}, CASE WHEN last_ts > span_start THEN 1 ELSE 0 END
FROM agg`,
  },
  {
    label: 'scope rollups',
    sql: `INSERT INTO metric_rollup (scope, time_interval, bucket, block_count, tx_count, gas_used, fees, gas_price_sum, max_gas_price, max_gps, max_tps,
  contracts, avg_gps, avg_tps, avg_chains)
SELECT s.scope, r.time_interval, r.bucket, sum(r.block_count), sum(r.tx_count), sum(r.gas_used), sum(r.fees), sum(r.gas_price_sum), max(r.max_gas_price),
  max(r.max_gps), max(r.max_tps), sum(r.contracts), sum(r.avg_gps), sum(r.avg_tps), sum(r.avg_chains)
FROM metric_rollup r JOIN ${SCOPES} s ON r.scope = s.chain_id::text AND NOT s.own
GROUP BY 1, 2, 3`,
  },
  {
    label: 'distinct counts',
    sql: `UPDATE metric_rollup r SET active_addresses = c.addresses, active_senders = c.senders, deployers = c.deployers, new_addresses = c.new_addresses,
  new_deployers = c.new_deployers
FROM (
  SELECT scope, time_interval, bucket, sum(addresses) AS addresses, sum(senders) AS senders, sum(deployers) AS deployers, sum(new_addresses) AS new_addresses,
    sum(new_deployers) AS new_deployers
  FROM (
    SELECT scope, time_interval, bucket, sum(bit_count(members::bit(64)))::bigint AS addresses,
        sum(bit_count(senders::bit(64)))::bigint AS senders, 0 AS deployers, 0 AS new_addresses, 0 AS new_deployers
      FROM metric_active_address GROUP BY 1, 2, 3
    UNION ALL SELECT scope, 'day'::time_interval, bucket, 0, 0, count(*), 0, 0 FROM metric_deployer GROUP BY 1, 3
    UNION ALL SELECT scope, 'day'::time_interval, first_day, 0, 0, 0, count(*) FILTER (WHERE kind = 'address'), count(*) FILTER (WHERE kind = 'deployer')
      FROM metric_first_seen GROUP BY 1, 3) parts
  GROUP BY 1, 2, 3) c
WHERE r.scope = c.scope AND r.time_interval = c.time_interval AND r.bucket = c.bucket`,
  },
  // The staking metrics' day rows, from every validation and delegation (the P-Chain's, not the EVM chains').
  { label: 'staking metric days', sql: mergeStakingDeltaSql(1, 'TRUE', 'TRUE') },
  { label: 'BTC.b bridged', sql: REBUILD_BTCB_BRIDGED_SQL },
];

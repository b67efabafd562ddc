// ChainMetric rows computed from the EVM tables with SQL (spec 4.3), for every EVM chain ID and
// for the `mainnet`, `testnet` and `total` scopes. Plain SQL that runs alike on PGlite and
// PostgreSQL. Conventions, where the spec leaves room:
// - Only periods with activity get a point (no zero-filled gaps). Cumulative metrics have a point
//   for each day on which the scope has blocks.
// - Addresses: from/to of transactions and of ERC-20/721/1155 transfers; the zero address is not
//   an address (mints and burns). Senders: the from fields only.
// - Contract creations: successful top-level creations (contract_address set) and non-reverted
//   CREATE/CREATE2/CREATE3 frames; the deployer is the creating call's from address.
// - cumulativeContracts counts creations before the point's timestamp (the spec's "to the
//   timestamp"); the other cumulative metrics include the day ("to 24 hours after").
// - feesPaid is in native tokens (wei / 1e18); gas prices are in wei.
// Metrics sharing their input are computed by one statement (a UNION ALL over a materialized
// CTE): four statements in all, so each table is scanned and joined once.
import type { Database } from '../prisma/database';

const INTERVALS = ['hour', 'day', 'week', 'month'] as const;

/** Start of the period holding `col` (Unix seconds), per interval (week: Monday, month: the 1st, UTC). */
const BUCKET: Record<(typeof INTERVALS)[number], (col: string) => string> = {
  hour: (col) => `((${col}) / 3600) * 3600`,
  day: (col) => `((${col}) / 86400) * 86400`,
  // 1970-01-05 (345,600 s) was a Monday.
  week: (col) => `(((${col}) - 345600) / 604800) * 604800 + 345600`,
  month: (col) => `extract(epoch from date_trunc('month', to_timestamp(${col}) AT TIME ZONE 'UTC'))::bigint`,
};
const day = BUCKET.day;
const ZERO = `'0x0000000000000000000000000000000000000000'`;

/** The metric names of spec 4.3. */
export const CHAIN_METRICS = [
  'activeAddresses', 'activeSenders', 'cumulativeTxCount', 'cumulativeAddresses', 'cumulativeContracts', 'cumulativeDeployers', 'contracts',
  'deployers', 'gasUsed', 'txCount', 'avgGps', 'maxGps', 'avgTps', 'maxTps', 'avgGasPrice', 'maxGasPrice', 'feesPaid',
] as const;

/** Scopes of each chain (its own ID, its network's scope, `total`) and the days each scope has blocks. */
function commonCtes(chains: string): string[] {
  return [
    `chains AS (${chains})`,
    `scopes AS (
      SELECT chain_id, chain_id::text AS scope FROM chains
      UNION ALL SELECT chain_id, CASE WHEN network = 'mainnet' THEN 'mainnet' ELSE 'testnet' END FROM chains
      UNION ALL SELECT chain_id, 'total' FROM chains)`,
    `days AS (SELECT DISTINCT s.scope, ${day('b.timestamp')} AS bucket FROM evm_block b JOIN scopes s USING (chain_id))`,
  ];
}

const TXS = `txs AS MATERIALIZED (
  SELECT s.scope, b.timestamp AS ts, t.gas_used, t.gas_price
  FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number JOIN scopes s ON s.chain_id = t.chain_id)`;

const ADDRESSES = `raw_addresses AS (
  SELECT t.chain_id, b.timestamp AS ts, t.from_address AS address, true AS sender, t.to_address AS other FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
  UNION ALL SELECT tt.chain_id, b.timestamp, tt.from_address, true, tt.to_address FROM evm_token_transfer tt JOIN evm_block b ON b.chain_id = tt.chain_id AND b.number = tt.block_number),
per_chain AS (
  SELECT chain_id, (ts / 3600) * 3600 AS hour, address, bool_or(sender) AS sender
  FROM (SELECT chain_id, ts, address, sender FROM raw_addresses UNION ALL SELECT chain_id, ts, other, false FROM raw_addresses WHERE other IS NOT NULL) a
  WHERE address <> ${ZERO} GROUP BY 1, 2, 3),
hourly AS MATERIALIZED (
  SELECT s.scope, p.hour, p.address, bool_or(p.sender) AS sender FROM per_chain p JOIN scopes s USING (chain_id) GROUP BY 1, 2, 3)`;

const BLOCKS = `blocks AS MATERIALIZED (
  SELECT s.scope, k.ts, k.gas_used, k.tx_count, k.dt FROM (
    SELECT chain_id, timestamp AS ts, gas_used, tx_count, timestamp - lag(timestamp) OVER (PARTITION BY chain_id ORDER BY number) AS dt FROM evm_block) k
  JOIN scopes s USING (chain_id)),
per_day AS (SELECT scope, ${day('ts')} AS bucket, sum(gas_used) AS gas, sum(tx_count) AS txs, min(ts) AS first_ts, max(ts) AS last_ts FROM blocks GROUP BY 1, 2),
spans AS (SELECT scope, bucket, gas, txs, last_ts - coalesce(lag(last_ts) OVER (PARTITION BY scope ORDER BY bucket), first_ts) AS span FROM per_day)`;

const CREATIONS = `creations AS MATERIALIZED (
  SELECT s.scope, c.ts, c.deployer FROM (
    SELECT t.chain_id, b.timestamp AS ts, t.from_address AS deployer FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
      WHERE t.contract_address IS NOT NULL AND t.status = 1
    UNION ALL SELECT i.chain_id, b.timestamp, i.from_address FROM evm_internal_transaction i JOIN evm_block b ON b.chain_id = i.chain_id AND b.number = i.block_number
      WHERE i.internal_tx_type IN ('CREATE', 'CREATE2', 'CREATE3') AND NOT i.is_reverted) c
  JOIN scopes s USING (chain_id))`;

/** A running total over the scope's days of a per-day count `counts` (scope, bucket, n). */
function running(counts: string, excludeDay = false): string {
  const frame = excludeDay ? ' ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING' : '';
  return `SELECT d.scope, d.bucket, coalesce(sum(coalesce(c.n, 0)) OVER (PARTITION BY d.scope ORDER BY d.bucket${frame}), 0) AS value
    FROM days d LEFT JOIN (${counts}) c USING (scope, bucket)`;
}

/** Metric parts per group: [metric, interval, SELECT scope, bucket, value]. */
function groups(): { label: string; ctes: string[]; parts: [string, string, string][] }[] {
  const tx: [string, string, string][] = [];
  const addresses: [string, string, string][] = [];
  for (const interval of INTERVALS) {
    const b = BUCKET[interval];
    tx.push(['txCount', interval, `SELECT scope, ${b('ts')}, count(*)::numeric FROM txs GROUP BY 1, 2`]);
    tx.push(['gasUsed', interval, `SELECT scope, ${b('ts')}, sum(gas_used) FROM txs GROUP BY 1, 2`]);
    tx.push(['feesPaid', interval, `SELECT scope, ${b('ts')}, round(sum(gas_used * gas_price) / 1e18, 18) FROM txs GROUP BY 1, 2`]);
    const distinct = (where: string) => (interval === 'hour' ? `SELECT scope, hour AS bucket FROM hourly${where}` : `SELECT DISTINCT scope, ${b('hour')} AS bucket, address FROM hourly${where}`);
    addresses.push(['activeAddresses', interval, `SELECT scope, bucket, count(*)::numeric FROM (${distinct('')}) d GROUP BY 1, 2`]);
    addresses.push(['activeSenders', interval, `SELECT scope, bucket, count(*)::numeric FROM (${distinct(' WHERE sender')}) d GROUP BY 1, 2`]);
  }
  tx.push(['avgGasPrice', 'day', `SELECT scope, ${day('ts')}, round(avg(gas_price), 18) FROM txs GROUP BY 1, 2`]);
  tx.push(['maxGasPrice', 'day', `SELECT scope, ${day('ts')}, max(gas_price) FROM txs GROUP BY 1, 2`]);
  tx.push(['cumulativeTxCount', 'day', running(`SELECT scope, ${day('ts')} AS bucket, count(*)::numeric AS n FROM txs GROUP BY 1, 2`)]);
  addresses.push(['cumulativeAddresses', 'day', running(`SELECT scope, ${day('first_hour')} AS bucket, count(*)::numeric AS n FROM (SELECT scope, address, min(hour) AS first_hour FROM hourly GROUP BY 1, 2) f GROUP BY 1, 2`)]);
  return [
    { label: 'transactions', ctes: [TXS], parts: tx },
    { label: 'addresses', ctes: [ADDRESSES], parts: addresses },
    {
      label: 'blocks',
      ctes: [BLOCKS],
      parts: [
        ['maxGps', 'day', `SELECT scope, ${day('ts')}, round(max(gas_used / dt), 18) FROM blocks WHERE dt > 0 GROUP BY 1, 2`],
        ['maxTps', 'day', `SELECT scope, ${day('ts')}, round(max(tx_count::numeric / dt), 18) FROM blocks WHERE dt > 0 GROUP BY 1, 2`],
        // The day's totals over the time from the previous day's last block (first day: the day's first block).
        ['avgGps', 'day', `SELECT scope, bucket, round(gas / span, 18) FROM spans WHERE span > 0`],
        ['avgTps', 'day', `SELECT scope, bucket, round(txs::numeric / span, 18) FROM spans WHERE span > 0`],
      ],
    },
    {
      label: 'contracts',
      ctes: [CREATIONS],
      parts: [
        ['contracts', 'day', `SELECT scope, ${day('ts')}, count(*)::numeric FROM creations GROUP BY 1, 2`],
        ['deployers', 'day', `SELECT scope, ${day('ts')}, count(DISTINCT deployer)::numeric FROM creations GROUP BY 1, 2`],
        ['cumulativeContracts', 'day', running(`SELECT scope, ${day('ts')} AS bucket, count(*)::numeric AS n FROM creations GROUP BY 1, 2`, true)],
        ['cumulativeDeployers', 'day', running(`SELECT scope, ${day('first_ts')} AS bucket, count(*)::numeric AS n FROM (SELECT scope, deployer, min(ts) AS first_ts FROM creations GROUP BY 1, 2) f GROUP BY 1, 2`)],
      ],
    },
  ];
}

/**
 * Recomputes every ChainMetric row from the EVM tables (replacing existing ones).
 * @param db database with EVM data
 * @param log progress lines
 * @param chains chain IDs and networks; read from EvmChain when omitted
 * @returns number of rows written
 * @example await computeChainMetrics(db)
 */
export async function computeChainMetrics(
  db: Database,
  log: (msg: string) => void = () => {},
  chains?: { chainId: bigint; network: 'mainnet' | 'fuji' }[],
): Promise<number> {
  // The seeder computes metrics before EvmChain rows exist (they wait for the P-Chain rows).
  const chainList = chains
    ? chains.map((c) => `SELECT ${c.chainId.toString()}::bigint AS chain_id, '${c.network}' AS network`).join(' UNION ALL ')
    : 'SELECT chain_id, network::text AS network FROM evm_chain';
  await db.query('DELETE FROM chain_metric');
  // Fresh bulk-loaded tables have no statistics yet; the planner needs them for these joins.
  await db.query('ANALYZE evm_block, evm_transaction, evm_token_transfer, evm_internal_transaction');
  for (const group of groups()) {
    const started = Date.now();
    const union = group.parts
      .map(([metric, interval, select]) => `SELECT scope, '${metric}' AS metric, '${interval}' AS time_interval, bucket, value FROM (${select}) p (scope, bucket, value)`)
      .join('\nUNION ALL ');
    await db.query(`WITH ${[...commonCtes(chainList), ...group.ctes].join(',\n')}
INSERT INTO chain_metric (scope, metric, time_interval, timestamp, value)
SELECT scope, metric, time_interval::time_interval, bucket, value FROM (${union}) m WHERE value IS NOT NULL`);
    log(`chain metrics (${group.label}) in ${Date.now() - started} ms`);
  }
  const [row] = await db.query<{ n: bigint | number | string }>('SELECT count(*) AS n FROM chain_metric');
  return Number(row?.n ?? 0);
}

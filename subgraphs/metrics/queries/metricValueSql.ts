// What each 4.3 metric reads from a rollup row (metric_rollup, alias r). Non-cumulative metrics are
// one expression of the row; a null means the period has no value (an average of nothing, no rate).
// Cumulative metrics are running sums over the scope's day rows. Units: gas in gas units, gas
// prices in wei, feesPaid in the native token (wei ÷ 10^18), rates per second.
import type { EvmChainMetric } from '../types/metric.type';

/** How a metric is read: a value of the row, or a running sum of a column over the days. */
export type MetricSource =
  | { kind: 'row'; value: string }
  /** `includeDay`: the day's own count is part of its point ("to 24 hours after the timestamp"). */
  | { kind: 'cumulative'; column: string; includeDay: boolean };

const rate = (column: string) => `CASE WHEN r.avg_chains > 0 THEN r.${column} END`;

/** Every metric of 4.3 and where its value comes from. */
export const METRIC_SOURCES: Record<EvmChainMetric, MetricSource> = {
  activeAddresses: { kind: 'row', value: 'r.active_addresses' },
  activeSenders: { kind: 'row', value: 'r.active_senders' },
  txCount: { kind: 'row', value: 'r.tx_count' },
  gasUsed: { kind: 'row', value: 'r.gas_used' },
  feesPaid: { kind: 'row', value: 'r.fees / 1000000000000000000::numeric' },
  contracts: { kind: 'row', value: 'r.contracts' },
  deployers: { kind: 'row', value: 'r.deployers' },
  avgGasPrice: { kind: 'row', value: 'CASE WHEN r.tx_count > 0 THEN r.gas_price_sum / r.tx_count END' },
  maxGasPrice: { kind: 'row', value: 'r.max_gas_price' },
  maxGps: { kind: 'row', value: 'r.max_gps' },
  maxTps: { kind: 'row', value: 'r.max_tps' },
  avgGps: { kind: 'row', value: rate('avg_gps') },
  avgTps: { kind: 'row', value: rate('avg_tps') },
  cumulativeTxCount: { kind: 'cumulative', column: 'tx_count', includeDay: true },
  cumulativeAddresses: { kind: 'cumulative', column: 'new_addresses', includeDay: true },
  cumulativeDeployers: { kind: 'cumulative', column: 'new_deployers', includeDay: true },
  // "from genesis to the timestamp": creations before the day.
  cumulativeContracts: { kind: 'cumulative', column: 'contracts', includeDay: false },
};

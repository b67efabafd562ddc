// Metric rollups (4.3) and ICM message counts (/v2/icm): maintained incrementally through the
// write path's hooks, which the indexer gives it (countBlockMetrics counts every new EVM block and
// ICM send in writeBlock's transaction; recountRewoundMetrics recounts what a reorg touched in rewindChain's;
// countStakingMetrics keeps the staking metrics' day rows in a P-Chain block's transaction),
// recomputed by `npm run metrics:rebuild` and the demo seeder, read by the metrics subgraph. The
// definitions are in docs/api-decisions.md; the design in the headers of the files here.
export { applyMetricsDelta, type MetricsDelta } from './applyMetricsDelta';
export { countBlockMetrics, countNewBlocks, newEvmBlocks } from './countNewBlocks';
export { ACTIVE_ADDRESS_ROWS_SQL } from './activeAddressRows';
export { rebuildMetrics, METRIC_TABLES, type RebuildMetricsOptions } from './rebuildMetrics';
export { metricsRewindPoint, recountAfterRewind, recountRewoundMetrics, type RewindPoint } from './rewindMetrics';
export { bucketSql, METRIC_INTERVALS, type MetricInterval } from './buckets';
export { applyBtcbBridged, BTCB_ADDRESS, BTCB_CHAIN_ID } from './btcbBridged';
export { metricScopes, type ChainNetwork } from './scopes';
export { countStakingMetrics, moveStakingContributions, stakingKeys } from './staking/countStakingMetrics';

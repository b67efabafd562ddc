// Metric rollups (4.3): maintained incrementally by the write path (prisma/write/writeBlock.ts
// counts every new EVM block in its transaction; rewindChain recounts the periods a reorg touched),
// recomputed by `npm run metrics:rebuild` and the demo seeder, read by the metrics subgraph. The
// definitions are in docs/api-decisions.md; the design in the headers of the files here.
export { applyMetricsDelta, type MetricsDelta } from './applyMetricsDelta';
export { countNewBlocks, newEvmBlocks } from './countNewBlocks';
export { rebuildMetrics, METRIC_TABLES, type RebuildMetricsOptions } from './rebuildMetrics';
export { metricsRewindPoint, recountAfterRewind, type RewindPoint } from './rewindMetrics';
export { bucketSql, METRIC_INTERVALS, type MetricInterval } from './buckets';
export { metricScopes, type ChainNetwork } from './scopes';

import { DEFAULT_REQUEST_LABEL, type AggregationReport } from '../aggregate-signatures/measureAggregation';
import type { EngineComparison } from './compareEngines';
import { latencyRatio } from './latencyRatio';
import type { DeliveryResult } from '../webhooks/measureDelivery';
import type { EngineResult, Figure } from './measureEngine';
import type { RecordingOverhead } from './measureRecordingOverhead';
import { bytesPerTransaction, type StorageFigures } from '../shared/measureStorage';
import type { BackfillResult } from '../indexer/measureBackfill';

/** One target of the suite (bench/README.md, "Targets") and whether this run met it. */
export type TargetCheck = { target: string; measured: string; met: boolean | undefined };

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const floorOf = (figures: readonly Figure[], figure: Figure) =>
  figures.find((f) => f.path === 'pg' && f.group === figure.group && f.pageSize === figure.pageSize);

/**
 * Checks the suite's targets (benchmarks, not timed tests) against the run's figures. A target
 * whose figure this run did not produce (an engine left out, fewer than 1,000 validators) is
 * neither met nor missed (`met` undefined).
 * @param engines each engine's results
 * @param aggregation the signature aggregation report
 * @param comparison both engines' services measured side by side (compareEngines.ts): PGlite against PostgreSQL is judged there
 * @param webhooks each engine's webhook deliveries (webhooks/measureDelivery.ts)
 * @param recording what usage recording adds to each engine's REST requests (measureRecordingOverhead.ts)
 * @param data each engine's data set on disk (measureStorage.ts)
 * @param backfill each engine's backfill from anvil beside its floor (indexer/measureBackfill.ts)
 * @returns one check per target and engine
 * @example judgeTargets(results, report, comparison, webhooks).filter((check) => check.met === false)
 */
export function judgeTargets(
  engines: readonly EngineResult[],
  aggregation: AggregationReport | undefined,
  comparison?: EngineComparison,
  webhooks: readonly { engine: string; result: DeliveryResult }[] = [],
  recording: readonly { engine: string; result: RecordingOverhead }[] = [],
  data: readonly { engine: string; storage: StorageFigures }[] = [],
  backfill: readonly { engine: string; result: BackfillResult }[] = [],
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const backfillOf = (engine: string) => backfill.find((b) => b.engine === engine)?.result;
  const postgresBackfill = backfillOf('postgres');
  if (postgresBackfill) {
    const ratio = postgresBackfill.fetchSeconds / postgresBackfill.indexSeconds;
    checks.push({
      target: "postgres: backfill with traces at least 0.5x the node's own speed (the floor)",
      measured: `${ratio.toFixed(2)}x (${(postgresBackfill.blocks / postgresBackfill.indexSeconds).toFixed(0)} against ${(postgresBackfill.blocks / postgresBackfill.fetchSeconds).toFixed(0)} blocks/s)`,
      met: ratio >= 0.5,
    });
  }
  const pgliteBackfill = backfillOf('pglite');
  if (postgresBackfill && pgliteBackfill) {
    const ratio = pgliteBackfill.indexSeconds / postgresBackfill.indexSeconds;
    checks.push({
      target: 'pglite: backfill within 1.5x of PostgreSQL',
      measured: `${ratio.toFixed(2)}x (${pgliteBackfill.indexSeconds.toFixed(1)} s against ${postgresBackfill.indexSeconds.toFixed(1)} s)`,
      met: ratio <= 1.5,
    });
  }
  for (const { engine, storage } of data) {
    if (engine === 'postgres')
      checks.push({
        target: 'postgres: at most 4,000 bytes per EVM transaction (tables, indexes, metric sets)',
        measured: `${bytesPerTransaction(storage).toFixed(0)} B (${(storage.tableBytes / 1e6).toFixed(1)} MB for ${storage.evmTransactions.toLocaleString('en-US')} transactions)`,
        met: bytesPerTransaction(storage) <= 4000,
      });
    if (storage.folderBytes !== undefined)
      checks.push({
        target: `${engine}: data folder at most 1.3x its tables`,
        measured: `${(storage.folderBytes / storage.tableBytes).toFixed(2)}x (${(storage.folderBytes / 1e6).toFixed(1)} MB against ${(storage.tableBytes / 1e6).toFixed(1)} MB)`,
        met: storage.folderBytes <= 1.3 * storage.tableBytes,
      });
  }
  for (const { engine, result } of recording) {
    checks.push({
      target: `${engine}: recording usage adds < 5 % CPU to a REST request`,
      measured: `${result.recordingPercent.toFixed(2)} % (event loop ${result.eventLoopPercent.toFixed(2)} %, database side ${result.databaseCpuMsPerRequest.toFixed(3)} ms a request; on against off ${result.overheadPercent.toFixed(1)} %, rounds' middle half ${result.middleHalfPercent.map((p) => p.toFixed(1)).join(' to ')} %)`,
      met: result.recordingPercent < 5,
    });
  }
  for (const result of engines) {
    const lookups = result.figures.filter((f) => f.kind === 'lookup' && f.path === 'rest');
    const slowest = lookups.reduce<Figure | undefined>(
      (worst, f) => (!worst || f.load.requestsPerSecond < worst.load.requestsPerSecond ? f : worst),
      undefined,
    );
    checks.push({
      target: `${result.engine}: single-record REST lookups >= 1,500 req/s`,
      measured: slowest ? `${slowest.group}: ${slowest.load.requestsPerSecond.toFixed(0)} req/s` : 'not measured',
      met: slowest ? slowest.load.requestsPerSecond >= 1500 : undefined,
    });
    const lists = result.figures.filter((f) => f.kind === 'list' && f.path === 'rest');
    const ratios = lists.flatMap((f) => {
      const floor = floorOf(result.figures, f);
      return floor ? [{ f, ratio: latencyRatio(f, floor) }] : [];
    });
    const worst = ratios.reduce<(typeof ratios)[number] | undefined>(
      (w, r) => (!w || r.ratio > w.ratio ? r : w),
      undefined,
    );
    checks.push({
      target: `${result.engine}: REST list endpoints p50 <= 2x their floor`,
      measured: worst
        ? `worst ${worst.f.group} pageSize=${worst.f.pageSize}: ${Number.isFinite(worst.ratio) ? `${worst.ratio.toFixed(2)}x` : 'no 2xx answer'} (${ratios.filter((r) => r.ratio <= 2).length} of ${ratios.length} within)`
        : 'not measured',
      met: worst ? worst.ratio <= 2 : undefined,
    });
    // The real service process when it was measured; else the measuring process (which also hosts floors and load).
    const memory = result.serviceMemory ?? result.memory;
    checks.push({
      target: `${result.engine}: resident memory <= 500 MB on the demo data (after the load)`,
      measured: `${mb(memory.afterLoadMiB)} MB (after start ${mb(memory.afterStartMiB)} MB${result.serviceMemory ? ', service process' : ', measuring process'})`,
      met: mb(memory.afterLoadMiB) <= 500,
    });
  }
  if (comparison) {
    const worst = comparison.pairs.reduce<EngineComparison['pairs'][number] | undefined>(
      (w, pair) => (!w || pair.ratio > w.ratio ? pair : w),
      undefined,
    );
    checks.push({
      target: 'embedded PGlite within 1.5x of PostgreSQL (REST req/s, every request, side by side)',
      measured: worst
        ? `worst ${worst.group}${worst.pageSize ? ` pageSize=${worst.pageSize}` : ''}: PostgreSQL ${worst.ratio.toFixed(2)}x PGlite (${comparison.pairs.filter((pair) => pair.ratio <= 1.5).length} of ${comparison.pairs.length} within)`
        : 'not measured',
      met: worst ? worst.ratio <= 1.5 : undefined,
    });
  }
  if (aggregation) {
    const backend = aggregation.backends[0];
    const medianOf = (prefix: string) =>
      backend ? median(backend.runs.filter((run) => run.label.startsWith(prefix)).map((run) => run.ms)) : Number.NaN;
    // "To quorum" is the default request (buffer 0): collection stops at 67 % of the weight. Every
    // validator signing (the 33 % buffer) is what the per-signature comparison below is made against.
    const toQuorum = medianOf(DEFAULT_REQUEST_LABEL);
    const full = medianOf('quorum 67 + buffer 33 (all');
    const perSignature = aggregation.verification.find((t) =>
      t.label.endsWith('honest responses: one check per signature'),
    );
    const counted =
      aggregation.validators === 1000 ? undefined : `(${aggregation.validators} validators: judged at 1,000 only)`;
    checks.push({
      target: '1,000 validators to quorum <= 300 ms',
      measured:
        `${toQuorum.toFixed(0)} ms median of the default request (quorum 67, no buffer) with ${backend?.backend ?? '?'}; every validator (33 % buffer) ${full.toFixed(0)} ms ${counted ?? ''}`.trim(),
      met: counted || !Number.isFinite(toQuorum) ? undefined : toQuorum <= 300,
    });
    const speedup = perSignature ? perSignature.ms / full : Number.NaN;
    checks.push({
      target: 'aggregation >= 20x faster than per-signature verification with noble',
      measured:
        `${speedup.toFixed(1)}x (noble, one check per signature: ${perSignature?.ms.toFixed(0) ?? '?'} ms) ${counted ?? ''}`.trim(),
      met: counted || !Number.isFinite(speedup) ? undefined : speedup >= 20,
    });
  }
  for (const { engine, result } of webhooks) {
    const { p50, p99, samples } = result.head.commitToArrival;
    checks.push({
      target: `${engine}: webhook messages delivered at the head within 1 s of their block's commit (p50)`,
      measured: `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (${samples} transactions)`,
      met: p50 < 1000,
    });
  }
  return checks;
}

/** Mebibytes as megabytes (10^6 bytes), the targets' unit. */
function mb(mib: number): number {
  return Math.round((mib * 2 ** 20) / 1e6);
}

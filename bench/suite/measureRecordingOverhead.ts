// What recording usage (server/usage/) costs a REST request: two service processes on the same data
// (PGlite: on a copy of its folder, which has one owner), USAGE_RECORDING on in one and off in the
// other, both warmed first, then given the same work in bursts that take turns, and the CPU time
// each used per answered request. Every burst is the same requests the same number of times (a
// burst of fixed seconds answers a different mix of cheap and costly requests each time), and the
// processes live through every burst (a young process still compiles its hot code and sizes its
// heap): both spreads are wider than what recording adds.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { progress } from '../shared/report';
import type { EngineLocation } from './prepareEngineData';
import { runMixedLoad, startServiceProcess, type MixedRequest, type ServiceProcess } from './serviceProcess';

/** CPU per request with recording on and off, and what recording adds. */
export type RecordingOverhead = {
  requests: { on: number; off: number };
  /** CPU milliseconds of the service process per answered request. */
  cpuMsPerRequest: { on: number; off: number };
  /** (median over the rounds of on / off − 1) × 100. */
  overheadPercent: number;
  /**
   * The rounds' overheads from the first to the third quartile, %: how far one round's figure
   * strays. Identical processes (both off) give rounds tens of percent apart.
   */
  middleHalfPercent: [low: number, high: number];
  /** Answers that were not 2xx, both modes. */
  errors: number;
};

/**
 * Measures recording's CPU cost per REST request. Both processes are warmed with `warmup` seconds of
 * the requests each; a burst is a fixed number of passes of every connection over the requests (as
 * many as fill `seconds` on the warm process), and its CPU time is read around it and the flush that
 * writes its rows. Modes take turns (on, off, on, off, …) so a host's drift falls on both alike.
 * @param location the engine's data set (no other process may hold a PGlite directory meanwhile)
 * @param requests the REST requests, in turn
 * @param load seconds of warm-up per process, seconds a burst should about last, connections, rounds (bursts per mode)
 * @returns both modes' CPU per request and the overhead
 * @example await measureRecordingOverhead(location, requests, { warmup: 10, seconds: 4, connections: 10, rounds: 5 })
 */
export async function measureRecordingOverhead(
  location: EngineLocation,
  requests: readonly MixedRequest[],
  load: { warmup: number; seconds: number; connections: number; rounds: number },
): Promise<RecordingOverhead> {
  const copy = location.engine === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-recording-')) : undefined;
  const services: Partial<Record<'on' | 'off', ServiceProcess>> = {};
  try {
    let off = location;
    if (copy && location.engine === 'pglite') {
      cpSync(location.dataDir, copy, { recursive: true });
      off = { engine: 'pglite', dataDir: copy };
    }
    const locations = { on: location, off };
    for (const mode of ['on', 'off'] as const) {
      progress(`usage recording ${mode}: the service process, warmed with ${load.warmup} s of REST load`);
      services[mode] = await startServiceProcess(locations[mode], { env: { USAGE_RECORDING: String(mode === 'on') } });
      if (load.warmup > 0)
        await runMixedLoad(services[mode].baseUrl, requests, { seconds: load.warmup, connections: load.connections });
    }
    const started = performance.now();
    await runMixedLoad(services.off!.baseUrl, requests, { passes: 1, connections: load.connections });
    const passes = Math.max(1, Math.round((load.seconds * 1000) / (performance.now() - started)));
    const totals = { on: { cpu: 0, requests: 0 }, off: { cpu: 0, requests: 0 } };
    const perRound: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let errors = 0;
    for (let round = 0; round < load.rounds; round++) {
      for (const mode of ['on', 'off'] as const) {
        progress(`usage recording ${mode}: round ${round + 1} of ${load.rounds}, ${passes} passes over the requests`);
        const service = services[mode]!;
        const before = service.cpuSeconds();
        const burst = await runMixedLoad(service.baseUrl, requests, { passes, connections: load.connections });
        // The rows of the burst are written within the flush interval: their cost is counted too.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const cpu = service.cpuSeconds() - before;
        totals[mode].cpu += cpu;
        perRound[mode].push(cpu / Math.max(1, burst.requests));
        totals[mode].requests += burst.requests;
        errors += burst.errors;
      }
    }
    const perRequest = (mode: 'on' | 'off') => (totals[mode].cpu * 1000) / Math.max(1, totals[mode].requests);
    // One round's CPU per request strays far from the next one's for the same work: the median of the
    // rounds' ratios is swayed less by the farthest rounds than the totals' ratio.
    const overheads = perRound.on.map((on, i) => (on / perRound.off[i]! - 1) * 100).sort((a, b) => a - b);
    return {
      requests: { on: totals.on.requests, off: totals.off.requests },
      cpuMsPerRequest: { on: perRequest('on'), off: perRequest('off') },
      overheadPercent: quantile(overheads, 0.5),
      middleHalfPercent: [quantile(overheads, 0.25), quantile(overheads, 0.75)],
      errors,
    };
  } finally {
    for (const service of Object.values(services)) await service.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

/** The q-quantile of sorted values, interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)]!;
  return below + (sorted[Math.ceil(at)]! - below) * (at - Math.floor(at));
}

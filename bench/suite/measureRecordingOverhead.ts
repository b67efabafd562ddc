// What recording usage (server/usage/) costs a REST request: the real service process with
// USAGE_RECORDING on and off, on the same data set, given the same work in bursts that take turns
// (one process at a time: a PGlite directory has one owner), and the CPU time the process used per
// answered request in each mode. Every burst is the same requests the same number of times: a burst
// of fixed seconds answers a different mix of cheap and costly requests each time, a spread far
// wider than what recording adds.
import { progress } from '../shared/report';
import type { EngineLocation } from './prepareEngineData';
import { runMixedLoad, startServiceProcess, type MixedRequest } from './serviceProcess';

/** CPU per request with recording on and off, and what recording adds. */
export type RecordingOverhead = {
  requests: { on: number; off: number };
  /** CPU milliseconds of the service process per answered request. */
  cpuMsPerRequest: { on: number; off: number };
  /** (on / off − 1) × 100. */
  overheadPercent: number;
  /** Answers that were not 2xx, both modes. */
  errors: number;
};

/**
 * Measures recording's CPU cost per REST request. Each burst starts a service process, warms it
 * with one pass of every connection over the requests, then reads its CPU time around a fixed
 * number of passes (as many as the first warm-up says fill `seconds`); modes take turns (on, off,
 * on, off, …) so a host's drift falls on both alike.
 * @param location the engine's data set (no other process may hold a PGlite directory meanwhile)
 * @param requests the REST requests, in turn
 * @param load seconds a burst should about last, connections, rounds (bursts per mode)
 * @returns both modes' CPU per request and the overhead
 * @example await measureRecordingOverhead(location, requests, { seconds: 10, connections: 10, rounds: 3 })
 */
export async function measureRecordingOverhead(
  location: EngineLocation,
  requests: readonly MixedRequest[],
  load: { seconds: number; connections: number; rounds: number },
): Promise<RecordingOverhead> {
  const totals = { on: { cpu: 0, requests: 0 }, off: { cpu: 0, requests: 0 } };
  let errors = 0;
  let passes: number | undefined;
  for (let round = 0; round < load.rounds; round++) {
    for (const mode of ['on', 'off'] as const) {
      progress(`usage recording ${mode}: round ${round + 1} of ${load.rounds}`);
      const service = await startServiceProcess(location, { env: { USAGE_RECORDING: String(mode === 'on') } });
      try {
        const started = performance.now();
        await runMixedLoad(service.baseUrl, requests, { passes: 1, connections: load.connections });
        passes ??= Math.max(1, Math.round((load.seconds * 1000) / (performance.now() - started)));
        const before = service.cpuSeconds();
        const burst = await runMixedLoad(service.baseUrl, requests, { passes, connections: load.connections });
        // The rows of the burst are written within the flush interval: their cost is counted too.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        totals[mode].cpu += service.cpuSeconds() - before;
        totals[mode].requests += burst.requests;
        errors += burst.errors;
      } finally {
        await service.stop();
      }
    }
  }
  const perRequest = (mode: 'on' | 'off') => (totals[mode].cpu * 1000) / Math.max(1, totals[mode].requests);
  const on = perRequest('on');
  const off = perRequest('off');
  return {
    requests: { on: totals.on.requests, off: totals.off.requests },
    cpuMsPerRequest: { on, off },
    overheadPercent: (on / off - 1) * 100,
    errors,
  };
}

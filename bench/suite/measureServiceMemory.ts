import type { EngineLocation } from './prepareEngineData';
import { runMixedLoad, startServiceProcess, type MixedRequest } from './serviceProcess';

/**
 * Resident memory of the service process as `npm start` runs it, and the load between the readings.
 * `settledMiB`: once quiet for `settleSeconds` after the load (V8's memory reducer has had its turn), when asked for.
 */
export type ServiceMemory = {
  afterStartMiB: number;
  afterLoadMiB: number;
  settledMiB?: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
};

/**
 * Resident memory of the real service process (serviceProcess.ts) on the engine's data set. VmRSS
 * is read once it is ready, then after `seconds` of mixed load (the suite's REST and GraphQL
 * requests in turn), each after two quiet seconds; no forced GC, so it is what an operator would
 * see. With `settleSeconds`, once more that long after the load: V8 gives the load's garbage pages
 * back only when its memory reducer runs, which it starts about 8 s after the last full collection
 * when allocation has stayed low (about 20 s after the load here), so the two-second reading holds
 * them and this one does not.
 * @param location the data set (no other process may hold a PGlite directory meanwhile)
 * @param requests the mixed load
 * @param load seconds and connections; `settleSeconds` for the settled reading (none when 0 or absent)
 * @returns the readings, and how many answers were not 2xx
 * @throws {Error} when the service does not become ready, or exits
 * @example const memory = await measureServiceMemory(location, requests, { seconds: 10, connections: 10 })
 */
export async function measureServiceMemory(
  location: EngineLocation,
  requests: readonly MixedRequest[],
  load: { seconds: number; connections: number; settleSeconds?: number },
): Promise<ServiceMemory> {
  const service = await startServiceProcess(location);
  try {
    await quiet();
    const afterStartMiB = service.residentMiB();
    const mixed = await runMixedLoad(service.baseUrl, requests, load);
    await quiet();
    const afterLoadMiB = service.residentMiB();
    let settledMiB: number | undefined;
    if (load.settleSeconds) {
      await new Promise((resolve) => setTimeout(resolve, load.settleSeconds! * 1000 - 2000));
      settledMiB = service.residentMiB();
    }
    return { afterStartMiB, afterLoadMiB, settledMiB, ...mixed };
  } finally {
    await service.stop();
  }
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 2000));

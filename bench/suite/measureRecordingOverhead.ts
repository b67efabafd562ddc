// What recording usage (server/usage/) costs a REST request. Judged from inside the process that
// records: a CPU profile of its event loop over the bursts gives the share of busy samples in the
// recording's code, and the database's side of writing its rows, which on PGlite runs in the same
// process but outside the event loop, is measured by writing the same rows again
// (replayUsageRows.ts). Both are shares of work done in one window, so a host that speeds up or
// slows down between bursts moves them little.
//
// Beside it, as context, the plain comparison: two service processes on the same data (PGlite: on
// a copy of its folder, which has one owner), USAGE_RECORDING on in one and off in the other, both
// warmed and profiled alike, given the same requests the same number of times in bursts that take
// turns, and the CPU time each used per answered request. Two identical processes measured so
// stray tens of percent apart, far more than recording adds, so that figure decides nothing.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultUsageOptions } from '../../server/usage/createUsageRecorder';
import { progress } from '../shared/report';
import { cpuProfileShares, monotonicMicroseconds, type ProfileWindow } from './cpuProfileShares';
import type { EngineLocation } from './prepareEngineData';
import { replayUsageRows } from './replayUsageRows';
import { runMixedLoad, startServiceProcess, type MixedRequest, type ServiceProcess } from './serviceProcess';

/** What recording adds to a REST request's CPU, from the recording process's profile and from on against off. */
export type RecordingOverhead = {
  /**
   * Recording's CPU over the rest of the recording process's CPU in the bursts, %: its event loop's
   * share in the recording's code plus the database's side of writing the rows. The judged figure.
   */
  recordingPercent: number;
  /** Recording's share of the event loop's busy samples in the bursts, %. */
  eventLoopPercent: number;
  /** The garbage collector's share of the event loop's busy samples in the bursts, % (recording's allocations are part of it). */
  gcPercent: number;
  /** CPU milliseconds per request the database's side of writing the rows takes in the service process (PGlite; about 0 on PostgreSQL, whose backends do it). */
  databaseCpuMsPerRequest: number;
  /** Rows the recording process wrote in its bursts. */
  rows: number;
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
 * Measures recording's CPU cost per REST request. Both processes run under `--cpu-prof` and are
 * warmed with `warmup` seconds of the requests each; a burst is a fixed number of passes of every
 * connection over the requests (as many as fill `seconds` on the warm process), and its CPU time is
 * read around it and the flush that writes its rows. Modes take turns (on, off, on, off, …) so a
 * host's drift falls on both alike. Once both have stopped (and written their profiles), the
 * recording process's profile is read over its bursts and its rows are written again to time the
 * database's side.
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
  const profiles = mkdtempSync(path.join(os.tmpdir(), 'bench-recording-profiles-'));
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
      services[mode] = await startServiceProcess(locations[mode], {
        env: { USAGE_RECORDING: String(mode === 'on') },
        nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${path.join(profiles, mode)}`],
      });
      if (load.warmup > 0)
        await runMixedLoad(services[mode].baseUrl, requests, { seconds: load.warmup, connections: load.connections });
    }
    const started = performance.now();
    await runMixedLoad(services.off!.baseUrl, requests, { passes: 1, connections: load.connections });
    const passes = Math.max(1, Math.round((load.seconds * 1000) / (performance.now() - started)));
    const totals = { on: { cpu: 0, requests: 0 }, off: { cpu: 0, requests: 0 } };
    const perRound: Record<'on' | 'off', number[]> = { on: [], off: [] };
    // The recording process's bursts: their spans on the profile's clock, their wall-clock range
    // (the rows' `at`), its event loop's CPU and how long its load ran.
    const windows: ProfileWindow[] = [];
    const recorded = { from: new Date(), to: new Date(), mainThreadCpu: 0, loadSeconds: 0 };
    let errors = 0;
    for (let round = 0; round < load.rounds; round++) {
      for (const mode of ['on', 'off'] as const) {
        progress(`usage recording ${mode}: round ${round + 1} of ${load.rounds}, ${passes} passes over the requests`);
        const service = services[mode]!;
        const before = { cpu: service.cpuSeconds(), mainThreadCpu: service.mainThreadCpuSeconds() };
        const startUs = monotonicMicroseconds();
        if (mode === 'on' && round === 0) recorded.from = new Date();
        const burst = await runMixedLoad(service.baseUrl, requests, { passes, connections: load.connections });
        const loadSeconds = (monotonicMicroseconds() - startUs) / 1e6;
        // The rows of the burst are written within the flush interval: their cost is counted too.
        await new Promise((resolve) => setTimeout(resolve, defaultUsageOptions.flushIntervalMs + 500));
        const cpu = service.cpuSeconds() - before.cpu;
        totals[mode].cpu += cpu;
        perRound[mode].push(cpu / Math.max(1, burst.requests));
        totals[mode].requests += burst.requests;
        errors += burst.errors;
        if (mode === 'on') {
          windows.push({ startUs, endUs: monotonicMicroseconds() });
          recorded.to = new Date();
          recorded.mainThreadCpu += service.mainThreadCpuSeconds() - before.mainThreadCpu;
          recorded.loadSeconds += loadSeconds;
        }
      }
    }
    // Stopped, each process has written its profile; the data set is free for the replay.
    for (const mode of ['on', 'off'] as const) await services[mode]!.stop();
    const onPid = services.on!.pid;
    const profile = readdirSync(path.join(profiles, 'on')).find((name) => name.includes(`.${onPid}.0.`));
    if (!profile) throw new Error(`the recording process (${onPid}) wrote no profile of its main thread`);
    // The recorder's code, and the write path its flush runs (no other code writes under REST load).
    const shares = cpuProfileShares(path.join(profiles, 'on', profile), windows, (url) =>
      /\/server\/usage\/|\/prisma\/write\//.test(url),
    );
    // One flush writes what arrived within its interval, up to flushRows.
    const perFlush = Math.round(
      (totals.on.requests / Math.max(recorded.loadSeconds, 1e-3)) * (defaultUsageOptions.flushIntervalMs / 1000),
    );
    progress('usage recording: the recorded rows written again, for the database side of the write');
    const replay = await replayUsageRows(
      location,
      recorded,
      Math.max(1, Math.min(defaultUsageOptions.flushRows, perFlush)),
    );
    const eventLoopShare = shares.busyMs > 0 ? shares.matchingMs / shares.busyMs : 0;
    const recordingCpu = eventLoopShare * recorded.mainThreadCpu + replay.outsideMainThreadCpuSeconds;
    const perRequest = (mode: 'on' | 'off') => (totals[mode].cpu * 1000) / Math.max(1, totals[mode].requests);
    // One round's CPU per request strays far from the next one's for the same work: the median of the
    // rounds' ratios is swayed less by the farthest rounds than the totals' ratio.
    const overheads = perRound.on.map((on, i) => (on / perRound.off[i]! - 1) * 100).sort((a, b) => a - b);
    return {
      recordingPercent: (recordingCpu / Math.max(totals.on.cpu - recordingCpu, 1e-9)) * 100,
      eventLoopPercent: eventLoopShare * 100,
      gcPercent: shares.busyMs > 0 ? (shares.gcMs / shares.busyMs) * 100 : 0,
      databaseCpuMsPerRequest: (replay.outsideMainThreadCpuSeconds * 1000) / Math.max(1, totals.on.requests),
      rows: replay.rows,
      requests: { on: totals.on.requests, off: totals.off.requests },
      cpuMsPerRequest: { on: perRequest('on'), off: perRequest('off') },
      overheadPercent: quantile(overheads, 0.5),
      middleHalfPercent: [quantile(overheads, 0.25), quantile(overheads, 0.75)],
      errors,
    };
  } finally {
    for (const service of Object.values(services)) await service.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
    rmSync(profiles, { recursive: true, force: true });
  }
}

/** The q-quantile of sorted values, interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)]!;
  return below + (sorted[Math.ceil(at)]! - below) * (at - Math.floor(at));
}

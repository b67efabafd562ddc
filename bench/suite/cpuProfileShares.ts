// How a thread's busy time inside chosen time windows splits, from a V8 CPU profile (`node
// --cpu-prof`): the time in samples whose stack holds a frame of chosen code, the garbage
// collector's, and everything busy. A ratio of two counts taken from one thread in one window
// does not move with the host's speed, which a CPU time read around a burst does.
import { readFileSync } from 'node:fs';

/** Microseconds of process.hrtime's clock (CLOCK_MONOTONIC, which V8's profile timestamps use too). */
export type ProfileWindow = { startUs: number; endUs: number };

/** A thread's sampled time within the windows, milliseconds. */
export type ProfileShares = {
  /** Samples that were not idle (the thread ran JavaScript, native code or the collector). */
  busyMs: number;
  /** Busy samples with a frame of the chosen code on their stack. */
  matchingMs: number;
  /** Samples in the garbage collector. */
  gcMs: number;
};

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** The microseconds of process.hrtime's clock now: what a profile's timestamps are measured in. */
export function monotonicMicroseconds(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Splits a profile's samples within the windows into busy, matching and collector time. Each
 * sample weighs the time since the one before it (the profile's `timeDeltas`).
 * @param file a `.cpuprofile` written by `--cpu-prof`
 * @param windows the spans to count, on process.hrtime's clock in microseconds
 * @param matches whether a frame's script URL belongs to the chosen code
 * @returns busy, matching and collector milliseconds
 * @example cpuProfileShares(file, [{ startUs, endUs }], (url) => url.includes('/server/usage/'))
 */
export function cpuProfileShares(
  file: string,
  windows: readonly ProfileWindow[],
  matches: (url: string) => boolean,
): ProfileShares {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const matching = new Map<number, boolean>();
  const isMatching = (id: number): boolean => {
    const known = matching.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const result = matches(byId.get(id)!.callFrame.url) || (up !== undefined && isMatching(up));
    matching.set(id, result);
    return result;
  };
  const shares: ProfileShares = { busyMs: 0, matchingMs: 0, gcMs: 0 };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i]!;
    at += delta;
    if (!windows.some((window) => at >= window.startUs && at <= window.endUs)) continue;
    const id = profile.samples[i]!;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)') continue;
    shares.busyMs += delta / 1000;
    if (name === '(garbage collector)') shares.gcMs += delta / 1000;
    else if (isMatching(id)) shares.matchingMs += delta / 1000;
  }
  return shares;
}

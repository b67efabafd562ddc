import type { Figure } from './measureEngine';

/** autocannon's latency histogram counts whole milliseconds. */
const RESOLUTION_MS = 1;

/**
 * A path's latency over its floor's: the median's ratio, or, when the floor's median is below
 * autocannon's resolution (it reads 0 ms), the mean's: with a fixed number of connections each
 * waiting for its answer, mean latency is connections over throughput (Little's law), so the
 * floor's throughput over the path's.
 * @param figure the path
 * @param floor its floor in the same run
 * @returns the ratio and what it compares
 * @example latencyRatio(rest, floor) // { ratio: 1.5, basis: 'p50' }
 */
export function latencyRatio(figure: Figure, floor: Figure): { ratio: number; basis: 'p50' | 'mean' } {
  if (floor.load.p50 >= RESOLUTION_MS) return { ratio: figure.load.p50 / floor.load.p50, basis: 'p50' };
  return { ratio: floor.load.requestsPerSecond / figure.load.requestsPerSecond, basis: 'mean' };
}

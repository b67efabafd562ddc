import type { Figure } from './measureEngine';

/**
 * A path's median latency over its floor's, both taken to the microsecond from each answer's time
 * (shared/runLoad.ts), so a floor's median below a millisecond is compared as it is.
 * @param figure the path
 * @param floor its floor in the same run
 * @returns the ratio; Infinity when either got no 2xx answer, so the path never counts as within a bound
 * @example latencyRatio(rest, floor) // 1.5
 */
export function latencyRatio(figure: Figure, floor: Figure): number {
  const [path, base] = [figure.load.p50, floor.load.p50];
  return path === null || base === null ? Number.POSITIVE_INFINITY : path / base;
}

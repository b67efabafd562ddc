import type { Figure } from './measureEngine';

/**
 * A path's median latency over its floor's, both taken to the microsecond from each answer's time
 * (shared/runLoad.ts), so a floor's median below a millisecond is compared as it is.
 * @param figure the path
 * @param floor its floor in the same run
 * @returns the ratio
 * @example latencyRatio(rest, floor) // 1.5
 */
export function latencyRatio(figure: Figure, floor: Figure): number {
  return figure.load.p50 / floor.load.p50;
}

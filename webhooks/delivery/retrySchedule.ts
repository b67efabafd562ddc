// When a failed message is tried again: the hosted service's schedule, then the webhook gives up.

/** Seconds from a failed attempt to the next, after attempts 1 to 9: 10 s, 1 min, 5 min, 10 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
export const retryDelaysSeconds: readonly number[] = [10, 60, 300, 600, 1_800, 7_200, 21_600, 43_200, 86_400];

/** Attempts a message gets: the first and one per retry delay. The last failing fails the message and deactivates its webhook. */
export const MAX_ATTEMPTS = retryDelaysSeconds.length + 1;

/**
 * How long after its `attempts`-th failed attempt a message is tried again.
 * @param attempts attempts made so far, the failed one included (1 after the first)
 * @returns milliseconds, or `undefined` when that was the last attempt
 * @example retryDelayMs(1) // 10_000
 * @example retryDelayMs(MAX_ATTEMPTS) // undefined
 */
export function retryDelayMs(attempts: number): number | undefined {
  const seconds = retryDelaysSeconds[attempts - 1];
  return seconds === undefined ? undefined : seconds * 1000;
}

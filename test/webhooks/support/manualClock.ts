// A delivery clock that moves only when the test says: the retry schedule's hours pass in one call.
import type { DeliveryClock } from '../../../webhooks/delivery/deliveryClock';

/** A clock the test advances. */
export type ManualClock = DeliveryClock & {
  /** Moves time forward; sleeps that end by then resolve. */
  advance(ms: number): void;
};

/**
 * A clock at `start` that stands still until advanced.
 * @example const clock = createManualClock(new Date('2026-01-01T00:00:00Z')); clock.advance(10_000)
 */
export function createManualClock(start: Date): ManualClock {
  let now = start.getTime();
  const sleepers = new Set<{ until: number; resolve: () => void }>();
  return {
    now: () => new Date(now),
    sleep(ms, signal) {
      return new Promise((resolve) => {
        const sleeper = { until: now + ms, resolve };
        const done = () => {
          sleepers.delete(sleeper);
          resolve();
        };
        sleeper.resolve = done;
        if (signal.aborted) return done();
        signal.addEventListener('abort', done, { once: true });
        sleepers.add(sleeper);
      });
    },
    advance(ms) {
      now += ms;
      for (const sleeper of [...sleepers]) if (sleeper.until <= now) sleeper.resolve();
    },
  };
}

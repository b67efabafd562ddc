/** A caller's budget in compute units; 0 means no limit for that window. */
export type Budget = { perMinute: number; perDay: number };

/** One fixed window: its length and the units it allows. */
type Window = { seconds: number; limit: number };

/** What a request's charge came to, for the response headers. */
export type Decision = {
  allowed: boolean;
  /** `ratelimit-policy`: every window, `600;w=60, 100000;w=86400`. */
  policy: string;
  /** Of the window closest to running out: its limit, units left, seconds until it resets. */
  limit: number;
  remaining: number;
  reset: number;
};

/**
 * Counts compute units per caller in fixed windows aligned to the epoch (minutes, UTC days), so
 * every instance sharing a store agrees on when a window starts. A request is admitted only if
 * its whole cost fits in every window; a refused request costs nothing.
 */
export type RateLimiter = {
  /** Charges `cost` units to `identity` if they fit its budget; undefined when the budget has no limit. */
  consume(identity: string, cost: number, budget: Budget): Promise<Decision | undefined>;
  close(): Promise<void>;
};

/** The windows of a budget, the unlimited ones left out. */
export function windowsOf({ perMinute, perDay }: Budget): Window[] {
  return [
    { seconds: 60, limit: perMinute },
    { seconds: 86_400, limit: perDay },
  ].filter((window) => window.limit > 0);
}

/** Key of a window's counter: identity, window length, window number. */
export function counterKey(identity: string, window: Window, nowMs: number): string {
  return `${identity}:${window.seconds}:${Math.floor(nowMs / 1000 / window.seconds)}`;
}

/**
 * The decision from the counts before the charge; shared by the stores so they answer alike.
 * @param counts units already spent in each window, in the order of `windows`
 */
export function decide(windows: Window[], counts: number[], cost: number, nowMs: number): Decision {
  const allowed = windows.every((window, i) => counts[i]! + cost <= window.limit);
  const after = counts.map((count) => (allowed ? count + cost : count));
  const states = windows.map((window, i) => ({
    window,
    remaining: Math.max(0, window.limit - after[i]!),
    reset: Math.max(1, Math.ceil(window.seconds - ((nowMs / 1000) % window.seconds))),
    // A refused request is refused by the windows it does not fit.
    exhausted: counts[i]! + cost > window.limit,
  }));
  // Report the window that refused the request, else the one with the fewest units left.
  const binding = states
    .filter((state) => (allowed ? true : state.exhausted))
    .sort((a, b) => a.remaining - b.remaining || b.reset - a.reset)[0]!;
  return {
    allowed,
    policy: windows.map((window) => `${window.limit};w=${window.seconds}`).join(', '),
    limit: binding.window.limit,
    remaining: binding.remaining,
    reset: binding.reset,
  };
}

/**
 * Counters in this process's memory: the default, for a single instance. Expired windows are
 * dropped once a minute.
 * @param now the clock, milliseconds
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const counters = new Map<string, { count: number; expires: number }>();
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, counter] of counters) if (counter.expires <= at) counters.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    consume: async (identity, cost, budget) => {
      const windows = windowsOf(budget);
      if (windows.length === 0) return undefined;
      const at = now();
      const keys = windows.map((window) => counterKey(identity, window, at));
      const decision = decide(
        windows,
        keys.map((key) => counters.get(key)?.count ?? 0),
        cost,
        at,
      );
      if (decision.allowed) {
        keys.forEach((key, i) => {
          const counter = counters.get(key);
          if (counter) counter.count += cost;
          else
            counters.set(key, {
              count: cost,
              expires: (Math.floor(at / 1000 / windows[i]!.seconds) + 1) * windows[i]!.seconds * 1000,
            });
        });
      }
      return decision;
    },
    close: async () => clearInterval(sweep),
  };
}

import Redis from 'ioredis';
import { counterKey, createMemoryRateLimiter, decide, windowsOf, type RateLimiter } from './rateLimiter';

/**
 * Check-and-charge in one atomic step: reads every window's counter, charges all of them only if
 * the cost fits each, and sets a new counter's expiry to its window's end. Returns the counts
 * before the charge.
 * KEYS: the counters; ARGV: cost, then (limit, ttl seconds) per counter.
 */
const consumeScript = `
local cost = tonumber(ARGV[1])
local counts = {}
local fits = 1
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key) or '0')
  if counts[i] + cost > tonumber(ARGV[2 * i]) then fits = 0 end
end
if fits == 1 then
  for i, key in ipairs(KEYS) do
    if redis.call('INCRBY', key, cost) == cost then redis.call('EXPIRE', key, ARGV[2 * i + 1]) end
  end
end
return counts
`;

/**
 * Counters in Redis (`REDIS_URL`), so several instances enforce one budget. Commands time out after
 * `timeoutMs`; while Redis does not answer, this instance counts in its own memory (each instance
 * then enforces the budget alone) rather than refusing or waving through every request.
 *
 * @param url `redis://host:port/db`
 * @param prefix namespace of the counters' keys
 * @param log told when Redis stops and starts answering
 * @example const limiter = createRedisRateLimiter('redis://127.0.0.1:6379')
 */
export function createRedisRateLimiter(
  url: string,
  {
    prefix = 'ads:rl:',
    now = Date.now,
    timeoutMs = 500,
    log = () => {},
  }: { prefix?: string; now?: () => number; timeoutMs?: number; log?: (message: string) => void } = {},
): RateLimiter {
  // Commands wait for the connection (the offline queue) but never longer than `timeoutMs`.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs });
  redis.on('error', () => {}); // reported through `down` below; ioredis reconnects by itself
  redis.defineCommand('consumeUnits', { lua: consumeScript });
  const fallback = createMemoryRateLimiter(now);
  let down = false;
  return {
    consume: async (identity, cost, budget) => {
      const windows = windowsOf(budget);
      if (windows.length === 0) return undefined;
      const at = now();
      const keys = windows.map((window) => prefix + counterKey(identity, window, at));
      const args = windows.flatMap((window) => [window.limit, window.seconds + 1]);
      try {
        const counts = (
          await (redis as unknown as { consumeUnits(...a: unknown[]): Promise<number[]> }).consumeUnits(
            keys.length,
            ...keys,
            cost,
            ...args,
          )
        ).map(Number);
        if (down) log('Redis answers again: rate limits are shared again');
        down = false;
        return decide(windows, counts, cost, at);
      } catch (error) {
        if (!down)
          log(`Redis does not answer (${(error as Error).message}): rate limits are counted per instance meanwhile`);
        down = true;
        return fallback.consume(identity, cost, budget);
      }
    },
    close: async () => {
      await fallback.close();
      redis.disconnect();
    },
  };
}

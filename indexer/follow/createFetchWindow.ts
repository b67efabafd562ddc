// The blocks a follower fetches ahead of the one it writes: at most `size` heights from the next
// one, none past the head, each fetched once until the loop is done with it.

/** Fetches in flight, keyed by height. */
export type FetchWindow<T> = {
  /** Starts fetching the heights `from`..`from + size - 1` up to `head` that are not in flight yet. */
  fill(from: bigint, head: bigint): void;
  /** The fetch of `height` (started by fill). Its failure is seen only here, when its turn comes. */
  at(height: bigint): Promise<T>;
  /** Forgets the fetch of `height`: the next fill fetches it again. */
  drop(height: bigint): void;
  /** Forgets every fetch (a rollback, a failed write): their results are never read. */
  clear(): void;
};

/**
 * Creates the fetch-ahead window of one follower.
 * @param fetch reads the block at a height
 * @param size how many heights are fetched at once (the follower's concurrency)
 * @returns the window
 * @example
 * const window = createFetchWindow((n) => api.blockBytes('P', n), 8)
 * window.fill(next, head); const block = await window.at(next); window.drop(next)
 */
export function createFetchWindow<T>(fetch: (height: bigint) => Promise<T>, size: number): FetchWindow<T> {
  const pending = new Map<bigint, Promise<T>>();
  return {
    fill(from, head) {
      for (let n = from; n <= head && n < from + BigInt(size); n++) {
        if (pending.has(n)) continue;
        const promise = fetch(n);
        promise.catch(() => undefined); // read when its turn comes; a fetch dropped by clear() is never awaited
        pending.set(n, promise);
      }
    },
    at(height) {
      const promise = pending.get(height);
      if (!promise) throw new Error(`block ${height} is not in the fetch window`);
      return promise;
    },
    drop: (height) => {
      pending.delete(height);
    },
    clear: () => pending.clear(),
  };
}

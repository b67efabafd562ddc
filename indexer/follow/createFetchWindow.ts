// The blocks a follower fetches ahead of the one it writes. At most `concurrency` fetches are in
// flight, and as each one settles the next height starts, so the node keeps answering while the
// follower decodes and writes; at most `ahead` heights from the one last asked for are held
// (in flight or answered and not yet read), which bounds the memory. None past the head, each
// fetched once until the loop is done with it.

/** Fetches in flight or answered, keyed by height. */
export type FetchWindow<T> = {
  /**
   * Asks for the heights `from`..`from + ahead - 1` up to `head`: those not held yet start as the
   * concurrency allows, the rest as earlier fetches settle.
   */
  fill(from: bigint, head: bigint): void;
  /** The fetch of `height` (started by fill). Its failure is seen only here, when its turn comes. */
  at(height: bigint): Promise<T>;
  /** Forgets the fetch of `height`: only a fill fetches it again. */
  drop(height: bigint): void;
  /** Forgets every fetch (a rollback, a failed write): their results are never read. */
  clear(): void;
};

/** Sizes of a {@link FetchWindow}. */
export type FetchWindowSize = {
  /** Fetches in flight at once (the follower's concurrency). */
  concurrency: number;
  /** Heights held from the one last asked for. @default 4 × concurrency */
  ahead?: number;
};

/**
 * Creates the fetch-ahead window of one follower.
 * @param fetch reads the block at a height
 * @param size fetches in flight, heights held
 * @returns the window
 * @example
 * const window = createFetchWindow((n) => api.blockBytes('P', n), { concurrency: 8 })
 * window.fill(next, head); const block = await window.at(next); window.drop(next)
 */
export function createFetchWindow<T>(fetch: (height: bigint) => Promise<T>, size: FetchWindowSize): FetchWindow<T> {
  const ahead = BigInt(size.ahead ?? 4 * size.concurrency);
  const held = new Map<bigint, Promise<T>>();
  let inFlight = 0;
  /** The span the loop last asked for; `next` is where the fetches that follow a settled one go on. */
  let span: { next: bigint; end: bigint } | null = null;
  /** Heights dropped since the last fill: the fetches that follow a settled one leave them to the next fill. */
  const dropped = new Set<bigint>();

  const start = (height: bigint) => {
    inFlight++;
    const promise = fetch(height);
    held.set(height, promise);
    // Read when its turn comes; a fetch dropped by clear() is never awaited.
    promise.then(settled, settled);
  };
  const startMore = () => {
    while (span && inFlight < size.concurrency && span.next <= span.end) {
      const height = span.next++;
      if (!held.has(height) && !dropped.has(height)) start(height);
    }
  };
  function settled() {
    inFlight--;
    startMore();
  }

  return {
    fill(from, head) {
      const end = from + ahead - 1n < head ? from + ahead - 1n : head;
      span = { next: from, end };
      dropped.clear();
      startMore();
    },
    at(height) {
      const promise = held.get(height);
      if (!promise) throw new Error(`block ${height} is not in the fetch window`);
      return promise;
    },
    drop: (height) => {
      held.delete(height);
      dropped.add(height);
    },
    clear: () => {
      held.clear();
      dropped.clear();
      span = null;
    },
  };
}

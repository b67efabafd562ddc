// A follower's view of the chain head: read again only once the next block is past the head last
// read, so a backfill asks for it once per window rather than once per block.
import type { FollowerStatus } from './createFollowerControl';

/** The head as a follower sees it. */
export type HeadWatch = {
  /**
   * Whether the block at `next` exists as far as the follower knows: true while `next` is at or
   * below the head last read; otherwise reads the head again. Keeps `status.head` and
   * `status.atHead` up to date with what it read.
   */
  reaches(next: bigint): Promise<boolean>;
  /** The head last read; -1 before the first read and after forget(). */
  readonly head: bigint;
  /** Forgets the head (after a rollback, or a block the node did not have): the next check reads it. */
  forget(): void;
};

/**
 * Creates the head watch of one follower.
 * @param readHead reads the highest block to follow (the node's head less any confirmations)
 * @param status the follower's status, whose `head` (never below 0) and `atHead` it sets
 * @returns the watch
 * @example
 * const heads = createHeadWatch(() => api.height('P'), status)
 * if (!(await heads.reaches(next))) { await control.sleep(pollIntervalMs); continue }
 */
export function createHeadWatch(readHead: () => Promise<bigint>, status: FollowerStatus): HeadWatch {
  let head = -1n;
  return {
    async reaches(next) {
      if (next <= head) return true;
      head = await readHead();
      status.head = head < 0n ? 0n : head;
      status.atHead = next > head;
      return !status.atHead;
    },
    get head() {
      return head;
    },
    forget() {
      head = -1n;
    },
  };
}

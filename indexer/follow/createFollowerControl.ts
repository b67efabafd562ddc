// What every chain follower (EVM, P-Chain, X-Chain) shares: its status shape, and the run/stop
// switch of its loop, with a sleep that stop() cuts short.

/** Where a follower stands, for progress display and /metrics. */
export type FollowerStatus = {
  chainKey: string;
  /** Last written block; null before the first. */
  height: bigint | null;
  /** Head as last read (head tag minus confirmations). */
  head: bigint | null;
  /** Blocks and events (logs, transactions) written since start. */
  blocks: number;
  events: number;
  /** Reorgs handled since start. */
  reorgs: number;
  atHead: boolean;
  /**
   * An EVM chain followed at a head tag other than `latest`: how far the followed head is behind `latest`, and
   * the tag, as last read; unset otherwise.
   */
  lag?: { headTag: string; behindLatest: bigint };
};

/** A running chain follower. */
export type ChainFollower = {
  /** Follows until stopped (or, with exitAtHead, until at the head). Rejects on an unrecoverable error. */
  run(): Promise<void>;
  /** Asks the loop to stop after the block it is writing; resolves when it has. */
  stop(): Promise<void>;
  status(): FollowerStatus;
};

/** The loop's side of the switch. */
export type FollowerControl = {
  /** True once stop() was called: the loop returns at its next block boundary. */
  readonly stopping: boolean;
  /** Waits `ms`, or less if stop() is called meanwhile. */
  sleep(ms: number): Promise<void>;
  /** The follower that runs `loop` and reports `status`. */
  follower(loop: () => Promise<void>, status: FollowerStatus): ChainFollower;
};

/**
 * Creates the run/stop switch of one follower.
 * @returns the switch
 * @example
 * const control = createFollowerControl()
 * async function loop() { while (!control.stopping) { ...; await control.sleep(1000) } }
 * return control.follower(loop, status)
 */
export function createFollowerControl(): FollowerControl {
  let stopping = false;
  let wake: (() => void) | null = null;
  let running: Promise<void> | null = null;
  return {
    get stopping() {
      return stopping;
    },
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      }),
    follower: (loop, status) => ({
      run() {
        stopping = false;
        running = loop().finally(() => {
          running = null;
        });
        return running;
      },
      async stop() {
        stopping = true;
        wake?.();
        await running?.catch(() => undefined);
      },
      status: () => ({ ...status }),
    }),
  };
}

// How far a streaming replica is behind, in time: the primary's write-ahead log position is sampled
// at each check, and a replica is as far behind as the oldest sampled position it has not replayed.
// An idle primary's position does not move, so a replica that replayed it is not behind however
// long ago its last transaction was (which `now() - pg_last_xact_replay_timestamp()` would count).

/** The primary's WAL position (bytes from 0/0) at a moment (ms). */
export type WalSample = { at: number; lsn: bigint };

/** A replica's distance behind the primary. */
export type ReplicaLag =
  /** Behind by `ms` (0: it has replayed the newest sample). */
  | { known: true; ms: number }
  /** Behind every sample kept, so by at least `ms`, and by how much more no sample tells. */
  | { known: false; atLeastMs: number };

/** The primary's recent WAL positions. */
export type WalHistory = {
  /** Records a sample; samples older than the history's span are dropped, the newest of those kept. */
  add(sample: WalSample): void;
  /**
   * How far behind a replica that has replayed up to `replayed` is at `now`.
   * @example history.lagOf(replayLsn, Date.now()) // { known: true, ms: 0 }
   */
  lagOf(replayed: bigint, now: number): ReplicaLag;
};

/**
 * A history of the primary's WAL positions over `spanMs` (at least the lag bound, so a replica
 * within it is measured by a sample, not beyond every sample).
 * @param spanMs how long samples are kept
 * @returns an empty history
 * @example const history = createWalHistory(2 * maxLagMs)
 */
export function createWalHistory(spanMs: number): WalHistory {
  const samples: WalSample[] = [];
  return {
    add(sample) {
      samples.push(sample);
      // One sample older than the span stays: the oldest position a replica within the span must have.
      while (samples.length > 2 && samples[1]!.at <= sample.at - spanMs) samples.shift();
    },
    lagOf(replayed, now) {
      const behind = samples.findIndex((sample) => sample.lsn > replayed);
      if (behind < 0) return { known: true, ms: 0 };
      const ms = Math.max(0, now - samples[behind]!.at);
      // Behind the oldest sample: the replica may have been behind long before it.
      return behind === 0 ? { known: false, atLeastMs: ms } : { known: true, ms };
    },
  };
}

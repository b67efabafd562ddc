// How far the indexer is: a live line per chain on a terminal (blocks/s, events/s, ETA), plain
// periodic log lines otherwise (files, containers, CI).
import type { Logger } from '../../logging/createLoggerFactory';
import type { FollowerStatus } from '../follow/createFollowerControl';

/** Options of {@link createProgressReporter}. */
export type ProgressOptions = {
  logger: Logger;
  statuses: () => FollowerStatus[];
  /** A terminal to redraw on; unset: log lines. @default process.stderr when it is a TTY */
  tty?: NodeJS.WriteStream | null;
  /** Between log lines when not on a terminal. @default 10000 */
  intervalMs?: number;
};

/** A running reporter. */
export type ProgressReporter = { stop(): void };

/**
 * One chain's progress in words.
 * @param status the follower's status
 * @param previous the status one interval ago
 * @param seconds the interval
 * @returns e.g. `evm:31337 1200/5000 (24.0%) 310 blocks/s 2900 events/s ETA 12s`
 * @example progressLine(now, before, 10)
 */
export function progressLine(status: FollowerStatus, previous: FollowerStatus | undefined, seconds: number): string {
  // No head read yet (an unreachable node, or a start still under way): no count and no percentage to show.
  if (status.head === null)
    return `${status.chainKey} ${status.height === null ? '-' : status.height}/? (head unknown: waiting for the node)`;
  const blocksPerSecond = previous ? (status.blocks - previous.blocks) / seconds : 0;
  const eventsPerSecond = previous ? (status.events - previous.events) / seconds : 0;
  const height = status.height ?? -1n;
  const head = status.head;
  const remaining = head > height ? Number(head - height) : 0;
  const percent = head > 0n ? Math.min(100, (Number(height + 1n) / Number(head + 1n)) * 100) : 100;
  const eta = status.atHead
    ? 'at head'
    : blocksPerSecond > 0
      ? `ETA ${formatSeconds(remaining / blocksPerSecond)}`
      : 'ETA ?';
  const lag = lagNote(status);
  return `${status.chainKey} ${height < 0n ? '-' : height}/${head} (${percent.toFixed(1)}%) ${blocksPerSecond.toFixed(1)} blocks/s ${eventsPerSecond.toFixed(1)} events/s ${eta}${status.reorgs ? ` reorgs ${status.reorgs}` : ''}${lag ? `; ${lag}` : ''}`;
}

/** Beyond this many blocks behind `latest`, the followed head is said to lag (a dev chain's `finalized`). */
export const HEAD_LAG_NOTE_BLOCKS = 32n;

/**
 * What a follower's head tag leaves out, in words, when its head is more than {@link HEAD_LAG_NOTE_BLOCKS} behind `latest`.
 * @param status the follower's status
 * @returns e.g. `head tag "finalized" is 64 blocks behind latest (set headTag to "latest" to index them)`, or null
 * @example lagNote({ ...status, lag: { headTag: 'finalized', behindLatest: 64n } })
 */
export function lagNote(status: FollowerStatus): string | null {
  if (!status.lag || status.lag.behindLatest <= HEAD_LAG_NOTE_BLOCKS) return null;
  return `head tag "${status.lag.headTag}" is ${status.lag.behindLatest} blocks behind latest (set headTag to "latest" to index them)`;
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${Math.round(s % 60)}s`;
  return `${Math.floor(s / 3600)}h${Math.round((s % 3600) / 60)}m`;
}

/**
 * Starts reporting.
 * @param options logger, statuses, terminal
 * @returns the reporter; `stop()` ends it
 * @example const progress = createProgressReporter({ logger, statuses: () => followers.map((f) => f.status()) })
 */
export function createProgressReporter(options: ProgressOptions): ProgressReporter {
  const tty = options.tty === undefined ? (process.stderr.isTTY ? process.stderr : null) : options.tty;
  const intervalMs = tty ? 1000 : (options.intervalMs ?? 10_000);
  let previous = new Map<string, FollowerStatus>();
  let drawn = 0;
  const timer = setInterval(() => {
    const statuses = options.statuses();
    const lines = statuses.map((s) => progressLine(s, previous.get(s.chainKey), intervalMs / 1000));
    if (tty) {
      // Redraw the block of lines in place.
      if (drawn > 0) tty.write(`\x1b[${drawn}A`);
      for (const line of lines) tty.write(`\x1b[2K${line}\n`);
      drawn = lines.length;
    } else {
      for (const [i, line] of lines.entries()) {
        const s = statuses[i]!;
        const before = previous.get(s.chainKey);
        if (!s.atHead || !before?.atHead || s.blocks !== before.blocks)
          options.logger.info(line, { chain: s.chainKey });
      }
    }
    previous = new Map(statuses.map((s) => [s.chainKey, s]));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

// Block times of a generated EVM chain. Blocks come in bursts of ten, about 2 s apart (1-3 s),
// and the bursts are spread over the 35 days before DEMO_NOW, so every metric interval (hour,
// day, week, month) has several points. Past about scale 150 the bursts touch and the chain is
// continuous. Any block's time is computed directly from its index (no state), so other
// generators (teleporter delivery, atomic C-Chain transactions) can look times up.
import { DAY, DEMO_NOW } from '../constants';

/** Time layout of one chain's generated blocks. */
export type Timeline = {
  /** Number of generated blocks. */
  count: number;
  /** Height of the first generated block. */
  firstBlock: bigint;
  /** Time of the first block. */
  startTime: number;
  /** Unix time of block index `i` (0-based within the generated range); strictly increasing. */
  timestampOf(i: number): number;
  /** First block index with a time at or after `time`, or `count` when none. */
  indexAtOrAfter(time: number): number;
};

/** Blocks per burst. */
const BURST = 10;
/** Time covered by the generated blocks, unless they need longer at 1-3 s per block. */
export const EVM_SPAN = 35 * DAY;

/**
 * A 32-bit integer hash (murmur3 finalizer over seed and n).
 * @param seed stream seed
 * @param n input
 * @returns unsigned 32-bit value
 * @example mix32(1, 2)
 */
export function mix32(seed: number, n: number): number {
  let h = Math.imul(seed ^ Math.imul(n, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The timeline of a chain with `count` blocks starting at height `firstBlock`.
 * @param key chain key (seeds the burst offsets)
 * @param count number of blocks
 * @param firstBlock first height
 * @param span seconds the bursts are spread over (the metrics benchmark asks for a year) @default EVM_SPAN
 * @returns the timeline
 * @example createTimeline('c-chain', 10_000, 71_000_000n).timestampOf(0)
 */
export function createTimeline(key: string, count: number, firstBlock: bigint, span: number = EVM_SPAN): Timeline {
  let seed = 2166136261;
  for (let i = 0; i < key.length; i++) seed = Math.imul(seed ^ key.charCodeAt(i), 16777619) >>> 0;
  const bursts = Math.ceil(count / BURST);
  const slot = Math.max(2 * BURST + 4, Math.floor(span / bursts));
  const end = DEMO_NOW - 120;
  const start = end - bursts * slot;
  const freedom = slot - 2 * BURST - 2;
  const timestampOf = (i: number) => {
    const k = Math.floor(i / BURST);
    const offset = mix32(seed, k) % (freedom + 1);
    return start + k * slot + offset + 2 * (i % BURST) + (mix32(seed ^ 0x5bd1e995, i) & 1);
  };
  return {
    count,
    firstBlock,
    startTime: timestampOf(0),
    timestampOf,
    indexAtOrAfter(time) {
      let lo = 0;
      let hi = count;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (timestampOf(mid) < time) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

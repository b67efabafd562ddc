// The only source of randomness of the demo data: a seeded sfc32 generator. Math.random is never
// used, so the same label always yields the same rows, byte for byte, on every machine.
import { sha256 } from '@noble/hashes/sha2.js';

/** A deterministic pseudo-random stream. */
export type Random = {
  /** Next 32-bit unsigned integer. */
  u32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with the given relative weights (same length as `items`). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** Exponentially distributed float with the given mean. */
  exp(mean: number): number;
  /** Uniform bigint in [min, max], both inclusive. */
  bigint(min: bigint, max: bigint): bigint;
  /** `n` random bytes. */
  bytes(n: number): Uint8Array;
  /** `n` random bytes as lower-case hex, without prefix. */
  hex(n: number): string;
  /** An independent stream derived from this one's seed and `label`. */
  fork(label: string): Random;
};

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Creates a stream seeded from a text label: equal labels give equal streams.
 * @param label seed text, e.g. `mainnet/validators`
 * @returns the stream
 * @example
 * const rng = createRandom('demo/evm/43114')
 * rng.int(1, 6) // always the same sequence for this label
 */
export function createRandom(label: string): Random {
  const digest = sha256(new TextEncoder().encode(label));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12) | 1;

  const u32 = (): number => {
    // sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): fast, passes PractRand.
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so that similar labels do not start with correlated outputs.
  for (let i = 0; i < 12; i++) u32();

  const float = () => u32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  const bytes = (n: number) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const word = u32();
      out[i] = word >>> 24;
      if (i + 1 < n) out[i + 1] = (word >>> 16) & 0xff;
      if (i + 2 < n) out[i + 2] = (word >>> 8) & 0xff;
      if (i + 3 < n) out[i + 3] = word & 0xff;
    }
    return out;
  };
  const rng: Random = {
    u32,
    float,
    int,
    chance: (p) => float() < p,
    pick: (items) => items[Math.floor(float() * items.length)]!,
    weighted: (items, weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let x = float() * total;
      for (let i = 0; i < items.length; i++) {
        x -= weights[i]!;
        if (x < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    },
    exp: (mean) => -Math.log(1 - float()) * mean,
    bigint: (min, max) => {
      const span = max - min + 1n;
      let acc = 0n;
      // 64 extra bits make the modulo bias negligible for any span used here.
      const words = Math.ceil(span.toString(2).length / 32) + 2;
      for (let i = 0; i < words; i++) acc = (acc << 32n) | BigInt(u32());
      return min + (acc % span);
    },
    bytes,
    hex: (n) => {
      let out = '';
      for (const byte of bytes(n)) out += HEX[byte];
      return out;
    },
    fork: (child) => createRandom(`${label}/${child}`),
  };
  return rng;
}

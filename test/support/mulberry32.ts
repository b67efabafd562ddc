/**
 * mulberry32: a small seeded generator, so a test's made-up history is the same on every run.
 * @param seed any 32-bit integer
 * @returns the next number in [0, 1) at each call
 * @example const rand = mulberry32(43114); rand() // 0.…
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

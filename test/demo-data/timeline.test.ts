import { DEMO_NOW } from '../../demo-data/constants';
import { createTimeline, EVM_SPAN } from '../../demo-data/evm/timeline';

describe('evm/timeline', () => {
  test('block times strictly increase 1-3 s apart within bursts and end before DEMO_NOW', () => {
    const timeline = createTimeline('test', 10_000, 1n);
    let previous = timeline.timestampOf(0);
    let gaps = 0;
    for (let i = 1; i < timeline.count; i++) {
      const t = timeline.timestampOf(i);
      expect(t).toBeGreaterThan(previous);
      if (t - previous <= 3) gaps++;
      previous = t;
    }
    expect(previous).toBeLessThan(DEMO_NOW);
    expect(gaps / timeline.count).toBeGreaterThan(0.85);
    expect(previous - timeline.startTime).toBeGreaterThan(EVM_SPAN * 0.95);
  });

  test('a large scale makes the chain continuous and longer than the span', () => {
    const timeline = createTimeline('test', 2_000_000, 1n);
    expect(timeline.timestampOf(1) - timeline.timestampOf(0)).toBeLessThanOrEqual(3);
    expect(timeline.timestampOf(timeline.count - 1) - timeline.startTime).toBeGreaterThan(EVM_SPAN);
  });

  test('indexAtOrAfter() finds the first block at or after a time', () => {
    const timeline = createTimeline('lookup', 5_000, 100n);
    for (const i of [0, 1, 17, 2500, 4999]) {
      const t = timeline.timestampOf(i);
      expect(timeline.indexAtOrAfter(t)).toBe(i);
      expect(timeline.indexAtOrAfter(t + 1)).toBe(i + 1);
    }
    expect(timeline.indexAtOrAfter(DEMO_NOW)).toBe(5_000);
  });
});

import type { FollowerStatus } from '../../indexer/follow/createFollowerControl';
import { createHeadWatch } from '../../indexer/follow/createHeadWatch';

const freshStatus = (): FollowerStatus => ({
  chainKey: 'test',
  height: null,
  head: null,
  blocks: 0,
  events: 0,
  reorgs: 0,
  atHead: false,
});

/** A node whose head is whatever `heads` holds next (the last value repeats), counting the reads. */
const node = (...heads: bigint[]) => {
  let reads = 0;
  return {
    readHead: async () => heads[Math.min(reads++, heads.length - 1)]!,
    reads: () => reads,
  };
};

describe('createHeadWatch()', () => {
  test('reads the head only once the next block is past the head last read', async () => {
    const chain = node(5n, 9n);
    const heads = createHeadWatch(chain.readHead, freshStatus());
    expect(heads.head).toBe(-1n);
    expect(await heads.reaches(0n)).toBe(true);
    expect(await heads.reaches(5n)).toBe(true);
    expect(chain.reads()).toBe(1);
    expect(await heads.reaches(6n)).toBe(true);
    expect(chain.reads()).toBe(2);
    expect(heads.head).toBe(9n);
  });

  test('at the head: false, and the status says so; below it again: true and not at the head', async () => {
    const status = freshStatus();
    const heads = createHeadWatch(node(3n, 4n).readHead, status);
    expect(await heads.reaches(4n)).toBe(false);
    expect(status).toMatchObject({ head: 3n, atHead: true });
    expect(await heads.reaches(4n)).toBe(true);
    expect(status).toMatchObject({ head: 4n, atHead: false });
  });

  test('forget() makes the next check read the head again', async () => {
    const chain = node(8n);
    const heads = createHeadWatch(chain.readHead, freshStatus());
    await heads.reaches(1n);
    heads.forget();
    expect(heads.head).toBe(-1n);
    await heads.reaches(1n);
    expect(chain.reads()).toBe(2);
  });

  test('a head below 0 (fewer blocks than confirmations) shows as 0 and reaches nothing', async () => {
    const status = freshStatus();
    const heads = createHeadWatch(node(-3n).readHead, status);
    expect(await heads.reaches(0n)).toBe(false);
    expect(status).toMatchObject({ head: 0n, atHead: true });
  });
});

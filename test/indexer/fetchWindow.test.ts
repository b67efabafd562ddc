import { createFetchWindow } from '../../indexer/follow/createFetchWindow';

/** A fetch that records the heights asked for and answers each with its height doubled. */
const recording = () => {
  const asked: bigint[] = [];
  const fetch = async (n: bigint) => {
    asked.push(n);
    return n * 2n;
  };
  return { asked, fetch };
};

describe('createFetchWindow()', () => {
  test('fill() fetches `size` heights from `from`, none past the head', () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, 4);
    ahead.fill(10n, 100n);
    expect(asked).toEqual([10n, 11n, 12n, 13n]);
    const short = recording();
    createFetchWindow(short.fetch, 4).fill(10n, 11n);
    expect(short.asked).toEqual([10n, 11n]);
  });

  test('a height in flight is fetched once, however often the window slides over it', async () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, 3);
    ahead.fill(1n, 100n);
    await expect(ahead.at(1n)).resolves.toBe(2n);
    ahead.drop(1n);
    ahead.fill(2n, 100n);
    expect(asked).toEqual([1n, 2n, 3n, 4n]);
  });

  test('drop() and clear() make the next fill fetch again', () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, 2);
    ahead.fill(1n, 100n);
    ahead.drop(2n);
    ahead.fill(1n, 100n);
    ahead.clear();
    ahead.fill(1n, 100n);
    expect(asked).toEqual([1n, 2n, 2n, 1n, 2n]);
  });

  test('a failed fetch rejects only when read, and a cleared one never', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const ahead = createFetchWindow(async (n) => {
        throw new Error(`no block ${n}`);
      }, 2);
      ahead.fill(1n, 100n);
      await expect(ahead.at(1n)).rejects.toThrow('no block 1');
      ahead.clear();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  test('at() of a height never filled is a programming error', () => {
    expect(() => createFetchWindow(async (n) => n, 2).at(5n)).toThrow('block 5 is not in the fetch window');
  });
});

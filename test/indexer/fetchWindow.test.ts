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
  test('fill() starts `concurrency` heights from `from`, none past the head', () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, { concurrency: 4, ahead: 4 });
    ahead.fill(10n, 100n);
    expect(asked).toEqual([10n, 11n, 12n, 13n]);
    const short = recording();
    createFetchWindow(short.fetch, { concurrency: 4 }).fill(10n, 11n);
    expect(short.asked).toEqual([10n, 11n]);
  });

  test('a height in flight is fetched once, however often the window slides over it', async () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, { concurrency: 3, ahead: 3 });
    ahead.fill(1n, 100n);
    await expect(ahead.at(1n)).resolves.toBe(2n);
    ahead.drop(1n);
    ahead.fill(2n, 100n);
    expect(asked).toEqual([1n, 2n, 3n, 4n]);
  });

  test('drop() and clear() make the next fill fetch again, once the slots are free', async () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, { concurrency: 2, ahead: 2 });
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    ahead.fill(1n, 100n);
    await settled();
    ahead.drop(2n);
    ahead.fill(1n, 100n);
    await settled();
    ahead.clear();
    ahead.fill(1n, 100n);
    expect(asked).toEqual([1n, 2n, 2n, 1n, 2n]);
  });

  test('a failed fetch rejects only when read, and a cleared one never', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const ahead = createFetchWindow(
        async (n) => {
          throw new Error(`no block ${n}`);
        },
        { concurrency: 2 },
      );
      ahead.fill(1n, 100n);
      await expect(ahead.at(1n)).rejects.toThrow('no block 1');
      ahead.clear();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  test('as a fetch settles the next height starts, up to `ahead` heights from the last fill', async () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, { concurrency: 2, ahead: 5 });
    ahead.fill(1n, 100n);
    expect(asked).toEqual([1n, 2n]);
    await ahead.at(2n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1n, 2n, 3n, 4n, 5n]);
    ahead.drop(1n);
    ahead.fill(2n, 100n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
  });

  test('never more than `concurrency` fetches in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const ahead = createFetchWindow(
      async (n) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, Number(n % 3n)));
        inFlight--;
        return n;
      },
      { concurrency: 3, ahead: 12 },
    );
    for (let n = 1n; n <= 40n; n++) {
      ahead.fill(n, 40n);
      await expect(ahead.at(n)).resolves.toBe(n);
      ahead.drop(n);
    }
    expect(most).toBe(3);
  });

  test('a dropped height is fetched again only by a fill, not as others settle', async () => {
    const { asked, fetch } = recording();
    const ahead = createFetchWindow(fetch, { concurrency: 1, ahead: 3 });
    ahead.fill(1n, 100n);
    ahead.drop(1n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1n, 2n, 3n]);
    ahead.fill(1n, 100n);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1n, 2n, 3n, 1n]);
  });

  test('at() of a height never filled is a programming error', () => {
    expect(() => createFetchWindow(async (n) => n, { concurrency: 2 }).at(5n)).toThrow(
      'block 5 is not in the fetch window',
    );
  });
});

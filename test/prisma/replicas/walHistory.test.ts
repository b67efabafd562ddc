// A replica's lag from the primary's sampled WAL positions: as far behind as the oldest sample it
// has not replayed, unknown when it has replayed none of them.
import { createWalHistory } from '../../../prisma/replicas/walHistory';

describe('createWalHistory lagOf', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 2_000, lsn: 100n },
    { at: 3_000, lsn: 250n },
    { at: 4_000, lsn: 400n },
  ];
  const history = () => {
    const h = createWalHistory(60_000);
    for (const sample of samples) h.add(sample);
    return h;
  };

  it.each([
    ['replayed the newest position: not behind', 400n, { known: true, ms: 0 }],
    ['beyond the newest position (written since the sample): not behind', 500n, { known: true, ms: 0 }],
    ['missing the newest position: behind since it was sampled', 399n, { known: true, ms: 1_500 }],
    ['missing the last two: behind since the older one', 250n - 1n, { known: true, ms: 2_500 }],
    ['at the idle position every older sample shows: behind only since it moved', 100n, { known: true, ms: 2_500 }],
    ['missing even the oldest sample: at least that far, no more known', 99n, { known: false, atLeastMs: 4_500 }],
  ])('%s', (_, replayed, lag) => {
    expect(history().lagOf(replayed, 5_500)).toEqual(lag);
  });

  it('an idle primary: a replica at its one position is not behind however long it stays idle', () => {
    const h = createWalHistory(10_000);
    for (let at = 0; at <= 100_000; at += 1_000) h.add({ at, lsn: 7n });
    expect(h.lagOf(7n, 100_000)).toEqual({ known: true, ms: 0 });
  });

  it('keeps the span and one sample older: a replica behind all of them is beyond the span', () => {
    const h = createWalHistory(3_000);
    for (let at = 0; at <= 10_000; at += 1_000) h.add({ at, lsn: BigInt(at) });
    // The samples kept run from 7,000 (the newest older than the span) to 10,000.
    expect(h.lagOf(6_999n, 10_000)).toEqual({ known: false, atLeastMs: 3_000 });
    expect(h.lagOf(7_000n, 10_000)).toEqual({ known: true, ms: 2_000 });
  });
});

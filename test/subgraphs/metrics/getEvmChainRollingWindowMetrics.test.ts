// Rolling windows of every chain metric against a brute-force recomputation from the raw rows, for
// total, mainnet, testnet and one chain, at several "now"s: inside the history (windows cut it), at
// a window's edge (a block's hour entering and leaving the window), and after its end.
import { countBlockMetrics } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { writeBlock } from '../../../prisma/write';
import { insertSubnetFixture } from '../../fixtures/subnets';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { readRaw } from './fixtures/bruteForceMetrics';
import { bruteForceWindows, WINDOW_METRICS, WINDOWS, type WindowMetric } from './fixtures/bruteForceWindows';
import { chainBlocks, insertMetricChains, METRIC_CHAINS } from './fixtures/metricChains';

let db: Database;
let service: TestService;
let raw: Awaited<ReturnType<typeof readRaw>>;
let now = 0;
const SCOPES = ['total', 'mainnet', 'testnet', METRIC_CHAINS[0].chainId.toString()];

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertMetricChains(db);
  for (const chain of METRIC_CHAINS)
    for (const block of chainBlocks(chain, chain === METRIC_CHAINS[2] ? 90 : 120))
      await writeBlock(db, block, { beforeRows: countBlockMetrics });
  raw = await readRaw(db);
  service = await startTestService(db, { clock: () => now });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

/** Same windows, and values equal (counts exactly; ratios to 1e-9 relative). */
function expectSameWindows(actual: Record<string, number>, expected: Record<string, number>, label: string): void {
  expect({ label, windows: Object.keys(actual).sort() }).toEqual({ label, windows: Object.keys(expected).sort() });
  for (const [name, value] of Object.entries(expected)) {
    const got = actual[name]!;
    if (Math.abs(got - value) > 1e-9 * Math.max(1, Math.abs(value)))
      expect({ label, name, value: got }).toEqual({ label, name, value });
  }
}

async function windowsAt(at: number, scope: string, metric: WindowMetric) {
  now = at;
  const { status, body } = await service.request(`/v2/chains/${scope}/rollingWindowMetrics/${metric}`);
  expect({ status, members: Object.keys(body) }).toEqual({ status: 200, members: ['result'] });
  return body.result as Record<string, number>;
}

/** The "now"s of the cases: the history's last block, later, and inside it. */
function nows(): Record<string, number> {
  const times = raw.blocks.map((b) => b.ts).sort((x, y) => x - y);
  const last = times[times.length - 1]!;
  return {
    'at the last block': last,
    'ten days after the last block': last + 10 * 86_400 + 1234,
    'inside the history': times[Math.floor(times.length * 0.6)]! + 17,
  };
}

describe('GET /v2/chains/{chainId}/rollingWindowMetrics/{metric}', () => {
  it('the history spans more than a week, so windows cut it', () => {
    const times = raw.blocks.map((b) => b.ts);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(WINDOWS.lastWeek);
  });

  const cases = ['at the last block', 'ten days after the last block', 'inside the history'].flatMap((when) =>
    SCOPES.flatMap((scope) => WINDOW_METRICS.map((metric) => [when, scope, metric] as const)),
  );
  it.each(cases)('%s: %s %s equals the brute-force recomputation', async (when, scope, metric) => {
    const at = nows()[when]!;
    expectSameWindows(
      await windowsAt(at, scope, metric),
      bruteForceWindows(raw, scope, metric, at),
      `${scope} ${metric}`,
    );
  });

  it("a block's hour is in the window while the window starts at or before it, and leaves it an hour later", async () => {
    const block = raw.blocks.find((b) => b.chain === METRIC_CHAINS[0].chainId.toString() && b.txCount > 0)!;
    const hour = block.ts - (block.ts % 3600);
    const entering = hour + WINDOWS.lastDay + 59;
    const leaving = hour + WINDOWS.lastDay + 3600;
    const scope = block.chain;
    const inside = await windowsAt(entering, scope, 'txCount');
    const outside = await windowsAt(leaving, scope, 'txCount');
    expectSameWindows(inside, bruteForceWindows(raw, scope, 'txCount', entering), 'entering');
    expectSameWindows(outside, bruteForceWindows(raw, scope, 'txCount', leaving), 'leaving');
    const txsOfHour = raw.txs.filter((t) => {
      const b = raw.blocks.find((x) => x.chain === t.chain && x.number === t.number)!;
      return t.chain === scope && b.ts - (b.ts % 3600) === hour;
    }).length;
    expect(txsOfHour).toBeGreaterThan(0);
    // The hour leaves lastDay; the hour after the window's end came in (it may hold blocks too).
    const cameIn = raw.txs.filter((t) => {
      const b = raw.blocks.find((x) => x.chain === t.chain && x.number === t.number)!;
      return t.chain === scope && b.ts - (b.ts % 3600) === leaving - (leaving % 3600);
    }).length;
    expect(outside.lastDay).toBe(inside.lastDay! - txsOfHour + cameIn);
  });

  it('active addresses and senders have the last hour, day and week only; deployers no last hour', async () => {
    const at = nows()['at the last block']!;
    expect(Object.keys(await windowsAt(at, 'total', 'activeAddresses')).sort()).toEqual(
      ['lastDay', 'lastHour', 'lastWeek'].sort(),
    );
    expect(Object.keys(await windowsAt(at, 'total', 'deployers'))).not.toContain('lastHour');
  });

  it('a scope without blocks has zero sums and no maxima or averages', async () => {
    const before = Math.min(...raw.blocks.map((b) => b.ts)) - 400 * 86_400;
    expect(await windowsAt(before, 'total', 'txCount')).toEqual({
      lastHour: 0,
      lastDay: 0,
      lastWeek: 0,
      lastMonth: 0,
      last90Days: 0,
      lastYear: 0,
      allTime: raw.txs.length,
    });
    expect(await windowsAt(before, 'testnet', 'maxGasPrice')).toEqual({
      allTime: bruteForceWindows(raw, 'testnet', 'maxGasPrice', before).allTime,
    });
  });

  it('an unknown EVM chain is 404, an unknown metric 400, with the error body', async () => {
    expect(await service.request('/v2/chains/1/rollingWindowMetrics/txCount')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'chain 1 is not indexed by this service' },
    });
    const { status, body } = await service.request('/v2/chains/total/rollingWindowMetrics/cumulativeTxCount');
    expect({ status, error: body.error }).toEqual({ status: 400, error: 'Bad Request' });
  });
});

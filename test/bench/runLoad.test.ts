// The benches' load runner (bench/shared/runLoad.ts) and measuring loop (measureTargets.ts) against
// servers of this test on 127.0.0.1: what they count, how they read latency, how bursts take turns
// and merge. No timing is judged beyond the server's own delay, which every answer must wait for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureTargets } from '../../bench/shared/measureTargets';
import {
  formatLatency,
  mergeLoads,
  runLoad,
  stopLoad,
  type LoadTarget,
  type TimedLoadResult,
} from '../../bench/shared/runLoad';

/** A server answering `body` after `delayMs`, counting the answers it sent and noting when each came. */
async function startServer(body: string, delayMs: number) {
  let answered = 0;
  const times: number[] = [];
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      answered++;
      times.push(Date.now());
      response.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    answered: () => answered,
    times,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const target = (url: string, expectBody: string): LoadTarget => ({
  name: 'test',
  kind: 'pg',
  url,
  method: 'GET',
  expectBody,
});

describe('runLoad', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  afterEach(() => server.close());

  it('latency: percentiles keep fractions of a millisecond, and no answer is faster than the server let it be', async () => {
    server = await startServer('ok', 3);
    const result = await runLoad(target(server.url, 'ok'), { connections: 2, seconds: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.requests).toBeLessThanOrEqual(server.answered());
    expect(result.failures).toEqual({ errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 });
    // Timers wait at least their delay, so every answer took 3 ms or more.
    expect(result.p50).toBeGreaterThanOrEqual(3);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50!);
    // Whole milliseconds were autocannon's own histogram's unit; a measured time is never exactly one.
    expect(Number.isInteger(result.p50)).toBe(false);
  });

  it('failures: an answer with another body counts as a mismatch', async () => {
    server = await startServer('not what was expected', 0);
    const result = await runLoad(target(server.url, 'ok'), { connections: 2, seconds: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.failures.mismatches).toBe(result.requests);
  });

  it('stopLoad: ends the run in progress, which resolves with what it measured', async () => {
    server = await startServer('ok', 0);
    const run = runLoad(target(server.url, 'ok'), { connections: 2, seconds: 60 });
    setTimeout(stopLoad, 500);
    const result = await run;
    expect(result.requests).toBeGreaterThan(0);
    expect(result.failures.mismatches).toBe(0);
  });
});

/** A run's result as runLoad gives it, with these answer times. */
function run(
  seconds: number,
  latencies: number[],
  failures = { errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 },
): TimedLoadResult {
  return {
    seconds,
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    p50: null,
    p99: null,
    failures,
    latencies: Float64Array.from(latencies).sort(),
  };
}

describe('mergeLoads', () => {
  it('throughput: every request over every second of every run', () => {
    const merged = mergeLoads([run(2, [1, 1, 1, 1]), run(1, [5])]);
    expect(merged.requests).toBe(5);
    expect(merged.seconds).toBe(3);
    expect(merged.requestsPerSecond).toBeCloseTo(5 / 3, 12);
  });

  it('percentiles: nearest rank over the answers of all runs together, not an average of the runs', () => {
    // 100 answers: 1 … 100 ms, split unevenly; the 50th is 50 ms and the 99th 99 ms.
    const times = Array.from({ length: 100 }, (_, i) => i + 1);
    const merged = mergeLoads([
      run(
        1,
        times.filter((t) => t % 3 === 0),
      ),
      run(
        1,
        times.filter((t) => t % 3 !== 0),
      ),
    ]);
    expect(merged.p50).toBe(50);
    expect(merged.p99).toBe(99);
  });

  it('failures: added up by kind', () => {
    const merged = mergeLoads([
      run(1, [1], { errors: 1, timeouts: 0, non2xx: 2, mismatches: 0 }),
      run(1, [1], { errors: 0, timeouts: 3, non2xx: 0, mismatches: 4 }),
    ]);
    expect(merged.failures).toEqual({ errors: 1, timeouts: 3, non2xx: 2, mismatches: 4 });
  });

  it('percentiles: null when no run got a 2xx answer (a path slower than the timeout), so tables show a dash', () => {
    const merged = mergeLoads([
      run(2, [], { errors: 0, timeouts: 10, non2xx: 0, mismatches: 0 }),
      run(2, [], { errors: 0, timeouts: 10, non2xx: 0, mismatches: 0 }),
    ]);
    expect({ p50: merged.p50, p99: merged.p99, requestsPerSecond: merged.requestsPerSecond }).toEqual({
      p50: null,
      p99: null,
      requestsPerSecond: 0,
    });
    expect([formatLatency(merged.p50), formatLatency(1.234)]).toEqual(['—', '1.23']);
  });
});

describe('measureTargets', () => {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers.length = 0;
  });

  it('rounds: the targets take turns, each measured in as many bursts, merged into one measurement per target', async () => {
    servers.push(await startServer('a', 0), await startServer('b', 0));
    const [a, b] = servers as [Awaited<ReturnType<typeof startServer>>, Awaited<ReturnType<typeof startServer>>];
    const measured = await measureTargets(
      [target(a.url, 'a'), target(b.url, 'b')],
      { warmup: 0, duration: 1.5, rounds: 3, connections: 1 },
      { idle: async () => {} },
    );
    expect(measured.map((m) => m.target.expectBody)).toEqual(['a', 'b']);
    for (const [m, server] of [
      [measured[0]!, a],
      [measured[1]!, b],
    ] as const) {
      expect(m.load.failures).toEqual({ errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 });
      expect(m.load.requests).toBeGreaterThan(0);
      expect(m.load.requests).toBeLessThanOrEqual(server.answered());
      expect('latencies' in m.load).toBe(false);
    }
    // Taking turns: a's answers fall in three stretches with b's between them (a, b, a, b, a, b).
    const stretches = [...a.times.map((t) => ({ t, by: 'a' })), ...b.times.map((t) => ({ t, by: 'b' }))]
      .sort((x, y) => x.t - y.t)
      .filter((answer, i, answers) => i === 0 || answers[i - 1]!.by !== answer.by)
      .map((answer) => answer.by);
    expect(stretches).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });
});

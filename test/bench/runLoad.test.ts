// The benches' load runner (bench/shared/runLoad.ts) against a server of this test on 127.0.0.1:
// what it counts and how it reads latency. No timing is judged beyond the server's own delay,
// which every answer must wait for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad, stopLoad, type LoadTarget } from '../../bench/shared/runLoad';

/** A server answering `body` after `delayMs`, counting the answers it sent. */
async function startServer(body: string, delayMs: number) {
  let answered = 0;
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      answered++;
      response.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const target = (url: string, expectBody: string): LoadTarget => ({ name: 'test', kind: 'pg', url, method: 'GET', expectBody });

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
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
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

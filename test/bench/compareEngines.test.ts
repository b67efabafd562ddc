// PGlite beside PostgreSQL (bench/suite/compareEngines.ts) against two servers of this test on
// 127.0.0.1 standing in for the two services: which requests are compared, what counts as a
// failure, and how the ratio is taken. No timing is judged beyond the servers' own delays.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareEngines } from '../../bench/suite/compareEngines';

/** A service stand-in: answers per path, after `delayMs`; counts answers per path. */
async function startServer(answers: Record<string, { status?: number; body: string }>, delayMs: number) {
  const answered = new Map<string, number>();
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      const answer = answers[request.url!] ?? { status: 404, body: 'no such path' };
      answered.set(request.url!, (answered.get(request.url!) ?? 0) + 1);
      response.statusCode = answer.status ?? 200;
      response.end(answer.body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: (path: string) => answered.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const request = (group: string, path: string, connections = 1) => ({
  group,
  pageSize: 10,
  connections,
  request: { method: 'GET' as const, path },
});

describe('compareEngines', () => {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('measures each request answered by both, PostgreSQL over PGlite in req/s; answers that differ are a failure, a refused request is left out', async () => {
    const postgres = await startServer(
      { '/same': { body: 'x' }, '/differs': { body: 'on postgres' }, '/refused': { body: 'y' } },
      0,
    );
    // The stand-in for PGlite answers later: it serves fewer requests a second over one connection.
    const pglite = await startServer(
      { '/same': { body: 'x' }, '/differs': { body: 'on pglite' }, '/refused': { status: 500, body: 'boom' } },
      40,
    );
    servers.push(postgres, pglite);
    const comparison = await compareEngines(
      { postgres: postgres.baseUrl, pglite: pglite.baseUrl },
      [request('same', '/same'), request('differs', '/differs'), request('refused', '/refused')],
      { warmup: 1, duration: 1, rounds: 2, connections: 1 },
    );
    expect(comparison.failures).toEqual([
      'differs pageSize=10: PostgreSQL and PGlite answer differently on the same data',
      'refused pageSize=10: PGlite answered 500; not compared',
    ]);
    expect(comparison.pairs.map((pair) => pair.group)).toEqual(['same', 'differs']);
    for (const pair of comparison.pairs) {
      // Each engine's answers are checked against its own first answer: none mismatched.
      for (const load of [pair.postgres, pair.pglite])
        expect(load.failures).toEqual({ errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 });
      expect(pair.ratio).toBeCloseTo(pair.postgres.requestsPerSecond / pair.pglite.requestsPerSecond, 10);
      // One connection waiting 40 ms an answer on PGlite's side: at most 25 a second there, far more on
      // the other even on a machine busy with other tests.
      expect(pair.pglite.requestsPerSecond).toBeLessThanOrEqual(25);
      expect(pair.ratio).toBeGreaterThan(1);
    }
    // Beside its first answer and the measured ones, each served the warm-up; the refused request was asked once only.
    const [same] = comparison.pairs;
    for (const [server, measured] of [
      [postgres, same!.postgres.requests],
      [pglite, same!.pglite.requests],
    ] as const) {
      expect(server.answered('/same')).toBeGreaterThan(1 + measured);
      expect(server.answered('/refused')).toBe(1);
    }
  });

  it("loads each request from its own connections, not the plan's", async () => {
    const answers = { '/one': { body: 'x' }, '/six': { body: 'x' } };
    // Both stand-ins wait 40 ms an answer: at most 25 a second per connection.
    const [postgres, pglite] = [await startServer(answers, 40), await startServer(answers, 40)];
    servers.push(postgres!, pglite!);
    const comparison = await compareEngines(
      { postgres: postgres!.baseUrl, pglite: pglite!.baseUrl },
      [request('one', '/one', 1), request('six', '/six', 6)],
      { warmup: 0, duration: 1, rounds: 1, connections: 3 },
    );
    const [one, six] = comparison.pairs;
    expect([one!.connections, six!.connections]).toEqual([1, 6]);
    for (const engine of ['postgres', 'pglite'] as const) {
      expect(one![engine].requestsPerSecond).toBeLessThanOrEqual(25);
      // Three connections would serve at most 75 a second; six waiting side by side serve up to 150.
      expect(six![engine].requestsPerSecond).toBeGreaterThan(75);
    }
  });
});

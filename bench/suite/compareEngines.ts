// PGlite beside PostgreSQL: the same REST requests on two service processes that run at once, one
// on each engine's data set, measured in bursts that take turns, so the host's drift falls on both.
import type { Engine } from './suiteArgs';
import { measureTargets, type LoadPlan } from '../shared/measureTargets';
import type { LoadResult, LoadTarget } from '../shared/runLoad';
import { runMixedLoad, type MixedRequest } from './serviceProcess';

/** A REST request of the suite, relative to the service. */
export type ComparedRequest = { group: string; pageSize?: number; connections: number; request: MixedRequest };

/** One request measured on both engines. */
export type EnginePair = {
  group: string;
  pageSize?: number;
  connections: number;
  postgres: LoadResult;
  pglite: LoadResult;
  /** PostgreSQL's req/s over PGlite's: how much slower the embedded engine serves it (below 1: faster). */
  ratio: number;
};

/** What the comparison measured, and what it could not. */
export type EngineComparison = { pairs: EnginePair[]; failures: string[] };

const engines = ['postgres', 'pglite'] as const satisfies readonly Engine[];
const engineNames: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/**
 * Measures every request on both services: each answered once by both (a non-2xx answer leaves it
 * out; answers that differ are a failure, since both data sets are the same seed, and it is measured
 * anyway), both services warmed with `plan.warmup` seconds of all requests in turn, then each
 * request on PostgreSQL and on PGlite in `plan.rounds` bursts that take turns (measureTargets).
 * Measured minutes apart, in separate runs, the engines would also compare two speeds of the host.
 * @param services each engine's service, by base URL (both running)
 * @param requests the REST requests, each with the connections it was measured from on its own
 * @param plan seconds of warm-up (all requests, once per service) and measured per request and engine, bursts, connections
 * @returns one pair per request answered, and the failures
 * @example await compareEngines({ postgres: 'http://127.0.0.1:4100', pglite: 'http://127.0.0.1:4101' }, requests, { warmup: 10, duration: 10, rounds: 5, connections: 10 })
 */
export async function compareEngines(
  services: Record<Engine, string>,
  requests: readonly ComparedRequest[],
  plan: LoadPlan,
): Promise<EngineComparison> {
  const failures: string[] = [];
  const answered: { compared: ComparedRequest; label: string; bodies: Record<Engine, string> }[] = [];
  for (const compared of requests) {
    const label = `${compared.group}${compared.pageSize === undefined ? '' : ` pageSize=${compared.pageSize}`}`;
    const answers = await Promise.all(engines.map((engine) => answerOf(services[engine], compared.request)));
    const refused = engines.filter((_, i) => !answers[i]!.ok);
    if (refused.length > 0) {
      failures.push(
        `${label}: ${refused.map((engine) => `${engineNames[engine]} answered ${answers[engines.indexOf(engine)]!.status}`).join(', ')}; not compared`,
      );
      continue;
    }
    if (answers[0]!.body !== answers[1]!.body)
      failures.push(`${label}: PostgreSQL and PGlite answer differently on the same data`);
    answered.push({ compared, label, bodies: { postgres: answers[0]!.body, pglite: answers[1]!.body } });
  }
  if (plan.warmup > 0) {
    const mixed = answered.map(({ compared }) => compared.request);
    for (const engine of engines)
      await runMixedLoad(services[engine], mixed, { seconds: plan.warmup, connections: plan.connections });
  }
  const pairs: EnginePair[] = [];
  for (const { compared, label, bodies } of answered) {
    const { request } = compared;
    const targets: LoadTarget[] = engines.map((engine) => ({
      name: `${engineNames[engine].padEnd(10)} ${label}`,
      kind: engine,
      url: `${services[engine]}${request.path}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      expectBody: bodies[engine],
    }));
    const [postgres, pglite] = (
      await measureTargets(targets, { ...plan, warmup: 0, connections: compared.connections }, { idle: settle })
    ).map((measured) => measured.load);
    pairs.push({
      group: compared.group,
      pageSize: compared.pageSize,
      connections: compared.connections,
      postgres: postgres!,
      pglite: pglite!,
      ratio: postgres!.requestsPerSecond / pglite!.requestsPerSecond,
    });
    for (const [engine, load] of [
      ['postgres', postgres!],
      ['pglite', pglite!],
    ] as const) {
      const failed = Object.entries(load.failures).filter(([, count]) => count > 0);
      if (failed.length > 0)
        failures.push(
          `${label} on ${engineNames[engine]}: ${failed.map(([kind, count]) => `${count} ${kind}`).join(', ')}`,
        );
    }
  }
  return { pairs, failures };
}

/** One answer of a service to a request. */
async function answerOf(
  baseUrl: string,
  request: MixedRequest,
): Promise<{ ok: boolean; status: number; body: string }> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return { ok: response.ok, status: response.status, body: await response.text() };
}

/** The services are other processes: a burst's last answers are in flight for a moment after it ends. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

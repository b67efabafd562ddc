import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../shared/freePort';
import path from 'node:path';
import autocannon from 'autocannon';
import type { EngineLocation } from './prepareEngineData';

/** One request of the mixed load. */
export type MixedRequest = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

/**
 * Resident memory of the service process as `npm start` runs it, and the load between the readings.
 * `settledMiB`: once quiet for `settleSeconds` after the load (V8's memory reducer has had its turn), when asked for.
 */
export type ServiceMemory = { afterStartMiB: number; afterLoadMiB: number; settledMiB?: number; requests: number; requestsPerSecond: number; errors: number };

/**
 * Resident memory of the real service process: `avalanche-data-service start` on the engine's data
 * set (DATABASE_URL with `?schema=`, or DATA_DIR), nothing else in the process. VmRSS is read once
 * it is ready, then after `seconds` of mixed load (the suite's REST and GraphQL requests in turn),
 * each after two quiet seconds; no forced GC, so it is what an operator would see. Rate limits
 * are off for the run; page tokens and the clock are the service's own. With `settleSeconds`, once
 * more that long after the load: V8 gives the load's garbage pages back only when its memory reducer
 * runs, which it starts about 8 s after the last full collection when allocation has stayed low
 * (about 20 s after the load here), so the two-second reading holds them and this one does not.
 * @param location the data set (no other process may hold a PGlite directory meanwhile)
 * @param requests the mixed load
 * @param load seconds and connections; `settleSeconds` for the settled reading (none when 0 or absent)
 * @returns the readings, and how many answers were not 2xx
 * @throws {Error} when the service does not become ready, or exits
 * @example const memory = await measureServiceMemory(location, requests, { seconds: 10, connections: 10 })
 */
export async function measureServiceMemory(
  location: EngineLocation,
  requests: readonly MixedRequest[],
  load: { seconds: number; connections: number; settleSeconds?: number },
): Promise<ServiceMemory> {
  const port = await freePort();
  // bin/ sits two folders above this file both in the sources and in dist/.
  const cli = path.resolve(__dirname, '../../bin', `avalanche-data-service${path.extname(__filename)}`);
  const where = location.engine === 'postgres' ? { DATABASE_URL: withSchema(location.databaseUrl, location.schema) } : { DATA_DIR: location.dataDir, DATABASE_URL: '' };
  const child = spawn(process.execPath, [...process.execArgv, cli, 'start'], {
    env: {
      ...process.env,
      ...where,
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      LOG_DIR: '',
      LOG_LEVEL: 'warn',
      API_KEYS: '',
      API_KEY_REQUIRED: 'false',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_DAY: '0',
      APOLLO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(baseUrl, exited);
    await quiet();
    const afterStartMiB = residentMiB(child.pid!);
    const result = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        { url: baseUrl, connections: load.connections, duration: load.seconds, workers: 1, requests: requests.map((r) => ({ ...r })) },
        (error, answer) => (error ? reject(error) : resolve(answer)),
      ),
    );
    await quiet();
    const afterLoadMiB = residentMiB(child.pid!);
    let settledMiB: number | undefined;
    if (load.settleSeconds) {
      await new Promise((resolve) => setTimeout(resolve, load.settleSeconds! * 1000 - 2000));
      settledMiB = residentMiB(child.pid!);
    }
    return {
      afterStartMiB,
      afterLoadMiB,
      settledMiB,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / result.duration,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM'); // drains and closes the database, which the suite deletes next
      const killed = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killed);
    }
  }
}

/** Polls `/health/ready` until it answers 200 (2 minutes at most), failing early if the process exits. */
async function waitUntilReady(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let code: number | null | undefined;
  void exited.then((exitCode) => (code = exitCode));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (code !== undefined) throw new Error(`the service exited with ${code} before it was ready`);
    const ready = await fetch(`${baseUrl}/health/ready`).then((response) => response.status === 200, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the service was not ready within 2 minutes');
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 2000));

/** VmRSS of a process, MiB (Linux /proc). */
function residentMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

function withSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('schema', schema);
  return url.toString();
}


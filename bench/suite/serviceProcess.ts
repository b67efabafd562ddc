import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../shared/freePort';
import type { EngineLocation } from './prepareEngineData';

/** One request of a mixed load, relative to the service. */
export type MixedRequest = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };

/** The real service process on an engine's data set. */
export type ServiceProcess = {
  baseUrl: string;
  /** Its VmRSS now, MiB. */
  residentMiB(): number;
  /** Its process ID. */
  pid: number;
  /** CPU time it has used so far (user and system, every thread: PGlite's worker too), seconds. */
  cpuSeconds(): number;
  /** CPU time its main thread (the event loop) has used so far, seconds. */
  mainThreadCpuSeconds(): number;
  /** Stops it (SIGTERM: it drains and closes its database) and waits until it has exited. */
  stop(): Promise<void>;
};

/**
 * Starts `avalanche-data-service start` on an engine's data set (DATABASE_URL with `?schema=`, or
 * DATA_DIR), nothing else in the process, and waits until it is ready. Rate limits are off and no
 * API key is asked for; page tokens are signed with `pageTokenSecret` when given (two services then
 * give the same answers on the same data), else with the service's own key.
 * @param location the data set (no other process may hold a PGlite directory meanwhile)
 * @param options the page-token key, environment variables over the suite's (`USAGE_RECORDING`), and
 *   Node options after the suite's own (`--cpu-prof`)
 * @returns the running service
 * @throws {Error} when the service does not become ready within 2 minutes, or exits
 * @example const service = await startServiceProcess(location); … await service.stop()
 */
export async function startServiceProcess(
  location: EngineLocation,
  options: { pageTokenSecret?: string; env?: Record<string, string>; nodeOptions?: string[] } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  // bin/ sits two folders above this file both in the sources and in dist/.
  const cli = path.resolve(__dirname, '../../bin', `avalanche-data-service${path.extname(__filename)}`);
  const where =
    location.engine === 'postgres'
      ? { DATABASE_URL: withSchema(location.databaseUrl, location.schema) }
      : { DATA_DIR: location.dataDir, DATABASE_URL: '' };
  const child = spawn(process.execPath, [...process.execArgv, ...(options.nodeOptions ?? []), cli, 'start'], {
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
      ...(options.pageTokenSecret ? { PAGE_TOKEN_SECRET: options.pageTokenSecret } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // drains and closes the database, which the suite may delete next
    const killed = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killed);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    residentMiB: () => residentMiB(pid),
    cpuSeconds: () => cpuSeconds(`/proc/${pid}/stat`),
    // The main thread's task ID is the process ID.
    mainThreadCpuSeconds: () => cpuSeconds(`/proc/${pid}/task/${pid}/stat`),
    stop,
  };
}

/** How long a load lasts: for `seconds`, or until each connection has sent every request `passes` times. */
export type MixedLoad = { connections: number } & ({ seconds: number } | { passes: number });

/**
 * Loads a service with every request in turn, from `connections` connections. A load of `passes` is
 * the same work every time (each connection walks the list from its start), so two runs of it
 * compare by their CPU alone.
 * @param baseUrl the service
 * @param requests the requests, relative to it
 * @param load connections, and seconds or passes
 * @returns completed requests, their rate, and how many answers were not 2xx (errors and timeouts included)
 * @example await runMixedLoad(service.baseUrl, requests, { seconds: 10, connections: 10 })
 */
export async function runMixedLoad(
  baseUrl: string,
  requests: readonly MixedRequest[],
  load: MixedLoad,
): Promise<{ requests: number; requestsPerSecond: number; errors: number }> {
  const length =
    'seconds' in load ? { duration: load.seconds } : { amount: load.passes * requests.length * load.connections };
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: baseUrl,
        connections: load.connections,
        ...length,
        workers: 1,
        requests: requests.map((r) => ({ ...r })),
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Polls `/health/ready` until it answers 200 (2 minutes at most), failing early if the process exits. */
async function waitUntilReady(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let code: number | null | undefined;
  void exited.then((exitCode) => (code = exitCode));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (code !== undefined) throw new Error(`the service exited with ${code} before it was ready`);
    const ready = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the service was not ready within 2 minutes');
}

/** VmRSS of a process, MiB (Linux /proc). */
function residentMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

/**
 * utime + stime of a process or one of its threads, seconds (Linux /proc, fields 14 and 15 of
 * `stat`, in clock ticks of 1/100 s).
 * @param statFile `/proc/<pid>/stat`, or `/proc/<pid>/task/<tid>/stat` for one thread
 */
export function cpuSeconds(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function withSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('schema', schema);
  return url.toString();
}

// The measuring loop of the load benches: each target warmed up, then measured in bursts that take
// turns, with the server's event-loop use and who used the CPUs meanwhile, the servers left idle
// between bursts.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../prisma/database';
import { applicationName, cpuLegend, formatTable, percent, progress } from './report';
import { formatLatency, mergeLoads, runLoad, type LoadResult, type LoadTarget, type TimedLoadResult } from './runLoad';
import { startCpuMeter, type CpuShares } from './startCpuMeter';

/** One measured run, the server's event-loop utilization (0 to 1) and who used the CPUs meanwhile. */
export type Measurement = { target: LoadTarget; load: LoadResult; loop: number; cpu: CpuShares };

/** How long and how hard each target is loaded: seconds of warm-up, seconds measured, in how many bursts (default 1), over how many connections. */
export type LoadPlan = { warmup: number; duration: number; rounds?: number; connections: number };

/**
 * The share of the CPUs other processes use while the bench does nothing (they skew every number).
 * @returns 0 to 1, over one second
 */
export async function otherCpuShare(): Promise<number> {
  const quiet = startCpuMeter();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return quiet().other;
}

/**
 * Loads every target: each warmed up in turn (`warmup` seconds unmeasured), then measured in
 * `rounds` bursts that take turns (floor, REST, GraphQL, floor, …), `duration` seconds per target in
 * all. The speed of a shared machine drifts by 10-40 % within minutes (bench/compare-builds.sh), so
 * a path measured minutes after its floor compares two speeds of the host; bursts taking turns put
 * the same drift into both. Each target's bursts are merged into one measurement (mergeLoads; event
 * loop and CPU shares averaged by their length).
 * @param targets what to load, in order
 * @param plan durations, bursts and connections
 * @param options `idle` waits until the servers have finished every request; `db` (PostgreSQL) finds the
 *   bench's backends by `application_name` so their CPU is counted apart
 * @returns one measurement per target
 */
export async function measureTargets(
  targets: readonly LoadTarget[],
  plan: LoadPlan,
  { idle, db }: { idle: () => Promise<unknown>; db?: Pick<Database, 'query'> },
): Promise<Measurement[]> {
  const rounds = Math.max(1, Math.floor(plan.rounds ?? 1));
  const seconds = plan.duration / rounds;
  if (plan.warmup > 0) {
    for (const target of targets) {
      progress(`${target.name}: ${plan.warmup} s warm-up`);
      await runLoad(target, { connections: plan.connections, seconds: plan.warmup });
    }
  }
  await idle();
  const bursts: Burst[][] = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    progress(
      `${targets.map((target) => target.name.replace(/\s+/g, ' ').trim()).join(' / ')}: ${seconds} s measured each${rounds > 1 ? `, round ${round} of ${rounds}` : ''}`,
    );
    for (const [i, target] of targets.entries()) {
      const backends = db
        ? await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
            applicationName,
          ])
        : [];
      const cpu = startCpuMeter(backends.map((backend) => backend.pid));
      const loop = performance.eventLoopUtilization();
      const load = await runLoad(target, { connections: plan.connections, seconds });
      bursts[i]!.push({ load, loop: performance.eventLoopUtilization(loop).utilization, cpu: cpu() });
      await idle();
    }
  }
  return targets.map((target, i) => {
    const runs = bursts[i]!;
    const { latencies: _, ...load } = mergeLoads(runs.map((run) => run.load));
    const total = load.seconds;
    const weighted = (pick: (run: Burst) => number) =>
      runs.reduce((sum, run) => sum + pick(run) * run.load.seconds, 0) / total;
    return {
      target,
      load,
      loop: weighted((run) => run.loop),
      cpu: {
        node: weighted((run) => run.cpu.node),
        postgres: weighted((run) => run.cpu.postgres),
        other: weighted((run) => run.cpu.other),
      },
    };
  });
}

type Burst = { load: TimedLoadResult; loop: number; cpu: CpuShares };

/**
 * Whether the run failed: any request without the expected body, or an error the service reported. Says so on stderr.
 * @returns true when the bench must exit non-zero
 */
export function runFailed(results: readonly Measurement[], serviceErrors: number): boolean {
  const failed =
    results.some(({ load }) => Object.values(load.failures).some((count) => count > 0)) || serviceErrors > 0;
  if (failed)
    console.error(`\nFAILED: every request must succeed with the expected body (service errors: ${serviceErrors})`);
  return failed;
}

/**
 * A load bench's results: each path beside the floor measured before it (the target whose kind is
 * `pg`), with the CPU columns and their legend.
 * @param results the measurements, each floor before the paths it is compared with
 * @param options `floor`: a line saying what the floor is; `postgres`: false when the database runs inside node (PGlite)
 * @returns the table and its legend
 * @example console.log(loadTable(results, { floor: 'floor: the same statements through pg', postgres: true }))
 */
export function loadTable(results: readonly Measurement[], options: { floor: string; postgres: boolean }): string {
  let floor: Measurement['load'] | undefined;
  const rows = results.map(({ target, load, loop, cpu }) => {
    if (target.kind === 'pg') floor = load;
    const failures = Object.values(load.failures).reduce((sum, count) => sum + count, 0);
    return [
      target.name,
      load.requestsPerSecond.toLocaleString('en-US', { maximumFractionDigits: 0 }),
      formatLatency(load.p50),
      formatLatency(load.p99),
      String(failures),
      (Buffer.byteLength(target.expectBody) / 1024).toFixed(1),
      floor ? (load.p50 !== null && floor.p50 ? `${(load.p50 / floor.p50).toFixed(2)}×` : '—') : '',
      floor ? `${(load.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}×` : '',
      percent(loop),
      percent(cpu.node),
      options.postgres ? percent(cpu.postgres) : 'in node',
      percent(cpu.other),
    ];
  });
  const table = formatTable(
    [
      'path',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'body KB',
      'p50 vs floor',
      'req/s vs floor',
      'loop',
      'node',
      'postgres',
      'other',
    ],
    rows,
  );
  return [
    table,
    '',
    options.floor,
    "p50 vs floor: the path's median latency over the floor's for the same request (target: at most 2×).",
    ...cpuLegend(results),
  ].join('\n');
}

// The measuring loop of the load benches: each target warmed up, then measured with the server's
// event-loop use and who used the CPUs meanwhile, the servers left idle between runs.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../prisma/database';
import { applicationName, progress } from './report';
import { runLoad, type LoadResult, type LoadTarget } from './runLoad';
import { startCpuMeter, type CpuShares } from './startCpuMeter';

/** One measured run, the server's event-loop utilization (0 to 1) and who used the CPUs meanwhile. */
export type Measurement = { target: LoadTarget; load: LoadResult; loop: number; cpu: CpuShares };

/** How long and how hard each target is loaded. */
export type LoadPlan = { warmup: number; duration: number; connections: number };

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
 * Loads each target in turn: `warmup` seconds unmeasured, then `duration` seconds measured.
 * @param targets what to load, in order
 * @param plan durations and connections
 * @param options `idle` waits until the servers have finished every request; `db` (PostgreSQL) finds the
 *   bench's backends by `application_name` so their CPU is counted apart
 * @returns one measurement per target
 */
export async function measureTargets(
  targets: readonly LoadTarget[],
  plan: LoadPlan,
  { idle, db }: { idle: () => Promise<unknown>; db?: Pick<Database, 'query'> },
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const target of targets) {
    progress(`${target.name}: ${plan.warmup} s warm-up, ${plan.duration} s measured`);
    if (plan.warmup > 0) await runLoad(target, { connections: plan.connections, seconds: plan.warmup });
    await idle();
    const backends = db ? await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]) : [];
    const cpu = startCpuMeter(backends.map((backend) => backend.pid));
    const loop = performance.eventLoopUtilization();
    const load = await runLoad(target, { connections: plan.connections, seconds: plan.duration });
    results.push({ target, load, loop: performance.eventLoopUtilization(loop).utilization, cpu: cpu() });
    await idle();
  }
  return results;
}

/**
 * Whether the run failed: any request without the expected body, or an error the service reported. Says so on stderr.
 * @returns true when the bench must exit non-zero
 */
export function runFailed(results: readonly Measurement[], serviceErrors: number): boolean {
  const failed = results.some(({ load }) => Object.values(load.failures).some((count) => count > 0)) || serviceErrors > 0;
  if (failed) console.error(`\nFAILED: every request must succeed with the expected body (service errors: ${serviceErrors})`);
  return failed;
}

import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Shares of the whole machine's CPU time (all cores together = 1) over a measurement. */
export type CpuShares = {
  /** This process: the server and the load generator's worker thread. */
  node: number;
  /** The PostgreSQL backends serving the bench; NaN where /proc is unreadable. */
  postgres: number;
  /** Everything else: other people's builds and tests on a shared machine. NaN where unknown. */
  other: number;
};

/** Linux reports process CPU time in clock ticks of 10 ms (USER_HZ 100 on every mainstream build). */
const msPerTick = 10;

/**
 * Starts measuring who uses the CPUs: this process, the given PostgreSQL backends, and the rest.
 * On a shared 2-core machine, `other` tells a clean run from one that competed with someone
 * else's work, and `postgres` shows how much of the machine the database itself needs.
 *
 * @param postgresPids backend process IDs (`pg_stat_activity.pid`), read from /proc on Linux
 * @returns a function giving the shares since the start
 * @example const cpu = startCpuMeter(pids); await run(); const { other } = cpu()
 */
export function startCpuMeter(postgresPids: readonly number[] = []): () => CpuShares {
  const start = { machine: machineTimes(), node: process.cpuUsage(), postgres: processTimes(postgresPids) };
  return () => {
    const machine = machineTimes();
    const capacity = machine.total - start.machine.total;
    if (capacity <= 0) return { node: 0, postgres: 0, other: 0 };
    const busy = capacity - (machine.idle - start.machine.idle);
    const used = process.cpuUsage(start.node);
    const node = (used.user + used.system) / 1000 / capacity;
    let postgresMs = 0;
    // A backend that went away meanwhile (an idle connection the pool closed) is left out.
    for (const [pid, ms] of processTimes([...start.postgres.keys()])) postgresMs += ms - start.postgres.get(pid)!;
    const postgres = start.postgres.size > 0 || postgresPids.length === 0 ? postgresMs / capacity : Number.NaN;
    return {
      node,
      postgres,
      other: Number.isNaN(postgres) ? Number.NaN : Math.max(0, busy / capacity - node - postgres),
    };
  };
}

/** Idle and total milliseconds of all cores since boot. */
function machineTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** CPU milliseconds (user + system) each process has used; processes /proc cannot show are missing. */
function processTimes(pids: readonly number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name, which is in parentheses and may contain ") ".
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * msPerTick);
    } catch {
      // gone, or not on this machine's /proc
    }
  }
  return times;
}

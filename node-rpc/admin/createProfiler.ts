// The admin API's profiles, with Node's own instruments (avalanchego utils/profiler/profiler.go
// writes Go pprof files; a Node process has other ones):
// - cpu.profile: a V8 CPU profile (node:inspector Profiler), the `.cpuprofile` JSON Chrome DevTools
//   and VS Code open; the CPU profiler has two states, with the node's errors for a double start or
//   a stop without a start.
// - mem.profile: a V8 sampling heap profile (HeapProfiler sampling since the admin API started,
//   garbage collected first), the `.heapprofile` JSON DevTools opens: the allocations still live.
// - lock.profile: Node has no mutexes; its contention is work waiting for the one event loop, so the
//   file holds event-loop delay and utilization since start (format in docs/api-decisions.md, `format` member).
import { mkdir, open, writeFile, type FileHandle } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';

/** The profiles of the process. */
export type Profiler = {
  /** @throws Error `cpu profiler already running` */
  startCpuProfiler(): Promise<void>;
  /** Writes `cpu.profile`. @throws Error `cpu profiler doesn't exist` when not running */
  stopCpuProfiler(): Promise<void>;
  /** Writes `mem.profile`. */
  memoryProfile(): Promise<void>;
  /** Writes `lock.profile`. */
  lockProfile(): Promise<void>;
  /** Stops every instrument (the CPU profile is discarded). */
  close(): Promise<void>;
};

/** Identifies the lock profile's layout. */
export const LOCK_PROFILE_FORMAT = 'avalanche-data-service/lock-profile@1';

/** Bytes between heap samples: Go's default MemProfileRate. */
const HEAP_SAMPLING_INTERVAL = 512 * 1024;

/**
 * Starts the instruments of the profiles (heap sampling, event-loop delay) and returns the profiler.
 * @param dir the profile directory (`--profile-dir`), created when a profile is written
 * @returns the profiler
 * @example const profiler = await createProfiler('./profiles'); await profiler.memoryProfile()
 */
export async function createProfiler(dir: string): Promise<Profiler> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: HEAP_SAMPLING_INTERVAL });
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const since = new Date();
  const utilizationAtStart = performance.eventLoopUtilization();
  let cpuFile: FileHandle | undefined;

  const create = async (name: string) => {
    await mkdir(dir, { recursive: true });
    return path.join(dir, name);
  };

  return {
    async startCpuProfiler() {
      if (cpuFile) throw new Error('cpu profiler already running');
      const file = await open(await create('cpu.profile'), 'w');
      try {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      } catch (error) {
        await file.close();
        throw error;
      }
      cpuFile = file;
    },
    async stopCpuProfiler() {
      if (!cpuFile) throw new Error("cpu profiler doesn't exist");
      const file = cpuFile;
      cpuFile = undefined;
      try {
        const { profile } = await session.post('Profiler.stop');
        await session.post('Profiler.disable');
        await file.writeFile(JSON.stringify(profile));
      } finally {
        await file.close();
      }
    },
    async memoryProfile() {
      const target = await create('mem.profile');
      await session.post('HeapProfiler.collectGarbage');
      const { profile } = await session.post('HeapProfiler.getSamplingProfile');
      await writeFile(target, JSON.stringify(profile));
    },
    async lockProfile() {
      const target = await create('lock.profile');
      const utilization = performance.eventLoopUtilization(utilizationAtStart);
      const ns = (value: number) => (Number.isFinite(value) ? Math.round(value) : null);
      const resources: Record<string, number> = {};
      for (const name of process.getActiveResourcesInfo()) resources[name] = (resources[name] ?? 0) + 1;
      const report = {
        format: LOCK_PROFILE_FORMAT,
        description:
          'Contention of a single-threaded Node process: how long ready work waited for the event loop, sampled every resolutionMs.',
        since: since.toISOString(),
        writtenAt: new Date().toISOString(),
        eventLoopDelay: {
          resolutionMs: 10,
          samples: delay.count,
          minNs: ns(delay.min),
          maxNs: ns(delay.max),
          meanNs: ns(delay.mean),
          stddevNs: ns(delay.stddev),
          percentilesNs: Object.fromEntries([50, 75, 90, 99, 99.9].map((p) => [String(p), ns(delay.percentile(p))])),
        },
        eventLoopUtilization: {
          idleMs: utilization.idle,
          activeMs: utilization.active,
          utilization: utilization.utilization,
        },
        activeResources: resources,
      };
      await writeFile(target, `${JSON.stringify(report, null, 2)}\n`);
    },
    async close() {
      delay.disable();
      if (cpuFile) {
        await session.post('Profiler.stop').catch(() => undefined);
        await cpuFile.close().catch(() => undefined);
        cpuFile = undefined;
      }
      await session.post('HeapProfiler.stopSampling').catch(() => undefined);
      session.disconnect();
    },
  };
}

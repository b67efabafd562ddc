// The export worker: deletes expired jobs, claims a waiting one (claimExport.ts) and builds it
// (buildExport.ts), one at a time. Any number of workers, in any number of processes, share one
// database's jobs. It looks for work every poll interval, and at once when woken (a job recorded
// in this process).
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../logging/createLoggerFactory';
import type { Database } from '../prisma/database';
import { buildExport, type BuildOptions } from './buildExport';
import { claimExport, type ClaimedExport } from './claimExport';
import { deleteExpiredExports } from './deleteExpiredExports';
import type { ExportSource } from './exportSource';
import { LostClaimError } from './exportErrors';
import { recordEnd, releaseClaim } from './recordBuild';

/** How a worker works. */
export type ExportWorkerOptions = BuildOptions & {
  /** Wait between looks when no job waits, ms. @default 1_000 */
  pollIntervalMs?: number;
  /** Builds a job gets before it fails with ErrInternal. @default 3 */
  maxAttempts?: number;
  /** Wait before a job whose build failed is claimable again, ms. @default 10_000 */
  retryDelayMs?: number;
};

/** Where a worker reads now from and waits on; injected so tests run leases and expiry in milliseconds. */
export type ExportClock = {
  now(): Date;
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
};

/** The wall clock and real timers. */
export const systemExportClock: ExportClock = {
  now: () => new Date(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => {}),
};

/** Options of {@link createExportWorker}. */
export type CreateExportWorkerOptions = {
  db: Database;
  /** Reads the rows of a request (the composition root's: the subgraphs' list queries). */
  source: ExportSource;
  options: ExportWorkerOptions;
  clock?: ExportClock;
  /** Builds at info, failures at warn, errors at error. */
  log?: Logger;
};

/** A running (or stopped) worker. */
export type ExportWorker = {
  /** Starts working; calling it again does nothing. */
  start(): void;
  /** Looks for a waiting job now, instead of at the next poll. */
  wake(): void;
  /** Deletes expired jobs, then claims and builds one job if one waits; resolves to whether it built one. */
  runOnce(): Promise<boolean>;
  /** Claims nothing more and resolves once the build in progress has stopped. */
  stop(): Promise<void>;
};

/**
 * Creates an export worker; {@link ExportWorker.start} starts it.
 * @example
 * const worker = createExportWorker({ db, source, options: { maxTransactions: 100_000, leaseMs: 60_000, retentionMs: 86_400_000 } })
 * worker.start()
 * await worker.stop()
 */
export function createExportWorker({
  db,
  source,
  options,
  clock = systemExportClock,
  log,
}: CreateExportWorkerOptions): ExportWorker {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 10_000;
  let running = false;
  let loop: Promise<void> | undefined;
  let pause = new AbortController();
  let woken = false;

  const wake = () => {
    woken = true;
    pause.abort();
  };

  async function fail(job: ClaimedExport, code: 'ErrInvalidRequest' | 'ErrInternal', message: string) {
    const now = clock.now();
    await recordEnd(db, job, undefined, 0, {
      status: 'FAILED',
      code,
      message,
      expiresAt: new Date(now.getTime() + options.retentionMs),
      now,
    });
  }

  async function build(job: ClaimedExport): Promise<void> {
    const fields = { operation_id: job.id, attempt: job.attempts };
    if (job.attempts > maxAttempts) {
      await fail(job, 'ErrInternal', `the export failed ${maxAttempts} times; ask again later`);
      log?.warn('export failed its last attempt', fields);
      return;
    }
    try {
      await buildExport(db, job, source, options, () => clock.now());
      log?.info('export built', fields);
    } catch (error) {
      if (error instanceof LostClaimError) {
        log?.warn('export taken over by another worker: its claim ended', fields);
        return;
      }
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        await fail(job, 'ErrInvalidRequest', (error as Error).message);
        log?.info('export refused', { ...fields, error: (error as Error).message });
        return;
      }
      log?.error('export build failed; it is tried again', { ...fields, error });
      const retryAt = new Date(clock.now().getTime() + retryDelayMs);
      await releaseClaim(db, job, retryAt, `building failed (attempt ${job.attempts} of ${maxAttempts}); tried again`);
    }
  }

  async function runOnce(): Promise<boolean> {
    const now = clock.now();
    while ((await deleteExpiredExports(db, now, 100)) === 100);
    const job = await claimExport(db, now, new Date(now.getTime() + options.leaseMs));
    if (!job) return false;
    await build(job);
    return true;
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      let built = false;
      try {
        built = await runOnce();
      } catch (error) {
        log?.error('export worker: could not claim or record a job', { error });
      }
      if (!running || woken || built) continue;
      pause = new AbortController();
      await clock.sleep(pollIntervalMs, pause.signal);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake,
    runOnce,
    async stop() {
      running = false;
      wake();
      await loop;
    },
  };
}

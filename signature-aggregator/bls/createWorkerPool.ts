import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../shared/startWorker';

/** Worker threads that run named operations one at a time each, from one queue. */
export type WorkerPool = {
  /** Number of threads (started when first needed). */
  readonly size: number;
  /**
   * Runs `op(args)` on the first free thread. A task still queued when `signal` aborts is dropped
   * (rejected with the signal's reason); a running one is not interrupted.
   * @returns what the operation returned, structured-cloned
   */
  run<Result>(op: string, args: unknown, signal?: AbortSignal): Promise<Result>;
  /** Rejects queued and running tasks and terminates the threads; later tasks are refused. */
  close(): Promise<void>;
};

/** What the pool posts a worker for each task. */
export type WorkerRequest = { op: string; args: unknown };

/** What a worker posts back for each task. */
export type WorkerReply = { ok: true; result: unknown } | { ok: false; error: string };

type Task = { op: string; args: unknown; resolve(value: unknown): void; reject(error: unknown): void };

type Slot = { worker?: Worker; task?: Task };

/**
 * A small pool of worker threads running the module `file` (started by startWorker), which answers
 * each {@link WorkerRequest} with one {@link WorkerReply}. Threads start when a task first needs them, hold the process open only
 * while they work (so a forgotten pool never keeps it alive), and a thread that crashes or exits
 * is replaced on the next task: its task fails with an error, nothing else does.
 *
 * @param options `file`: the worker module's path (`require.resolve`), its `workerData`, `size` (threads, at least 1), `name` for errors
 * @returns the pool; close it when its owner shuts down
 * @throws RangeError when size is not a positive integer
 * @example
 * const pool = createWorkerPool({ file: require.resolve('./blsWorker'), workerData, size: 2, name: 'BLS' })
 * const signatures = await pool.run<Uint8Array[]>('sign', { message, secretKeys })
 */
export function createWorkerPool({
  file,
  workerData,
  size,
  name,
}: {
  file: string;
  workerData: unknown;
  size: number;
  name: string;
}): WorkerPool {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`${name} worker pool size must be a positive integer, got ${size}`);
  const slots: Slot[] = Array.from({ length: size }, () => ({}));
  const queue: Task[] = [];
  let closed = false;
  const closedError = () => new Error(`${name} worker pool is closed`);

  function spawn(slot: Slot): Worker {
    const worker = startWorker(file, { workerData });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      slot.task = undefined;
      worker.unref();
      if (reply.ok) task?.resolve(reply.result);
      else task?.reject(new Error(`${name} worker: ${reply.error}`));
      pump();
    });
    // One handler for every way a thread can go: an uncaught error, a reply it could not send, an exit.
    const lose = (cause: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const task = slot.task;
      slot.task = undefined;
      void worker.terminate();
      task?.reject(closed ? closedError() : new Error(`${name} worker thread failed: ${cause.message}`, { cause }));
      pump();
    };
    worker.on('error', lose);
    worker.on('messageerror', lose);
    worker.on('exit', (code) => lose(new Error(`it exited with code ${code}`)));
    return worker;
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.task) continue;
      const task = queue.shift()!;
      const worker = (slot.worker ??= spawn(slot));
      slot.task = task;
      worker.ref();
      try {
        worker.postMessage({ op: task.op, args: task.args } satisfies WorkerRequest);
      } catch (error) {
        // Arguments that cannot be cloned: the task fails, the thread is fine.
        slot.task = undefined;
        worker.unref();
        task.reject(error);
      }
    }
  }

  return {
    size,
    run<Result>(op: string, args: unknown, signal?: AbortSignal): Promise<Result> {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Result>((resolve, reject) => {
        const onAbort = () => {
          const at = queue.indexOf(task);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(signal!.reason);
        };
        const task: Task = {
          op,
          args,
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value as Result);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(task);
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const task of queue.splice(0)) task.reject(closedError());
      await Promise.all(slots.map((slot) => slot.worker?.terminate()));
    },
  };
}

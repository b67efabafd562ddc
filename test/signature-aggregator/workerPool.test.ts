import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createWorkerPool, type WorkerPool } from '../../signature-aggregator/bls/createWorkerPool';
import { typeScriptBootstrap } from '../../shared/startWorker';

/** The test worker (support/testWorker.ts). */
const file = require.resolve('./support/testWorker');

type Echo = { args: unknown; ran: number; threadId: number };

let pools: WorkerPool[] = [];
const pool = (size = 1) => {
  const created = createWorkerPool({ file, workerData: null, size, name: 'test' });
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

describe('bls/createWorkerPool', () => {
  it('runs an operation on a thread and resolves with its structured-cloned result', async () => {
    const result = await pool().run<Echo>('echo', { bytes: Uint8Array.of(1, 2, 3) });
    expect(result.args).toEqual({ bytes: Uint8Array.of(1, 2, 3) });
    expect(result.ran).toBe(1);
  });

  it('error: an operation that throws rejects its own task only, and the thread keeps serving', async () => {
    const p = pool();
    await expect(p.run('fail', {})).rejects.toThrow('test worker: bad input');
    expect((await p.run<Echo>('echo', 1)).ran).toBe(1); // the same thread: fail ran no count
  });

  it.each([
    ['crashes (an uncaught error)', 'crash', /test worker thread failed: boom/],
    ['exits', 'exit', /test worker thread failed: it exited with code 3/],
  ])(
    'error: a thread that %s fails its task with an error, and a new thread takes the next task',
    async (_case, op, message) => {
      const p = pool();
      const first = await p.run<Echo>('echo', 0);
      await expect(p.run(op, {})).rejects.toThrow(message);
      const next = await p.run<Echo>('echo', 1);
      expect(next.threadId).not.toBe(first.threadId);
      expect(next.ran).toBe(1);
    },
  );

  it('spreads queued tasks over its threads, one task per thread at a time', async () => {
    const p = pool(2);
    const results = await Promise.all([1, 2, 3, 4].map(() => p.run<Echo>('echo', null)));
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
  });

  it('drops a queued task whose signal aborts before a thread takes it; a running task completes', async () => {
    const p = pool();
    const running = p.run<{ ran: number }>('spin', { ms: 200 });
    const controller = new AbortController();
    const queued = p.run('echo', 'never', controller.signal);
    controller.abort(new Error('not wanted'));
    await expect(queued).rejects.toThrow('not wanted');
    expect((await running).ran).toBe(1);
    expect((await p.run<Echo>('echo', null)).ran).toBe(2); // the dropped task never ran
  });

  it('close() rejects running and queued tasks, and refuses new ones', async () => {
    const p = pool();
    const running = p.run('spin', { ms: 10_000 });
    const queued = p.run('echo', null);
    const outcomes = [
      expect(running).rejects.toThrow('test worker pool is closed'),
      expect(queued).rejects.toThrow('test worker pool is closed'),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.close();
    await Promise.all(outcomes);
    await expect(p.run('echo', null)).rejects.toThrow('test worker pool is closed');
  });

  it('args: refuses a size below 1', () => {
    expect(() => createWorkerPool({ file, workerData: null, size: 0, name: 'test' })).toThrow(RangeError);
  });

  it('behavior: idle threads do not keep the process alive, busy ones do', async () => {
    // A separate Node process runs a pool (support/unclosedPool.ts) and never closes it: it must
    // still exit by itself once its task is done, after printing the task's result.
    const script = typeScriptBootstrap(require.resolve('./support/unclosedPool'));
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('ran 1');
  });
});

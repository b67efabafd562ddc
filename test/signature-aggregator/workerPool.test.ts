import { transformSync } from '@swc/core';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createWorkerPool, type WorkerPool } from '../../signature-aggregator/bls/createWorkerPool';

// A worker written for these tests: echoes, fails, crashes, exits or spins on request, and counts
// the tasks it ran (its thread's own count, so a replaced thread starts again at 1).
const source = `
const { parentPort, threadId } = require('node:worker_threads');
let ran = 0;
const operations = {
  echo: (args) => ({ args, ran: ++ran, threadId }),
  fail: () => { throw new Error('bad input'); },
  crash: () => { setImmediate(() => { throw new Error('boom'); }); return new Promise(() => {}); },
  exit: () => process.exit(3),
  spin: ({ ms }) => { const end = Date.now() + ms; while (Date.now() < end); return { ran: ++ran }; },
};
parentPort.on('message', async ({ op, args }) => {
  try { parentPort.postMessage({ ok: true, result: await operations[op](args) }); }
  catch (error) { parentPort.postMessage({ ok: false, error: error.message }); }
});
`;

type Echo = { args: unknown; ran: number; threadId: number };

let pools: WorkerPool[] = [];
const pool = (size = 1) => {
  const created = createWorkerPool({ source, workerData: null, size, name: 'test' });
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
  ])('error: a thread that %s fails its task with an error, and a new thread takes the next task', async (_case, op, message) => {
    const p = pool();
    const first = await p.run<Echo>('echo', 0);
    await expect(p.run(op, {})).rejects.toThrow(message);
    const next = await p.run<Echo>('echo', 1);
    expect(next.threadId).not.toBe(first.threadId);
    expect(next.ran).toBe(1);
  });

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
    const outcomes = [expect(running).rejects.toThrow('test worker pool is closed'), expect(queued).rejects.toThrow('test worker pool is closed')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.close();
    await Promise.all(outcomes);
    await expect(p.run('echo', null)).rejects.toThrow('test worker pool is closed');
  });

  it('args: refuses a size below 1', () => {
    expect(() => createWorkerPool({ source, workerData: null, size: 0, name: 'test' })).toThrow(RangeError);
  });

  it('behavior: idle threads do not keep the process alive, busy ones do', async () => {
    // A separate Node process runs the pool (compiled here) and never closes it: it must still exit
    // by itself once its task is done, after printing the task's result.
    const compiled = transformSync(readFileSync(join(__dirname, '../../signature-aggregator/bls/createWorkerPool.ts'), 'utf8'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code;
    const script = `
      const module = { exports: {} };
      new Function('module', 'exports', 'require', ${JSON.stringify(compiled)})(module, module.exports, require);
      const pool = module.exports.createWorkerPool({ source: ${JSON.stringify(source)}, workerData: null, size: 2, name: 'child' });
      pool.run('spin', { ms: 300 }).then((result) => console.log('ran', result.ran));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('ran 1');
  });
});

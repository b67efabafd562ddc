// A worker written for the worker pool's tests: echoes, fails, crashes, exits or spins on request,
// and counts the tasks it ran (its thread's own count, so a replaced thread starts again at 1).
import { parentPort, threadId } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from '../../../signature-aggregator/bls/createWorkerPool';

let ran = 0;
const operations: Record<string, (args: unknown) => unknown> = {
  echo: (args: unknown) => ({ args, ran: ++ran, threadId }),
  fail: () => {
    throw new Error('bad input');
  },
  crash: () => {
    setImmediate(() => {
      throw new Error('boom');
    });
    return new Promise(() => {});
  },
  exit: () => process.exit(3),
  spin: (args) => {
    const end = Date.now() + (args as { ms: number }).ms;
    while (Date.now() < end);
    return { ran: ++ran };
  },
};

parentPort!.on('message', async ({ op, args }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, result: await operations[op]!(args) };
  } catch (error) {
    reply = { ok: false, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});

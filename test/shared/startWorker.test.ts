import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../shared/startWorker';

/** The worker's first message; the worker is terminated afterwards. */
async function firstMessage(worker: Worker): Promise<unknown> {
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`exited with code ${code}`)));
    });
  } finally {
    await worker.terminate();
  }
}

describe('shared/startWorker', () => {
  it('starts a .ts module (the sources under jest) through a TypeScript require hook, with its workerData', async () => {
    const worker = startWorker(require.resolve('./support/echoWorker'), { workerData: { n: 1 } });
    expect(await firstMessage(worker)).toEqual({ workerData: { n: 1 }, typeScriptHook: true });
  });

  it('starts a .js module (the compiled tree) as it is: the thread never loads the hook', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'start-worker-'));
    try {
      const file = path.join(folder, 'echoWorker.js');
      writeFileSync(
        file,
        "const { parentPort, workerData } = require('node:worker_threads');\nparentPort.postMessage({ workerData, typeScriptHook: '.ts' in require.extensions });\n",
      );
      expect(await firstMessage(startWorker(file, { workerData: 'js' }))).toEqual({
        workerData: 'js',
        typeScriptHook: false,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("error: a module that does not compile fails the worker with the compiler's message", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'start-worker-'));
    try {
      const file = path.join(folder, 'broken.ts');
      writeFileSync(file, 'const x: = 1;\n');
      await expect(firstMessage(startWorker(file))).rejects.toThrow(/Expression expected|Unexpected token/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

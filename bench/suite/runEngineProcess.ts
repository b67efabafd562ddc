import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineJob, EngineResult } from './measureEngine';

/** The measuring process running, if any, so a signal can stop it. */
let running: ReturnType<typeof spawn> | undefined;

/**
 * Runs {@link measureEngine} in a new node process (engineProcess.ts, with --expose-gc and this
 * process's node options, so it works from dist/ and from the TypeScript sources alike) and
 * gives its result.
 * @param job where the data is and how to load it
 * @returns the engine's figures
 * @throws {Error} when the process fails (its stderr is this process's)
 * @example const result = await runEngineProcess({ location, plan, pageSizes: [10] })
 */
export async function runEngineProcess(job: EngineJob): Promise<EngineResult> {
  const resultFile = path.join(os.tmpdir(), `bench-engine-${process.pid}-${job.location.engine}.json`);
  const script = path.join(__dirname, `engineProcess${path.extname(__filename)}`);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      running = spawn(process.execPath, [...process.execArgv, '--expose-gc', script, JSON.stringify(job), resultFile], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      running.once('error', reject);
      running.once('exit', (exitCode) => resolve(exitCode));
    });
    running = undefined;
    if (code !== 0) throw new Error(`measuring ${job.location.engine} failed (exit ${code})`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as EngineResult;
  } finally {
    rmSync(resultFile, { force: true });
  }
}

/**
 * Stops the measuring process, if one runs, and lets it clean up.
 * @example process.once('SIGINT', stopEngineProcess)
 */
export function stopEngineProcess(): void {
  running?.kill('SIGTERM');
}
